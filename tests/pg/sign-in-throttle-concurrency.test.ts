// The sign-in throttle under real concurrency, on PostgreSQL (docs/security.md "Sign-in
// throttle"): attempts are claimed in a transaction that locks their counters, so 40 claims made
// at once over a pool of connections are 4 heard and 36 refused, and claims that share only some
// counters (one address over many accounts, one account from many addresses) neither deadlock
// nor lose a count.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimAttempt, type ThrottleScope } from '@/lib/backoffice/auth/sign-in-throttle';
import { signInThrottle } from '@/lib/backoffice/db/schema';
import { createFreshPgDatabase } from '../helpers/pg';
import { createPostgresTestDatabase, type TestDatabase } from '../helpers/wallet-db';

let pgDb: { url: string; drop(): Promise<void> };
let db: TestDatabase;
const T0 = Date.parse('2026-03-02T09:00:00Z');

beforeAll(async () => {
  pgDb = await createFreshPgDatabase();
  db = await createPostgresTestDatabase(pgDb.url, 40);
});

afterAll(async () => {
  await db?.close();
  await pgDb?.drop();
});

async function count(scope: ThrottleScope, key: string): Promise<number> {
  const [row] = await db.backoffice
    .select({ failures: signInThrottle.failures })
    .from(signInThrottle)
    .where(and(eq(signInThrottle.scope, scope), eq(signInThrottle.key, key)));
  return row?.failures ?? 0;
}

describe('claims made at the same moment', () => {
  it('40 at one account from one address: 4 heard, 36 refused with the wait', async () => {
    const keys = { account: 'ada@example.com', address: '203.0.113.7' };
    const claims = await Promise.all(Array.from({ length: 40 }, () => claimAttempt(db.backoffice, keys, T0)));
    expect(claims.filter((c) => c.heard)).toHaveLength(4);
    expect(claims.filter((c) => !c.heard)).toEqual(Array(36).fill({ heard: false, waitMs: 1000 }));
    expect(await count('pair', 'ada@example.com|203.0.113.7')).toBe(4);
    expect(await count('account', 'ada@example.com')).toBe(4);
  });

  it('overlapping counters: every heard claim is counted once, with no deadlock', async () => {
    const address = '198.51.100.20';
    const claims = await Promise.all([
      ...Array.from({ length: 15 }, (_, i) =>
        claimAttempt(db.backoffice, { account: `user${i}@example.com`, address }, T0),
      ),
      ...Array.from({ length: 15 }, (_, i) =>
        claimAttempt(db.backoffice, { account: 'bob@example.com', address: `192.0.2.${i}` }, T0),
      ),
      ...Array.from({ length: 5 }, () =>
        claimAttempt(db.backoffice, { account: 'bob@example.com', address }, T0),
      ),
    ]);
    const heard = claims.filter((c) => c.heard).length;
    // The address's 20 free and bob's 10 free (account-wide) are the only limits in play.
    expect(await count('address', address)).toBe(15 + claims.slice(30).filter((c) => c.heard).length);
    expect(await count('account', 'bob@example.com')).toBe(heard - 15);
    expect(await count('account', 'bob@example.com')).toBe(11);
  });
});
