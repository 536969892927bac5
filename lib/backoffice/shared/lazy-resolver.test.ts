import type { ResolverOptions } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { lazyZodResolver } from './lazy-resolver';

const schema = z.object({ name: z.string().trim().min(1, 'Enter a name') });
type Values = z.input<typeof schema>;
const options = {
  fields: {},
  shouldUseNativeValidation: false,
} as unknown as ResolverOptions<Values>;

describe('lazyZodResolver', () => {
  it('validates with the schema once loaded, loading it once for every validation', async () => {
    const load = vi.fn(async () => schema);
    const resolver = lazyZodResolver(load);
    expect(load).not.toHaveBeenCalled();
    expect(await resolver({ name: ' Ada ' }, undefined, options)).toEqual({
      values: { name: 'Ada' },
      errors: {},
    });
    const refused = await resolver({ name: ' ' }, undefined, options);
    expect(refused.values).toEqual({});
    expect(refused.errors).toMatchObject({ name: { message: 'Enter a name', type: 'too_small' } });
    await resolver.preload();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries the load again after a failed one, instead of failing every validation after it', async () => {
    const load = vi
      .fn<() => Promise<typeof schema>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue(schema);
    const resolver = lazyZodResolver(load);
    await expect(resolver.preload()).rejects.toThrow('offline');
    expect(await resolver({ name: 'Ada' }, undefined, options)).toEqual({
      values: { name: 'Ada' },
      errors: {},
    });
    expect(load).toHaveBeenCalledTimes(2);
  });
});
