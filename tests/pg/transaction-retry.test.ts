// A transaction PostgreSQL aborts to break a deadlock is run again by runOnce, on PostgreSQL for
// real: two calls that lock the same two rows in opposite orders deadlock; the database aborts
// one, runOnce runs it again, and both complete, each requestId once. Other failures are not
// retried, and a conflict that keeps coming back is given up after TRANSACTION_ATTEMPTS.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { idempotencyKeys, apps } from '@/lib/wallet/service/db/schema';
import { runOnce, TRANSACTION_ATTEMPTS } from '@/lib/wallet/service/request/idempotency';
import { createFreshPgDatabase } from '../helpers/pg';
import { createPostgresTestDatabase, TEST_AGENCY, type TestDatabase } from '../helpers/wallet-db';

let pgDb: { url: string; drop(): Promise<void> };
let db: TestDatabase;
let appKey: number;

beforeAll(async () => {
  pgDb = await createFreshPgDatabase();
  db = await createPostgresTestDatabase(pgDb.url, 6);
  appKey = (await db.db.select({ id: apps.id }).from(apps).where(eq(apps.appId, TEST_AGENCY.appId)))[0]!.id;
});

afterAll(async () => {
  await db?.close();
  await pgDb?.drop();
});

/** Resolves once `count` callers have arrived. */
function barrier(count: number) {
  let arrived = 0;
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return () => {
    if (++arrived === count) open();
    return opened;
  };
}

it('runs the deadlock victim again: both calls complete, each requestId once', async () => {
  const [first, second] = [db.agencyAssetId, db.otherAgencyAssetId];
  const bothHoldTheirFirstRow = barrier(2);
  const attempts = { a: 0, b: 0 };
  const retries: [string, number][] = [];
  const lockBoth = (name: 'a' | 'b', order: [number, number]) =>
    runOnce({
      db: db.db,
      engine: db,
      appKey,
      operation: 'deadlockTest',
      requestId: `deadlock-${name}`,
      fingerprint: name,
      onRetry: (code, attempt) => retries.push([code, attempt]),
      work: async (tx) => {
        attempts[name]++;
        await tx.execute(sql`select id from wallet.assets where id = ${order[0]} for update`);
        // Only the first attempts meet here; a retried victim goes straight on.
        if (attempts[name] === 1) await bothHoldTheirFirstRow();
        await tx.execute(sql`select id from wallet.assets where id = ${order[1]} for update`);
        return { name, attempt: attempts[name] };
      },
    });

  const answers = await Promise.all([lockBoth('a', [first, second]), lockBoth('b', [second, first])]);

  // PostgreSQL aborted exactly one of them (40P01); it ran a second time and completed.
  expect(retries).toEqual([['40P01', 1]]);
  expect(attempts.a + attempts.b).toBe(3);
  expect(answers.map((a) => JSON.parse(a) as { name: string }).map((a) => a.name)).toEqual(['a', 'b']);
  const stored = await db.db
    .select({ requestId: idempotencyKeys.requestId, response: idempotencyKeys.response })
    .from(idempotencyKeys)
    .where(eq(idempotencyKeys.operation, 'deadlockTest'))
    .orderBy(idempotencyKeys.requestId);
  expect(stored).toEqual([
    { requestId: 'deadlock-a', response: answers[0] },
    { requestId: 'deadlock-b', response: answers[1] },
  ]);
});

it(`gives up after ${TRANSACTION_ATTEMPTS} aborts, and never retries another failure`, async () => {
  const aborted = Object.assign(new Error('could not serialize access'), { code: '40001' });
  let calls = 0;
  await expect(
    runOnce({
      db: db.db,
      engine: db,
      appKey,
      operation: 'abortTest',
      requestId: 'always-aborted',
      fingerprint: 'x',
      work: async () => {
        calls++;
        throw aborted;
      },
    }),
  ).rejects.toBe(aborted);
  expect(calls).toBe(TRANSACTION_ATTEMPTS);

  const broken = Object.assign(new Error('check violation'), { code: '23514' });
  calls = 0;
  await expect(
    runOnce({
      db: db.db,
      engine: db,
      appKey,
      operation: 'abortTest',
      requestId: undefined,
      fingerprint: 'y',
      work: async () => {
        calls++;
        throw broken;
      },
    }),
  ).rejects.toBe(broken);
  expect(calls).toBe(1);
  // Nothing was kept of either: a failed call changed nothing and can be sent again.
  expect(
    await db.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.operation, 'abortTest')),
  ).toEqual([]);
});
