// The sign-in throttle (lib/backoffice/auth/sign-in-throttle.ts) against a real database: in each
// scope (an account from one address, an account from anywhere, an address over every account)
// a few failures are free, then each further one makes the next attempt wait, doubling from 1 s
// to the scope's cap, counted from the last failure; failures older than the window do not
// count; a success forgives the account's failures from every address, not the address's.
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { signInFailures } from '@/lib/backoffice/db/schema';
import type { BackofficeDatabase as Database } from '@/lib/backoffice/db';
import { resetTestDatabase } from '@/tests/helpers/wallet-db';
import {
  clearAccountFailures,
  delayAfter,
  recordFailure,
  THROTTLE_RULES,
  THROTTLE_WINDOW_MS,
  waitBeforeAttempt,
  type ThrottleScope,
} from './sign-in-throttle';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
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

async function fail(times: number, keys: { account: string; address: string }) {
  for (let i = 0; i < times; i++) await recordFailure(db, keys);
}

/** Sets the time of every failure row (all scopes) to `at`. */
async function backdateAll(at: Date) {
  await db.update(signInFailures).set({ createdAt: at });
}

async function rowCount(scope: ThrottleScope, key: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(signInFailures)
    .where(and(eq(signInFailures.scope, scope), eq(signInFailures.key, key)));
  return Number(row?.n ?? 0);
}

describe('the numbers (docs/security.md)', () => {
  it('are the documented ones', () => {
    expect(THROTTLE_WINDOW_MS).toBe(15 * MINUTE);
    expect(THROTTLE_RULES).toEqual({
      pair: { free: 3, capMs: 60 * SECOND },
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
});

describe('one account from one address', () => {
  const keys = { account: 'ada@example.com', address: '203.0.113.7' };

  it('records a row per scope per failure', async () => {
    await fail(3, keys);
    expect(await rowCount('pair', 'ada@example.com|203.0.113.7')).toBe(3);
    expect(await rowCount('account', keys.account)).toBe(3);
    expect(await rowCount('address', keys.address)).toBe(3);
  });

  it('3 failures cost nothing; the 4th makes the next attempt wait 1 s, the 5th 2 s', async () => {
    await fail(3, keys);
    expect(await waitBeforeAttempt(db, keys)).toBe(0);
    const now = Date.now();
    await fail(1, keys);
    await backdateAll(new Date(now));
    expect(await waitBeforeAttempt(db, keys, now)).toBe(1 * SECOND);
    expect(await waitBeforeAttempt(db, keys, now + 400)).toBe(600);
    expect(await waitBeforeAttempt(db, keys, now + SECOND)).toBe(0);
    await fail(1, keys);
    await backdateAll(new Date(now));
    expect(await waitBeforeAttempt(db, keys, now)).toBe(2 * SECOND);
  });

  it('the wait is counted from the last failure, and never exceeds 60 s from one address', async () => {
    const now = Date.now();
    await fail(9, keys);
    await backdateAll(new Date(now - 10 * SECOND));
    // 9 failures: 32 s after the last, 10 s ago.
    expect(await waitBeforeAttempt(db, keys, now)).toBe(22 * SECOND);
    await fail(1, keys);
    await backdateAll(new Date(now));
    // 10 failures: the pair's cap, 60 s (the account's 10 are still free).
    expect(await waitBeforeAttempt(db, keys, now)).toBe(60 * SECOND);
  });

  it('failures older than the window do not count', async () => {
    const now = Date.now();
    await fail(8, keys);
    await backdateAll(new Date(now - THROTTLE_WINDOW_MS - MINUTE));
    expect(await waitBeforeAttempt(db, keys, now)).toBe(0);
  });
});

describe('a stranger cannot lock the owner out', () => {
  const owner = { account: 'ada@example.com', address: '198.51.100.1' };

  it('failures from another address leave the owner free until the account-wide limit', async () => {
    const now = Date.now();
    await fail(10, { account: owner.account, address: '192.0.2.66' });
    await backdateAll(new Date(now));
    // The stranger waits 60 s (their pair's cap); the owner, from their own address, not at all.
    expect(await waitBeforeAttempt(db, { account: owner.account, address: '192.0.2.66' }, now)).toBe(
      60 * SECOND,
    );
    expect(await waitBeforeAttempt(db, owner, now)).toBe(0);
  });

  it('a guess from many addresses slows the owner by 30 s at most', async () => {
    const now = Date.now();
    for (let i = 0; i < 200; i++)
      await recordFailure(db, { account: owner.account, address: `10.0.${i >> 8}.${i & 255}` });
    await backdateAll(new Date(now));
    expect(await waitBeforeAttempt(db, owner, now)).toBe(30 * SECOND);
    expect(await waitBeforeAttempt(db, owner, now + 30 * SECOND)).toBe(0);
  });

  it('another account is not affected at all', async () => {
    await fail(20, owner);
    expect(await waitBeforeAttempt(db, { account: 'bob@example.com', address: '192.0.2.9' })).toBe(0);
  });
});

describe('one address over every account', () => {
  const address = '192.0.2.44';

  it('20 failures across accounts are free, then the address waits, whatever account it tries', async () => {
    const now = Date.now();
    for (let i = 0; i < 20; i++) await recordFailure(db, { account: `user${i}@example.com`, address });
    await backdateAll(new Date(now));
    expect(await waitBeforeAttempt(db, { account: 'fresh@example.com', address }, now)).toBe(0);
    for (let i = 20; i < 25; i++) await recordFailure(db, { account: `user${i}@example.com`, address });
    await backdateAll(new Date(now));
    expect(await waitBeforeAttempt(db, { account: 'fresh@example.com', address }, now)).toBe(16 * SECOND);
    // Another address is not affected.
    expect(await waitBeforeAttempt(db, { account: 'fresh@example.com', address: '192.0.2.45' }, now)).toBe(0);
  });
});

describe('clearAccountFailures (a successful sign-in)', () => {
  const keys = { account: 'ada@example.com', address: '203.0.113.7' };

  it("forgives the account's failures from every address, not the addresses' own counts", async () => {
    await fail(6, keys);
    await fail(2, { account: keys.account, address: '192.0.2.1' });
    await clearAccountFailures(db, keys.account);
    expect(await rowCount('account', keys.account)).toBe(0);
    expect(await rowCount('pair', 'ada@example.com|203.0.113.7')).toBe(0);
    expect(await rowCount('pair', 'ada@example.com|192.0.2.1')).toBe(0);
    expect(await rowCount('address', keys.address)).toBe(6);
    expect(await waitBeforeAttempt(db, keys)).toBe(0);
  });

  it('leaves other accounts alone, even ones that start the same', async () => {
    await fail(5, { account: 'ada@example.com.evil', address: keys.address });
    await fail(5, { account: 'a%a@example.com', address: keys.address });
    await clearAccountFailures(db, 'ada@example.com');
    await clearAccountFailures(db, 'a_a@example.com');
    expect(await rowCount('account', 'ada@example.com.evil')).toBe(5);
    expect(await rowCount('pair', `ada@example.com.evil|${keys.address}`)).toBe(5);
    expect(await rowCount('pair', `a%a@example.com|${keys.address}`)).toBe(5);
  });
});
