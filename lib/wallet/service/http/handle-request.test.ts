import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ResultCode, WalletError } from '@/lib/wallet/contract/result-codes';
import { DatabaseStalled, validateParams, watched } from './handle-request';

/** A promise and the hands that settle it. */
function pending<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('watched', () => {
  it('answers what the work answers, asking nothing when it ends first', async () => {
    const stalled = vi.fn(async () => true);
    await expect(watched(Promise.resolve('done'), stalled, 60_000)).resolves.toBe('done');
    await expect(watched(Promise.reject(new Error('failed')), stalled, 60_000)).rejects.toThrow('failed');
    expect(stalled).not.toHaveBeenCalled();
  });

  it('asks again while the database answers, and answers the work once it ends', async () => {
    const work = pending<string>();
    let asked = 0;
    const stalled = async () => {
      asked++;
      if (asked === 3) work.resolve('late');
      return false;
    };
    await expect(watched(work.promise, stalled, 1)).resolves.toBe('late');
    expect(asked).toBe(3);
  });

  it('is DatabaseStalled once the database does not answer; the work is left to end on its own', async () => {
    const work = pending<string>();
    const answer = watched(work.promise, async () => true, 1);
    await expect(answer).rejects.toBeInstanceOf(DatabaseStalled);
    // Its later failure is nobody's: no unhandled rejection.
    work.reject(new Error('lost'));
    await new Promise((resolve) => setTimeout(resolve, 5));
  });

  it('fails as the question fails', async () => {
    const work = pending<string>();
    const answer = watched(work.promise, () => Promise.reject(new Error('no ping')), 1);
    await expect(answer).rejects.toThrow('no ping');
    work.resolve('too late');
  });
});

describe('validateParams', () => {
  it('answers an empty query of a schema that takes nothing with {}, parsing it once per schema', () => {
    const schema = z.object({});
    const parse = vi.spyOn(schema, 'safeParse');
    const first = validateParams(schema, Object.create(null) as Record<string, string>);
    const second = validateParams(schema, Object.create(null) as Record<string, string>);
    expect(first).toEqual({});
    expect(second).toEqual({});
    expect(second).not.toBe(first);
    expect(parse).toHaveBeenCalledTimes(1);
    // Anything given is parsed as always (an unknown name is dropped).
    expect(validateParams(schema, { extra: 'x' })).toEqual({});
    expect(parse).toHaveBeenCalledTimes(2);
  });

  it('parses an empty query as always when the schema wants something or fills defaults', () => {
    const needs = z.object({ cardId: z.coerce.number() });
    const empty = Object.create(null) as Record<string, string>;
    expect(() => validateParams(needs, empty)).toThrow(WalletError);
    try {
      validateParams(needs, empty);
    } catch (error) {
      expect((error as WalletError).code).toBe(ResultCode.PARAM_MISSING);
      expect((error as WalletError).details).toEqual({ field: 'cardId' });
    }
    const defaults = z.object({ limit: z.coerce.number().default(10) });
    const first = validateParams(defaults, empty);
    expect(first).toEqual({ limit: 10 });
    expect(validateParams(defaults, empty)).not.toBe(first);
  });
});
