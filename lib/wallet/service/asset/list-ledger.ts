// asset/ledger (docs/wallet-api.md "Ledgers"): an asset's ledger, newest first. Entries are
// numbered 1..n per asset (the ledger_entries_seq trigger) and the asset row holds n, so page N is
// the index range seq in (n - N*size, n - (N-1)*size]: its cost does not depend on how long the
// ledger is or how deep the page, and no request counts the rows. Filtered by type (the
// back-office's filter), a page is an offset into the (asset, type, seq) index and the total is
// counted on that index: proportional to that type's entries, the price of a filter no counter
// keeps.
import { and, count, desc, eq, gt, lte } from 'drizzle-orm';
import { minorToMajor } from '@/lib/wallet/contract/money';
import type { OperationParams } from '@/lib/wallet/contract/operations';
import { ResultCode, WalletError } from '@/lib/wallet/contract/result-codes';
import type { LedgerEntry, LedgerPage } from '@/lib/wallet/contract/schemas';
import type { AuthenticatedApp, Executor } from '../context';
import { assets, ledgerEntries } from '../db/schema';
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
  return ledgerPage(rows, total, params, asset.decimalPlaces);
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
  return ledgerPage(rows, total, params, decimalPlaces);
}

function ledgerPage(
  rows: (typeof ledgerEntries.$inferSelect)[],
  total: number,
  params: OperationParams<'assetLedger'>,
  decimalPlaces: number,
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
      createdAt: r.createdAt.toISOString(),
    })),
  };
}

/** assetLedger's handler (lib/wallet/contract/operations/asset-ledger.ts). */
export const assetLedgerHandler = bindHandler(assetLedger, listLedger);
