// asset/ledger (docs/wallet-api.md "Ledgers"): an asset's ledger, newest first. Entries are
// numbered 1..n per asset (the ledger_entries_seq trigger) and the asset row holds n, so page N is
// the index range seq in (n - N*size, n - (N-1)*size]: its cost does not depend on how long the
// ledger is or how deep the page, and no request counts the rows. Filtered by type (the
// back-office's filter), a page is an offset into the (asset, type, seq) index and the total is
// counted on that index: proportional to that type's entries, the price of a filter no counter
// keeps.
import { and, count, desc, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { minorToMajor } from '@/lib/wallet/contract/money';
import type { OperationParams } from '@/lib/wallet/contract/operations';
import { ResultCode, WalletError } from '@/lib/wallet/contract/result-codes';
import type { LedgerEntry, LedgerPage } from '@/lib/wallet/contract/schemas';
import type { AuthenticatedApp, Executor } from '../context';
import { assets, cards, ledgerEntries, transfers, users } from '../db/schema';
import { assetLedger } from '@/lib/wallet/contract/operations/asset-ledger';
import { bindHandler } from '../bind-handler';

export async function listLedger(options: {
  db: Executor;
  app: AuthenticatedApp;
  params: OperationParams<'assetLedger'>;
}): Promise<LedgerPage> {
  const { db, app, params } = options;
  const [asset] = await db
    .select({ count: assets.ledgerCount, decimalPlaces: assets.decimalPlaces })
    .from(assets)
    .where(and(eq(assets.id, params.assetId), eq(assets.appId, app.id)));
  if (!asset) {
    throw new WalletError(
      ResultCode.ASSET_NOT_FOUND,
      `Asset ${params.assetId} does not exist under this app.`,
    );
  }
  if (params.type !== undefined) return listLedgerOfType(db, params, params.type, asset.decimalPlaces);
  const total = Number(asset.count);
  const top = total - (params.pageNum - 1) * params.pageSize;
  const rows =
    top <= 0
      ? []
      : await db
          .select()
          .from(ledgerEntries)
          .where(
            and(
              eq(ledgerEntries.assetId, params.assetId),
              lte(ledgerEntries.seq, top),
              gt(ledgerEntries.seq, top - params.pageSize),
            ),
          )
          .orderBy(desc(ledgerEntries.seq));
  return ledgerPage(rows, total, params, asset.decimalPlaces, await counterpartsOf(db, params.assetId, rows));
}

type Counterpart = { assetId: number | null; appUserId: string | null };

/**
 * The other side of each entry of a page (docs/wallet-api.md "Ledgers"): a transfer's other asset
 * and its owner, a card's holder. Two lookups by primary key for the page's transfers and cards,
 * never a scan, whatever the ledger's length.
 */
async function counterpartsOf(
  db: Executor,
  assetId: number,
  rows: readonly (typeof ledgerEntries.$inferSelect)[],
): Promise<Map<number, Counterpart>> {
  const transferIds = [...new Set(rows.flatMap((r) => (r.transferId === null ? [] : [r.transferId])))];
  const cardIds = [...new Set(rows.flatMap((r) => (r.cardId === null ? [] : [r.cardId])))];
  const other = alias(assets, 'other_asset');
  const [moved, held] = await Promise.all([
    transferIds.length === 0
      ? []
      : db
          .select({
            id: transfers.id,
            fromAssetId: transfers.fromAssetId,
            toAssetId: transfers.toAssetId,
            appUserId: users.appUserId,
          })
          .from(transfers)
          .innerJoin(
            other,
            sql`${other.id} = case when ${transfers.fromAssetId} = ${assetId} then ${transfers.toAssetId} else ${transfers.fromAssetId} end`,
          )
          .leftJoin(users, eq(users.id, other.userId))
          .where(inArray(transfers.id, transferIds)),
    cardIds.length === 0
      ? []
      : db
          .select({ id: cards.id, appUserId: users.appUserId })
          .from(cards)
          .innerJoin(users, eq(users.id, cards.userId))
          .where(inArray(cards.id, cardIds)),
  ]);
  const byTransfer = new Map(moved.map((t) => [t.id, t]));
  const byCard = new Map(held.map((c) => [c.id, c.appUserId]));
  const result = new Map<number, Counterpart>();
  for (const row of rows) {
    const transfer = row.transferId === null ? undefined : byTransfer.get(row.transferId);
    if (transfer) {
      const otherId = transfer.fromAssetId === assetId ? transfer.toAssetId : transfer.fromAssetId;
      result.set(row.id, { assetId: otherId, appUserId: transfer.appUserId ?? null });
    } else if (row.cardId !== null) {
      result.set(row.id, { assetId: null, appUserId: byCard.get(row.cardId) ?? null });
    }
  }
  return result;
}

async function listLedgerOfType(
  db: Executor,
  params: OperationParams<'assetLedger'>,
  type: LedgerEntry['type'],
  decimalPlaces: number,
): Promise<LedgerPage> {
  const ofType = and(eq(ledgerEntries.assetId, params.assetId), eq(ledgerEntries.reason, type));
  const [counted] = await db.select({ n: count() }).from(ledgerEntries).where(ofType);
  const total = counted?.n ?? 0;
  const offset = (params.pageNum - 1) * params.pageSize;
  const rows =
    offset >= total
      ? []
      : await db
          .select()
          .from(ledgerEntries)
          .where(ofType)
          .orderBy(desc(ledgerEntries.seq))
          .limit(params.pageSize)
          .offset(offset);
  return ledgerPage(rows, total, params, decimalPlaces, await counterpartsOf(db, params.assetId, rows));
}

function ledgerPage(
  rows: (typeof ledgerEntries.$inferSelect)[],
  total: number,
  params: OperationParams<'assetLedger'>,
  decimalPlaces: number,
  counterparts: ReadonlyMap<number, Counterpart>,
): LedgerPage {
  return {
    dataTotal: total,
    haveNext: params.pageNum * params.pageSize < total,
    list: rows.map((r): LedgerEntry => ({
      entryId: r.id,
      type: r.reason as LedgerEntry['type'],
      amount: minorToMajor(r.amount, decimalPlaces),
      balanceAfter: minorToMajor(r.balanceAfter, decimalPlaces),
      cardId: r.cardId,
      transferId: r.transferId,
      counterAssetId: counterparts.get(r.id)?.assetId ?? null,
      counterAppUserId: counterparts.get(r.id)?.appUserId ?? null,
      createdAt: r.createdAt.toISOString(),
    })),
  };
}

/** assetLedger's handler (lib/wallet/contract/operations/asset-ledger.ts). */
export const assetLedgerHandler = bindHandler(assetLedger, listLedger);
