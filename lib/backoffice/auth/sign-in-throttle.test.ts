// The sign-in throttle (lib/backoffice/auth/sign-in-throttle.ts) against a real database: every
// attempt is claimed (counted) before its password is checked, so simultaneous attempts see each
// other; in each scope (an account from one address, an account from anywhere, an address over
// every account, a known device) a few are free, then each further one makes the next attempt
// wait, doubling from 1 s to the scope's cap; a refused attempt counts nothing; a count starts
// again after a quiet window; a right password clears what its own address (or device) spent on
// the account, and gives the address its attempt back, nothing more.
import { and, eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { signInThrottle } from '@/lib/backoffice/db/schema';
import type { BackofficeDatabase as Database } from '@/lib/backoffice/db';
import { resetTestDatabase } from '@/tests/helpers/wallet-db';
import {
  claimAttempt,
  countersOf,
  delayAfter,
  forgiveAttempt,
  recordFailure,
  THROTTLE_RULES,
  THROTTLE_WINDOW_MS,
  type HeardClaim,
  type ThrottleKeys,
  type ThrottleScope,
} from './sign-in-throttle';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const T0 = Date.parse('2026-03-02T09:00:00Z');
let db: Database;

// Each test clones a database: seconds, not milliseconds.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });

// The first reset migrates the file's database: slow once.
beforeAll(async () => {
  await resetTestDatabase();
}, 120_000);

beforeEach(async () => {
  db = (await resetTestDatabase()).backoffice;
}, 120_000);

/** An attempt at `at` that must be heard, its check found wrong at once (a failure). */
async function fail(keys: ThrottleKeys, at: number) {
  const claim = await claimAttempt(db, keys, at);
  if (!claim.heard) throw new Error(`attempt at ${at} refused: wait ${claim.waitMs} ms`);
  await recordFailure(db, keys, claim, at);
}

const SETTLED = { heard: true, holdUntil: null } as const;

/** `times` failures, each made as soon as the throttle hears it; returns the time of the last. */
async function failPaced(times: number, keys: ThrottleKeys, start = T0): Promise<number> {
  let at = start;
  for (let i = 0; i < times; i++) {
    const claim = await claimAttempt(db, keys, at);
    if (claim.heard) {
      await recordFailure(db, keys, claim, at);
    } else {
      at += claim.waitMs;
      await fail(keys, at);
    }
  }
  return at;
}

/** The wait an attempt at `at` is refused with; 0 when it is heard (and then counted, a failure). */
async function waitAt(keys: ThrottleKeys, at: number): Promise<number> {
  const claim = await claimAttempt(db, keys, at);
  if (!claim.heard) return claim.waitMs;
  await recordFailure(db, keys, claim, at);
  return 0;
}

async function count(scope: ThrottleScope, key: string): Promise<number> {
  const [row] = await db
    .select({ failures: signInThrottle.failures })
    .from(signInThrottle)
    .where(and(eq(signInThrottle.scope, scope), eq(signInThrottle.key, key)));
  return row?.failures ?? 0;
}

describe('the numbers (docs/security.md "Sign-in throttle")', () => {
  it('are the documented ones', () => {
    expect(THROTTLE_WINDOW_MS).toBe(15 * MINUTE);
    expect(THROTTLE_RULES).toEqual({
      pair: { free: 3, capMs: 60 * SECOND },
      device: { free: 3, capMs: 60 * SECOND },
      account: { free: 10, capMs: 30 * SECOND },
      address: { free: 20, capMs: 5 * MINUTE },
    });
  });

  it('double from 1 s after the free failures, up to the cap', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 50].map((n) => delayAfter('pair', n) / SECOND)).toEqual([
      0, 0, 0, 1, 2, 4, 8, 16, 32, 60, 60, 60,
    ]);
    expect([10, 11, 12, 13, 14, 15, 16, 100].map((n) => delayAfter('account', n) / SECOND)).toEqual([
      0, 1, 2, 4, 8, 16, 30, 30,
    ]);
    expect([20, 21, 25, 29, 30, 1000].map((n) => delayAfter('address', n) / SECOND)).toEqual([
      0, 1, 16, 256, 300, 300,
    ]);
  });

  it('an attempt is counted per account, address and pair; from a known device, only there', () => {
    expect(countersOf({ account: 'ada@example.com', address: '203.0.113.7' })).toEqual([
      { scope: 'account', key: 'ada@example.com' },
      { scope: 'address', key: '203.0.113.7' },
      { scope: 'pair', key: 'ada@example.com|203.0.113.7' },
    ]);
    expect(countersOf({ account: 'ada@example.com', address: '203.0.113.7', device: 'd1' })).toEqual([
      { scope: 'device', key: 'ada@example.com|d1' },
    ]);
  });
});

describe('one account from one address', () => {
  const keys = { account: 'ada@example.com', address: '203.0.113.7' };

  it('counts each heard attempt in every scope', async () => {
    for (let i = 0; i < 3; i++) await fail(keys, T0);
    expect(await count('pair', 'ada@example.com|203.0.113.7')).toBe(3);
    expect(await count('account', keys.account)).toBe(3);
    expect(await count('address', keys.address)).toBe(3);
  });

  it('3 attempts cost nothing; after the 4th the next waits 1 s, after the 5th 2 s; a refusal counts nothing', async () => {
    for (let i = 0; i < 4; i++) await fail(keys, T0);
    expect(await waitAt(keys, T0)).toBe(1 * SECOND);
    expect(await waitAt(keys, T0 + 400)).toBe(600);
    expect(await count('pair', 'ada@example.com|203.0.113.7')).toBe(4);
    await fail(keys, T0 + SECOND);
    expect(await waitAt(keys, T0 + SECOND)).toBe(2 * SECOND);
  });

  it('a wrong password found after a slow check makes the wait run from the end of the check', async () => {
    for (let i = 0; i < 3; i++) await fail(keys, T0);
    const fourth = await claimAttempt(db, keys, T0);
    expect(fourth).toEqual({ heard: true, holdUntil: new Date(T0 + 60 * SECOND) });
    await recordFailure(db, keys, fourth as HeardClaim, T0 + 3 * SECOND);
    expect(await waitAt(keys, T0 + 3 * SECOND)).toBe(SECOND);
    // It never shortens a wait already set.
    await recordFailure(db, keys, SETTLED, T0 - 10 * SECOND);
    expect(await waitAt(keys, T0 + 3 * SECOND)).toBe(SECOND);
  });

  it('an attempt beyond the free ones holds every other attempt until it is settled, however slow', async () => {
    for (let i = 0; i < 3; i++) await fail(keys, T0);
    const fourth = (await claimAttempt(db, keys, T0)) as HeardClaim;
    // Its 1 s is long over, but its check is not: the next attempt waits (at least a second).
    expect(await claimAttempt(db, keys, T0 + 5 * SECOND)).toEqual({ heard: false, waitMs: SECOND });
    expect(await claimAttempt(db, keys, T0 + 50 * SECOND)).toEqual({ heard: false, waitMs: SECOND });
    await recordFailure(db, keys, fourth, T0 + 50 * SECOND);
    expect(await claimAttempt(db, keys, T0 + 50 * SECOND)).toEqual({ heard: false, waitMs: SECOND });
    expect(await waitAt(keys, T0 + 51 * SECOND)).toBe(0);
  });

  it('a hold whose attempt was never settled (its process died) lapses after a minute', async () => {
    for (let i = 0; i < 4; i++) await claimAttempt(db, keys, T0);
    expect(await waitAt(keys, T0 + 59 * SECOND)).toBe(SECOND);
    expect(await waitAt(keys, T0 + 60 * SECOND)).toBe(0);
  });

  it('40 attempts at once: 4 are heard, 36 refused, and the count is 4', async () => {
    const claims = await Promise.all(Array.from({ length: 40 }, () => claimAttempt(db, keys, T0)));
    expect(claims.filter((c) => c.heard)).toHaveLength(4);
    expect(claims.filter((c) => !c.heard)).toEqual(Array(36).fill({ heard: false, waitMs: SECOND }));
    expect(await count('pair', 'ada@example.com|203.0.113.7')).toBe(4);
  });

  it('the wait is counted from the last failure, and never exceeds 60 s from one address', async () => {
    // Failures 4..9 wait 1, 2, 4, 8, 16 s: the 9th is made 31 s after the first.
    const last = await failPaced(9, keys);
    expect(last).toBe(T0 + 31 * SECOND);
    expect(await waitAt(keys, last + 10 * SECOND)).toBe(22 * SECOND);
    await fail(keys, last + 32 * SECOND);
    // 10 failures: the pair's cap, 60 s (the account's 10 are still free).
    expect(await waitAt(keys, last + 32 * SECOND)).toBe(60 * SECOND);
  });

  it('a count quiet for longer than the window starts again', async () => {
    const last = await failPaced(8, keys);
    expect(await waitAt(keys, last + THROTTLE_WINDOW_MS + SECOND)).toBe(0);
    expect(await count('pair', 'ada@example.com|203.0.113.7')).toBe(1);
  });
});

describe('a stranger cannot lock the owner out', () => {
  const owner = { account: 'ada@example.com', address: '198.51.100.1' };

  it('attempts from another address leave the owner free until the account-wide limit', async () => {
    const stranger = { account: owner.account, address: '192.0.2.66' };
    const last = await failPaced(10, stranger);
    expect(await waitAt(stranger, last)).toBe(60 * SECOND);
    expect(await waitAt(owner, last)).toBe(0);
  });

  it('a guess from many addresses slows the owner by 30 s at most', async () => {
    let at = T0;
    for (let i = 0; i < 40; i++) {
      at = await failPaced(1, { account: owner.account, address: `10.0.0.${i}` }, at);
    }
    expect(await waitAt(owner, at)).toBe(30 * SECOND);
    expect(await waitAt(owner, at + 30 * SECOND)).toBe(0);
  });

  it('another account is not affected at all', async () => {
    await failPaced(19, owner);
    expect(await waitAt({ account: 'bob@example.com', address: '192.0.2.9' }, T0 + 10 * MINUTE)).toBe(0);
  });
});

describe('one address over every account', () => {
  const address = '192.0.2.44';

  it('20 attempts across accounts are free, then the address waits, whatever account it tries', async () => {
    for (let i = 0; i < 20; i++) await fail({ account: `user${i}@example.com`, address }, T0);
    const fresh = { account: 'fresh@example.com', address };
    expect(await waitAt(fresh, T0)).toBe(0);
    expect(await waitAt(fresh, T0)).toBe(1 * SECOND);
    // Another address is not affected.
    expect(await waitAt({ account: 'fresh@example.com', address: '192.0.2.45' }, T0)).toBe(0);
  });
});

describe('a known device (a valid device cookie)', () => {
  const address = '192.0.2.44';
  const device = { account: 'ada@example.com', address, device: 'dev-1' };

  it('is not slowed by its address nor by the account, and its attempts do not count there', async () => {
    const last = await failPaced(12, { account: device.account, address: '192.0.2.99' });
    for (let i = 0; i < 21; i++) await fail({ account: `user${i}@example.com`, address }, last);
    expect(await waitAt({ account: device.account, address }, last)).toBe(2 * SECOND);
    expect(await waitAt(device, last)).toBe(0);
    expect(await count('address', address)).toBe(21);
    expect(await count('device', 'ada@example.com|dev-1')).toBe(1);
  });

  it('is throttled on its own as one address is (3 free, then waits)', async () => {
    for (let i = 0; i < 4; i++) await fail(device, T0);
    expect(await waitAt(device, T0)).toBe(SECOND);
    // Another device of the account is not.
    expect(await waitAt({ ...device, device: 'dev-2' }, T0)).toBe(0);
  });
});

describe('forgiveAttempt (a right password)', () => {
  const keys = { account: 'ada@example.com', address: '203.0.113.7' };

  it('clears what its own address spent on the account, and gives the address this one back; what other addresses and devices spent stays', async () => {
    for (let i = 0; i < 3; i++) await fail(keys, T0);
    await fail({ account: keys.account, address: '192.0.2.1' }, T0);
    await fail({ ...keys, device: 'dev-1' }, T0);
    await fail({ account: 'bob@example.com', address: keys.address }, T0);
    await forgiveAttempt(db, keys, SETTLED);
    expect(await count('pair', 'ada@example.com|203.0.113.7')).toBe(0);
    // 4 on the account, 3 of them from this address.
    expect(await count('account', keys.account)).toBe(1);
    expect(await count('pair', 'ada@example.com|192.0.2.1')).toBe(1);
    expect(await count('device', 'ada@example.com|dev-1')).toBe(1);
    expect(await count('address', keys.address)).toBe(3);
    expect(await count('pair', `bob@example.com|${keys.address}`)).toBe(1);
  });

  it('a success on a known device clears that device alone: the account and the address keep their counts', async () => {
    await fail(keys, T0);
    await fail({ account: keys.account, address: '192.0.2.1' }, T0);
    await fail({ ...keys, device: 'dev-1' }, T0);
    await fail({ ...keys, device: 'dev-2' }, T0);
    await forgiveAttempt(db, { ...keys, device: 'dev-1' }, SETTLED);
    expect(await count('device', 'ada@example.com|dev-1')).toBe(0);
    expect(await count('device', 'ada@example.com|dev-2')).toBe(1);
    expect(await count('account', keys.account)).toBe(2);
    expect(await count('pair', 'ada@example.com|192.0.2.1')).toBe(1);
    expect(await count('address', keys.address)).toBe(1);
  });

  it('the owner signing in from a known device again and again leaves a guesser on other addresses waiting as before', async () => {
    // The guesser has spent the account's 10 free attempts and one more: the next waits 1 s.
    for (let i = 0; i < 11; i++) await fail({ account: keys.account, address: `192.0.2.${i}` }, T0);
    const guesser = { account: keys.account, address: '192.0.2.99' };
    const owner = { ...keys, device: 'dev-1' };
    for (let i = 0; i < 5; i++) {
      const claim = await claimAttempt(db, owner, T0 + i * 100);
      expect(claim.heard).toBe(true);
      await forgiveAttempt(db, owner, claim as HeardClaim);
    }
    expect(await count('account', keys.account)).toBe(11);
    expect(await waitAt(guesser, T0 + 500)).toBe(500);
  });

  it('the address given its attempt back waits as its remaining count says', async () => {
    for (let i = 0; i < 21; i++) await fail({ account: `user${i}@example.com`, address: keys.address }, T0);
    const fresh = { account: 'fresh@example.com', address: keys.address };
    expect(await waitAt(fresh, T0)).toBe(SECOND);
    await forgiveAttempt(db, { account: 'user20@example.com', address: keys.address }, SETTLED);
    expect(await count('address', keys.address)).toBe(20);
    expect(await waitAt(fresh, T0)).toBe(0);
  });

  it('leaves other accounts alone, even ones that start the same', async () => {
    await fail({ account: 'ada@example.com.evil', address: keys.address }, T0);
    await fail({ account: 'a%a@example.com', address: keys.address }, T0);
    await forgiveAttempt(db, keys, SETTLED);
    await forgiveAttempt(db, { account: 'a_a@example.com', address: keys.address }, SETTLED);
    expect(await count('account', 'ada@example.com.evil')).toBe(1);
    expect(await count('pair', `ada@example.com.evil|${keys.address}`)).toBe(1);
    expect(await count('pair', `a%a@example.com|${keys.address}`)).toBe(1);
  });
});
