// The property tests' cheap snapshot (tests/helpers/wallet-state.ts trackWalletState) must see
// every change walletState sees: otherwise "a refusal changes nothing" could pass unchecked.
import { eq, sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { rawRows } from '@/lib/db/open';
import { assets } from '@/lib/wallet/service/db/schema';
import { createTestDatabase, type TestDatabase } from '../helpers/wallet-db';
import { trackWalletState, walletState } from '../helpers/wallet-state';

let db: TestDatabase;

beforeAll(async () => {
  db = await createTestDatabase();
}, 120_000);

it('answers the last snapshot while nothing is written, and a new one after any write', async () => {
  const tracked = await trackWalletState(db.db);
  const first = await tracked.current();
  expect(first).toEqual(await walletState(db.db));
  expect(await tracked.current()).toBe(first);

  await db.db.update(assets).set({ balance: 12_345 }).where(eq(assets.id, db.agencyAssetId));
  const second = await tracked.current();
  expect(second.balances[db.agencyAssetId]).toBe(12_345);
  expect(second).toEqual(await walletState(db.db));

  // A write that changes no value still takes a new snapshot, equal to the last.
  await rawRows(db.db, sql`UPDATE wallet.assets SET balance = balance WHERE id = ${db.agencyAssetId}`);
  const third = await tracked.current();
  expect(third).not.toBe(second);
  expect(third).toEqual(second);

  // A write rolled back is no write.
  await db.db
    .transaction(async (tx) => {
      await tx.update(assets).set({ balance: 1 }).where(eq(assets.id, db.agencyAssetId));
      throw new Error('rolled back');
    })
    .catch(() => undefined);
  expect(await tracked.current()).toBe(third);
});
