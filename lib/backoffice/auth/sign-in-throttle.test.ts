// The sign-in throttle (lib/backoffice/auth/sign-in-throttle.ts) against a real database: five
// failures of an account in 15 minutes lock it, with the wait until the oldest failure ages out;
// twenty failures from one address lock every account from there; a success forgives the
// account's failures but not the address's.
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { signInFailures } from '@/lib/backoffice/db/schema';
import type { BackofficeDatabase as Database } from '@/lib/backoffice/db';
import { createTestDatabase } from '@/tests/helpers/wallet-db';
import {
  clearAccountFailures,
  lockedFor,
  MAX_ACCOUNT_FAILURES,
  MAX_ADDRESS_FAILURES,
  recordFailure,
  THROTTLE_WINDOW_MS,
} from './sign-in-throttle';

const MINUTE = 60_000;
let db: Database;

// Each test clones a database and hashes passwords (scrypt): seconds, not milliseconds.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });

// The first database migrates the template every later one is cloned from: slow once.
beforeAll(async () => {
  await createTestDatabase();
}, 120_000);

beforeEach(async () => {
  db = (await createTestDatabase()).backoffice;
}, 120_000);

async function fail(times: number, keys: { account: string; address: string }) {
  for (let i = 0; i < times; i++) await recordFailure(db, keys);
}

/** Sets the time of every failure row of a key (oldest first when `times` is a list). */
async function backdate(scope: 'account' | 'address', key: string, at: Date | Date[]) {
  const rows = await db
    .select({ id: signInFailures.id })
    .from(signInFailures)
    .where(and(eq(signInFailures.scope, scope), eq(signInFailures.key, key)))
    .orderBy(signInFailures.id);
  for (const [i, row] of rows.entries()) {
    const when = Array.isArray(at) ? at[i] : at;
    if (when) await db.update(signInFailures).set({ createdAt: when }).where(eq(signInFailures.id, row.id));
  }
}

async function rowCount(scope: 'account' | 'address', key: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(signInFailures)
    .where(and(eq(signInFailures.scope, scope), eq(signInFailures.key, key)));
  return Number(row?.n ?? 0);
}

describe('per account', () => {
  const keys = { account: 'ada@example.com', address: '203.0.113.7' };

  it('uses the documented limits', () => {
    expect(MAX_ACCOUNT_FAILURES).toBe(5);
    expect(MAX_ADDRESS_FAILURES).toBe(20);
    expect(THROTTLE_WINDOW_MS).toBe(15 * MINUTE);
  });

  it('records one row for the account and one for the address per failure', async () => {
    await fail(3, keys);
    expect(await rowCount('account', keys.account)).toBe(3);
    expect(await rowCount('address', keys.address)).toBe(3);
  });

  it('is not locked after 4 failures', async () => {
    expect(await lockedFor(db, keys)).toBe(0);
    await fail(4, keys);
    expect(await lockedFor(db, keys)).toBe(0);
  });

  it('is locked after 5, for about the whole window when they just happened', async () => {
    await fail(5, keys);
    const wait = await lockedFor(db, keys);
    expect(wait).toBeGreaterThan(THROTTLE_WINDOW_MS - MINUTE);
    expect(wait).toBeLessThanOrEqual(THROTTLE_WINDOW_MS);
  });

  it('waits until the oldest failure in the window ages out', async () => {
    const now = Date.now();
    await fail(5, keys);
    // The oldest failure 10 minutes ago, the others since: 5 minutes to wait.
    await backdate('account', keys.account, [
      new Date(now - 10 * MINUTE),
      new Date(now - 8 * MINUTE),
      new Date(now - 6 * MINUTE),
      new Date(now - 4 * MINUTE),
      new Date(now - 2 * MINUTE),
    ]);
    expect(await lockedFor(db, keys, now)).toBe(5 * MINUTE);
    // A minute later, 4 minutes; once the oldest is out of the window, not locked at all.
    expect(await lockedFor(db, keys, now + MINUTE)).toBe(4 * MINUTE);
    expect(await lockedFor(db, keys, now + 5 * MINUTE)).toBe(0);
  });

  it('does not count failures older than the window', async () => {
    const now = Date.now();
    await fail(5, keys);
    await backdate('account', keys.account, new Date(now - THROTTLE_WINDOW_MS - MINUTE));
    expect(await lockedFor(db, keys, now)).toBe(0);
    // Four fresh failures on top of five old ones: still not locked.
    await fail(4, keys);
    expect(await lockedFor(db, keys)).toBe(0);
    await fail(1, keys);
    expect(await lockedFor(db, keys)).toBeGreaterThan(0);
  });

  it('locks one account only: another account from another address is free', async () => {
    await fail(5, keys);
    expect(await lockedFor(db, { account: 'bob@example.com', address: '198.51.100.1' })).toBe(0);
    // The same account from another address is still locked (the lock is the account's).
    expect(await lockedFor(db, { account: keys.account, address: '198.51.100.1' })).toBeGreaterThan(0);
  });

  it('clearAccountFailures forgives the account, not the address', async () => {
    await fail(5, keys);
    await clearAccountFailures(db, keys.account);
    expect(await rowCount('account', keys.account)).toBe(0);
    expect(await rowCount('address', keys.address)).toBe(5);
    expect(await lockedFor(db, keys)).toBe(0);
  });

  it('clearAccountFailures leaves other accounts alone', async () => {
    await fail(5, { account: 'bob@example.com', address: keys.address });
    await fail(2, keys);
    await clearAccountFailures(db, keys.account);
    expect(await rowCount('account', 'bob@example.com')).toBe(5);
    expect(await lockedFor(db, { account: 'bob@example.com', address: '198.51.100.9' })).toBeGreaterThan(0);
  });
});

describe('per address', () => {
  const address = '192.0.2.44';

  it('locks every account from an address after 20 failures across accounts', async () => {
    // 19 failures spread over accounts that never reach their own limit: not locked.
    for (let i = 0; i < 19; i++)
      await recordFailure(db, { account: `user${i % 5}-${i}@example.com`, address });
    expect(await lockedFor(db, { account: 'fresh@example.com', address })).toBe(0);
    await recordFailure(db, { account: 'twentieth@example.com', address });
    const wait = await lockedFor(db, { account: 'fresh@example.com', address });
    expect(wait).toBeGreaterThan(THROTTLE_WINDOW_MS - MINUTE);
    // Another address is not affected.
    expect(await lockedFor(db, { account: 'fresh@example.com', address: '192.0.2.45' })).toBe(0);
  });

  it('ages out like the account limit, and a success does not forgive it', async () => {
    const now = Date.now();
    for (let i = 0; i < 20; i++) await recordFailure(db, { account: `a${i}@example.com`, address });
    await backdate('address', address, new Date(now - 3 * MINUTE));
    expect(await lockedFor(db, { account: 'x@example.com', address }, now)).toBe(12 * MINUTE);
    for (let i = 0; i < 20; i++) await clearAccountFailures(db, `a${i}@example.com`);
    expect(await lockedFor(db, { account: 'x@example.com', address }, now)).toBe(12 * MINUTE);
    expect(await lockedFor(db, { account: 'x@example.com', address }, now + 12 * MINUTE)).toBe(0);
  });

  it('reports the longer wait when both the account and the address are locked', async () => {
    const now = Date.now();
    const keys = { account: 'both@example.com', address };
    await fail(5, keys);
    for (let i = 0; i < 15; i++) await recordFailure(db, { account: `o${i}@example.com`, address });
    await backdate('account', keys.account, new Date(now - 10 * MINUTE)); // 5 min left
    await backdate('address', address, new Date(now - 2 * MINUTE)); // 13 min left
    expect(await lockedFor(db, keys, now)).toBe(13 * MINUTE);
  });
});
