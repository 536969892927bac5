// Crediting an asset with a ledger entry. Deposits are not among the spec's operations; this is
// what operators' scripts, the large-agency seed and the tests use to fund an asset, so that the
// ledger always sums to the balance.
import { eq, sql } from 'drizzle-orm';
import { assets, ledgerEntries } from '@/lib/wallet/service/db/schema';
import type { Executor } from '../context';

export async function creditAsset(options: {
  db: Executor;
  assetId: number;
  amountMinor: number;
  reason?: 'CREDIT' | 'PROVISION';
}): Promise<number> {
  const { db, assetId, amountMinor } = options;
  if (!Number.isSafeInteger(amountMinor) || amountMinor <= 0) {
    throw new RangeError('amountMinor must be a positive safe integer');
  }
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(assets)
      .set({ balance: sql`${assets.balance} + ${amountMinor}` })
      .where(eq(assets.id, assetId))
      .returning({ balance: assets.balance });
    if (!row) throw new Error(`asset ${assetId} not found`);
    await tx.insert(ledgerEntries).values({
      assetId,
      amount: amountMinor,
      balanceAfter: row.balance,
      reason: options.reason ?? 'CREDIT',
    });
    return row.balance;
  });
}
