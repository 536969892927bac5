// A page's own form posted without JavaScript: success goes to the page the change is seen on;
// a refusal back to the form's page with a word for what went wrong, never free text.
import { returnValidationErrors } from 'next-safe-action';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { StaffFacingError } from '@/lib/backoffice/shared/errors';
import { walletErrorFromEnvelope } from '@/lib/backoffice/wallet-client/errors';
import { answerPagePost, pagePostProblemOf } from './page-post';

vi.mock('server-only', () => ({}));
vi.mock('next/navigation', () => ({
  redirect: (to: string) => {
    throw Object.assign(new Error('NEXT_REDIRECT'), { digest: `NEXT_REDIRECT;replace;${to};303;`, to });
  },
}));

const posted = new FormData();
const where = async (run: () => Promise<unknown>) => {
  try {
    await answerPagePost({ clientInput: posted, formPath: '/f', donePath: '/done', run });
  } catch (error) {
    return (error as { to?: string }).to;
  }
  return 'no redirect';
};

describe('answerPagePost', () => {
  it('goes to the page the change is seen on, or back to the form with the field or the code', async () => {
    expect(await where(async () => 1)).toBe('/done');
    const schema = z.object({ amount: z.string() });
    expect(
      await where(async () => returnValidationErrors(schema, { amount: { _errors: ['Enter an amount.'] } })),
    ).toBe('/f?problem=amount');
    expect(await where(async () => Promise.reject(new StaffFacingError('This form was already used.')))).toBe(
      '/f?problem=refused',
    );
    const refused = walletErrorFromEnvelope('assetTransfer', { code: 4001, msg: 'Insufficient balance.' });
    expect(await where(async () => Promise.reject(refused))).toMatch(/^\/f\?code=4001/);
  });

  it('answers a call made from code as the action does', async () => {
    await expect(
      answerPagePost({ clientInput: {}, formPath: '/f', donePath: '/done', run: async () => 7 }),
    ).resolves.toBe(7);
  });

  it('reads back only a word and a four-digit code', () => {
    expect(pagePostProblemOf({ problem: 'amount' })).toEqual({ field: 'amount', code: null });
    expect(pagePostProblemOf({ code: '4001' })).toEqual({ field: null, code: 4001 });
    expect(pagePostProblemOf({ problem: '<script>' })).toBeNull();
    expect(pagePostProblemOf({})).toBeNull();
  });
});
