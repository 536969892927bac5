// Moving money between two assets inside the caller's transaction, as a card's refund does it (an
// asset/transfer does the same in two prepared statements: transfer-asset.ts): both rows locked in id order (so two moves in opposite directions
// cannot deadlock), the source debited only if it holds the amount (a balance never goes below
// zero, whatever the concurrency), and one ledger entry on each side. Nothing is written for a
// zero amount: a ledger entry exists for every balance change and only then.
import { sql } from 'drizzle-orm';
import { rawRows } from '@/lib/db/open';
import type { Executor } from '../context';
import { assets, ledgerEntries } from '../db/schema';

export type LedgerType = 'TRANSFER_OUT' | 'TRANSFER_IN' | 'CARD_REFUND';

export type Moved = { fromBalance: number; toBalance: number; amountMinor: number } | { short: number };

export async function moveMoney(options: {
  db: Executor;
  fromAssetId: number;
  toAssetId: number;
  /** Minor units, or 'all': the source's whole balance as it is under the lock (a refund). */
  amountMinor: number | 'all';
  outType: LedgerType;
  inType: LedgerType;
  cardId?: number | null;
}): Promise<Moved> {
  const { db, fromAssetId, toAssetId } = options;
  const locked = await rawRows<{ id: number; balance: string | number }>(
    db,
    sql`select id, balance from ${assets} where id in (${fromAssetId}, ${toAssetId}) order by id for update`,
  );
  const from = locked.find((r) => r.id === fromAssetId);
  const to = locked.find((r) => r.id === toAssetId);
  if (!from || !to) throw new Error('moveMoney: an asset row is missing');
  const fromBefore = Number(from.balance);
  const toBefore = Number(to.balance);
  const amountMinor = options.amountMinor === 'all' ? fromBefore : options.amountMinor;
  if (amountMinor === 0) return { fromBalance: fromBefore, toBalance: toBefore, amountMinor };
  if (fromBefore < amountMinor) return { short: fromBefore };
  const fromBalance = fromBefore - amountMinor;
  const toBalance = toBefore + amountMinor;
  await db.execute(
    sql`update ${assets} set balance = case id when ${fromAssetId} then ${fromBalance}::bigint else ${toBalance}::bigint end
        where id in (${fromAssetId}, ${toAssetId})`,
  );
  const common = { cardId: options.cardId ?? null, transferId: null };
  await db.insert(ledgerEntries).values([
    {
      assetId: fromAssetId,
      amount: -amountMinor,
      balanceAfter: fromBalance,
      reason: options.outType,
      ...common,
    },
    { assetId: toAssetId, amount: amountMinor, balanceAfter: toBalance, reason: options.inType, ...common },
  ]);
  return { fromBalance, toBalance, amountMinor };
}
