// asset/ledger (docs/wallet-api.md "Ledgers"): an asset's ledger, newest first. Entries are
// numbered 1..n per asset (the ledger_entries_seq trigger) and the asset row holds n, so page N is
// the index range seq in (n - N*size, n - (N-1)*size]: its cost does not depend on how long the
// ledger is or how deep the page, and no request counts the rows. Filtered by type (the
// back-office's filter), a page is an offset into the (asset, type, seq) index and the total is
// counted on that index: proportional to that type's entries, the price of a filter no counter
// keeps. Every statement is a prepared one of db/statements.ts, as the other frequent reads are.
import type { DatabaseHandle } from '@/lib/db/open';
import { minorToMajor } from '@/lib/wallet/contract/money';
import type { OperationParams } from '@/lib/wallet/contract/operations';
import { ResultCode, WalletError } from '@/lib/wallet/contract/result-codes';
import type { LedgerEntry, LedgerPage } from '@/lib/wallet/contract/schemas';
import type { AuthenticatedApp } from '../context';
import {
  LEDGER_ASSET,
  LEDGER_CARD_HOLDERS,
  LEDGER_PAGE,
  LEDGER_TRANSFER_COUNTERPARTS,
  LEDGER_TYPE_COUNT,
  LEDGER_TYPE_PAGE,
} from '../db/statements';
import { assetLedger } from '@/lib/wallet/contract/operations/asset-ledger';
import { bindHandler } from '../bind-handler';

/** A row of LEDGER_PAGE / LEDGER_TYPE_PAGE: int8 comes back as text on pg, as a number on PGlite. */
type EntryRow = {
  id: string | number;
  amount: string | number;
  balance_after: string | number;
  reason: string;
  card_id: number | null;
  transfer_id: string | number | null;
  created_at: Date | string;
};

type Statement = { name: string; text: string };

export async function listLedger(options: {
  engine: DatabaseHandle;
  app: AuthenticatedApp;
  params: OperationParams<'assetLedger'>;
}): Promise<LedgerPage> {
  const { engine, app, params } = options;
  const run = <T>(statement: Statement, values: unknown[]) =>
    engine.query<T>(statement.text, values, statement.name);
  const [asset] = await run<{ ledger_count: string | number; decimal_places: number }>(LEDGER_ASSET, [
    params.assetId,
    app.id,
  ]);
  if (!asset) {
    throw new WalletError(
      ResultCode.ASSET_NOT_FOUND,
      `Asset ${params.assetId} does not exist under this app.`,
    );
  }
  const { total, rows } =
    params.type === undefined
      ? await pageOfAll(run, params, Number(asset.ledger_count))
      : await pageOfType(run, params, params.type);
  return ledgerPage(
    rows,
    total,
    params,
    asset.decimal_places,
    await counterpartsOf(run, params.assetId, rows),
  );
}

type Run = <T>(statement: Statement, values: unknown[]) => Promise<T[]>;

async function pageOfAll(run: Run, params: OperationParams<'assetLedger'>, total: number) {
  const top = total - (params.pageNum - 1) * params.pageSize;
  const rows = top <= 0 ? [] : await run<EntryRow>(LEDGER_PAGE, [params.assetId, top, top - params.pageSize]);
  return { total, rows };
}

async function pageOfType(run: Run, params: OperationParams<'assetLedger'>, type: LedgerEntry['type']) {
  const [counted] = await run<{ n: string | number }>(LEDGER_TYPE_COUNT, [params.assetId, type]);
  const total = Number(counted?.n ?? 0);
  const offset = (params.pageNum - 1) * params.pageSize;
  const rows =
    offset >= total
      ? []
      : await run<EntryRow>(LEDGER_TYPE_PAGE, [params.assetId, type, params.pageSize, offset]);
  return { total, rows };
}

type Counterpart = { assetId: number | null; appUserId: string | null };

/**
 * The other side of each entry of a page (docs/wallet-api.md "Ledgers"): a transfer's other asset
 * and its owner, a card's holder. Two lookups by primary key for the page's transfers and cards,
 * sent together, never a scan, whatever the ledger's length.
 */
async function counterpartsOf(
  run: Run,
  assetId: number,
  rows: readonly EntryRow[],
): Promise<Map<number, Counterpart>> {
  const transferIds = [
    ...new Set(rows.flatMap((r) => (r.transfer_id === null ? [] : [Number(r.transfer_id)]))),
  ];
  const cardIds = [...new Set(rows.flatMap((r) => (r.card_id === null ? [] : [r.card_id])))];
  type Moved = {
    id: string | number;
    from_asset_id: number;
    to_asset_id: number;
    app_user_id: string | null;
  };
  const [moved, held] = await Promise.all([
    transferIds.length === 0 ? [] : run<Moved>(LEDGER_TRANSFER_COUNTERPARTS, [assetId, transferIds]),
    cardIds.length === 0 ? [] : run<{ id: number; app_user_id: string }>(LEDGER_CARD_HOLDERS, [cardIds]),
  ]);
  const byTransfer = new Map(moved.map((t) => [Number(t.id), t]));
  const byCard = new Map(held.map((c) => [c.id, c.app_user_id]));
  const result = new Map<number, Counterpart>();
  for (const row of rows) {
    const transfer = row.transfer_id === null ? undefined : byTransfer.get(Number(row.transfer_id));
    if (transfer) {
      const otherId = transfer.from_asset_id === assetId ? transfer.to_asset_id : transfer.from_asset_id;
      result.set(Number(row.id), { assetId: otherId, appUserId: transfer.app_user_id ?? null });
    } else if (row.card_id !== null) {
      result.set(Number(row.id), { assetId: null, appUserId: byCard.get(row.card_id) ?? null });
    }
  }
  return result;
}

function ledgerPage(
  rows: readonly EntryRow[],
  total: number,
  params: OperationParams<'assetLedger'>,
  decimalPlaces: number,
  counterparts: ReadonlyMap<number, Counterpart>,
): LedgerPage {
  return {
    dataTotal: total,
    haveNext: params.pageNum * params.pageSize < total,
    list: rows.map((r): LedgerEntry => {
      const entryId = Number(r.id);
      return {
        entryId,
        type: r.reason as LedgerEntry['type'],
        amount: minorToMajor(Number(r.amount), decimalPlaces),
        balanceAfter: minorToMajor(Number(r.balance_after), decimalPlaces),
        cardId: r.card_id,
        transferId: r.transfer_id === null ? null : Number(r.transfer_id),
        counterAssetId: counterparts.get(entryId)?.assetId ?? null,
        counterAppUserId: counterparts.get(entryId)?.appUserId ?? null,
        createdAt: (r.created_at instanceof Date ? r.created_at : new Date(r.created_at)).toISOString(),
      };
    }),
  };
}

/** assetLedger's handler (lib/wallet/contract/operations/asset-ledger.ts). */
export const assetLedgerHandler = bindHandler(assetLedger, listLedger);
