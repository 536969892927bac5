// The half-way state of a two-factor sign-in on the sign-in form (lib/backoffice/auth/two-factor-pending.ts),
// through the form's own server action called in-process as the hydrated form calls it: the
// password step leaves the browser a cookie naming a record on the server, and the code step
// spends that record when it signs in. A copy of the cookie, used again after the sign-in (from
// another address, with the next code and no password) or at the same moment with another valid
// code, signs nobody in (docs/security.md "The back-office").
//
// What only Next.js provides is replaced, and only that: each call's request headers (its socket
// address) and its own cookie jar, as a browser's.
import { AsyncLocalStorage } from 'node:async_hooks';
import { count, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { BackofficeDatabase } from '@/lib/backoffice/db';
import { signInPending } from '@/lib/backoffice/db/schema';
import { PEER_ADDRESS_HEADER } from '@/lib/backoffice/auth/peer-address';
import {
  confirmEnrolment,
  pendingSecret,
  startEnrolment,
  totpCodeAt,
} from '@/lib/backoffice/auth/two-factor';
import { signInWithPassword, type SignInState } from '@/lib/backoffice/auth/sign-in-actions';
import { createStaffAccount } from '@/lib/backoffice/staff/create-staff-account';
import { createTestDatabase } from '../helpers/wallet-db';

type Browser = { address: string; cookies: Map<string, string> };

const requests = vi.hoisted(() => ({ current: undefined as (() => Browser | undefined) | undefined }));

vi.mock('next/headers', () => {
  const browser = () => {
    const current = requests.current?.();
    if (!current) throw new Error('next/headers used outside a call of this test');
    return current;
  };
  return {
    headers: async () => new Headers({ [PEER_ADDRESS_HEADER]: browser().address }),
    cookies: async () => {
      const { cookies } = browser();
      return {
        get: (name: string) => (cookies.has(name) ? { name, value: cookies.get(name)! } : undefined),
        getAll: () => [...cookies].map(([name, value]) => ({ name, value })),
        has: (name: string) => cookies.has(name),
        set: (name: string, value: string) => void cookies.set(name, value),
        delete: (name: string) => void cookies.delete(name),
      };
    },
  };
});

const calls = new AsyncLocalStorage<Browser>();
requests.current = () => calls.getStore();

const PASSWORD = 'the-right-password-1';
const ADA = 'ada@example.com';
const PENDING_COOKIE = 'card-wallet.two-factor';

let db: BackofficeDatabase;
let secret: string;

beforeEach(async () => {
  db = (await createTestDatabase()).backoffice;
  const { staffId } = await createStaffAccount({
    db,
    email: ADA,
    name: 'Ada',
    role: 'admin',
    password: PASSWORD,
  });
  await startEnrolment(db, staffId);
  secret = (await pendingSecret(db, staffId))!;
  // Enrolled two steps ago, so that the codes of this step and the next are unused.
  const before = Date.now() - 60_000;
  await confirmEnrolment(db, staffId, totpCodeAt(secret, before), before);
}, 120_000);

/** The form's action as the hydrated form calls it, in `browser` (its address and cookie jar). */
async function submit(browser: Browser, input: Record<string, string>): Promise<SignInState | undefined> {
  const result = await calls.run(browser, () => signInWithPassword({}, input));
  if (result?.serverError) throw new Error(`the action failed: ${result.serverError}`);
  return result?.data;
}

const browserAt = (address: string, cookies: Record<string, string> = {}): Browser => ({
  address,
  cookies: new Map(Object.entries(cookies)),
});

describe('the half-way cookie of a two-factor sign-in', () => {
  it('is spent by the sign-in: the same cookie later, from another address, with the next code and no password, signs nobody in', async () => {
    const owner = browserAt('203.0.113.10');
    expect(await submit(owner, { email: ADA, password: PASSWORD })).toEqual({ email: ADA, step: 'code' });
    const halfWay = owner.cookies.get(PENDING_COOKIE);
    expect(halfWay).toBeDefined();
    const now = Date.now();
    expect(await submit(owner, { email: ADA, step: 'code', code: totpCodeAt(secret, now) })).toEqual({
      href: '/start',
    });
    expect(owner.cookies.has(PENDING_COOKIE)).toBe(false);

    const replayer = browserAt('198.51.100.7', { [PENDING_COOKIE]: halfWay! });
    const replay = await submit(replayer, {
      email: ADA,
      step: 'code',
      code: totpCodeAt(secret, now + 30_000),
    });
    expect(replay).toEqual({ email: ADA, error: 'sign-in-expired' });
    expect([...replayer.cookies.keys()].filter((name) => name.includes('session-token'))).toEqual([]);
    // Nothing of it is left on the server.
    expect(await db.select({ n: count() }).from(signInPending)).toEqual([{ n: 0 }]);
  });

  it('used twice at once with two valid codes, makes one sign-in', async () => {
    const owner = browserAt('203.0.113.11');
    await submit(owner, { email: ADA, password: PASSWORD });
    const halfWay = owner.cookies.get(PENDING_COOKIE)!;
    const now = Date.now();
    const outcomes = await Promise.all(
      [now, now + 30_000].map((at, i) =>
        submit(browserAt(`203.0.113.${20 + i}`, { [PENDING_COOKIE]: halfWay }), {
          email: ADA,
          step: 'code',
          code: totpCodeAt(secret, at),
        }),
      ),
    );
    expect(outcomes.filter((o) => o?.href === '/start')).toHaveLength(1);
    // The other is refused: as expired when its code is checked after the winner spent the
    // cookie's record, or as a used code when the winner's later step was taken first (a code is
    // good once, and no older one after it): which, the order of two simultaneous checks decides.
    const refused = outcomes.filter((o) => o?.href !== '/start');
    expect(refused).toHaveLength(1);
    expect(['sign-in-expired', 'invalid-code']).toContain(refused[0]?.error);
  });

  it('is nothing but a name: a forged or unknown one signs nobody in, and a wrong code keeps the real one', async () => {
    const owner = browserAt('203.0.113.12');
    await submit(owner, { email: ADA, password: PASSWORD });
    const forged = browserAt('203.0.113.13', { [PENDING_COOKIE]: 'x'.repeat(43) });
    expect(await submit(forged, { email: ADA, step: 'code', code: totpCodeAt(secret, Date.now()) })).toEqual({
      email: ADA,
      error: 'sign-in-expired',
    });
    const now = Date.now();
    const right = [-60_000, -30_000, 0, 30_000, 60_000].map((d) => totpCodeAt(secret, now + d));
    const wrong = ['000000', '111111', '222222'].find((code) => !right.includes(code))!;
    expect(await submit(owner, { email: ADA, step: 'code', code: wrong })).toMatchObject({
      step: 'code',
      error: 'invalid-code',
    });
    expect(await submit(owner, { email: ADA, step: 'code', code: totpCodeAt(secret, Date.now()) })).toEqual({
      href: '/start',
    });
    const [row] = await db.select({ n: count() }).from(signInPending).where(eq(signInPending.staffId, 1));
    expect(row).toEqual({ n: 0 });
  });
});
