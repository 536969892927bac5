// asset/daily (extension, the back-office dashboard's runway): an asset's money out and in per
// UTC day over the last `days` days, today last, with each day's closing balance.
//
// One statement, so the asset's balance and its entries are read from one snapshot: the days are
// summed by an aggregate over the (asset, created_at) index's range for the window (migration
// 0010), so the cost follows the window's entries, never the older ones. Closing balances are
// then walked back from the balance now, in integer minor units: each day's closing balance is
// the next day's minus that day's net change, and before the first entry the balance was 0
// because every change of a balance is an entry (docs/wallet-api.md "Money").
import { sql, type SQL } from 'drizzle-orm';
import { rawRows } from '@/lib/db/open';
import { minorToMajor } from '@/lib/wallet/contract/money';
import type { OperationParams } from '@/lib/wallet/contract/operations';
import { ResultCode, WalletError } from '@/lib/wallet/contract/result-codes';
import type { AssetDaily, LedgerEntry } from '@/lib/wallet/contract/schemas';
import type { AuthenticatedApp, Executor } from '../context';
import { assets, ledgerEntries } from '../db/schema';
import { assetDaily } from '@/lib/wallet/contract/operations/asset-daily';
import { bindHandler } from '../bind-handler';

/** Money leaving the asset by spending: card fees, transfers out and card purchases. */
const SPENT: readonly LedgerEntry['type'][] = ['CARD_FEE', 'TRANSFER_OUT', 'CARD_SPEND'];
/**
 * Money reaching the asset. A card's own asset also has a CARD_REFUND going out (its balance
 * back to the wallet on cancellation): not a receipt, and not spending either, so only the
 * entries into the asset count; the closing balance accounts for every entry.
 */
const RECEIVED: readonly LedgerEntry['type'][] = [
  'PROVISION',
  'CREDIT',
  'TRANSFER_IN',
  'CARD_REFUND',
  'MERCHANT_REFUND',
  'DEPOSIT',
];

type Row = {
  currency: string;
  decimal_places: number;
  balance: string | number;
  first_day: string;
  today: string;
  /** null when the window has no entry (the left join's one row). */
  day: string | null;
  spent: string | number | null;
  received: string | number | null;
  net: string | number | null;
};

const DAY_MS = 86_400_000;

/** A bigint or numeric column as a number of minor units; it must be a safe integer. */
function minor(value: string | number | null): number {
  const n = Number(value ?? 0);
  if (!Number.isSafeInteger(n)) throw new RangeError('asset/daily: an amount is out of range');
  return n;
}

/** 'yyyy-MM-dd' plus n days, in UTC. */
function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
}

/**
 * The one statement: the asset (under the app) with its window's totals per UTC day, one row per
 * day that has entries (or one row with a null day when none has). Exported for the test that
 * checks its plan reads the window through the (asset, created_at) index.
 */
export function dailyTotalsQuery(appKey: number, assetId: number, days: number): SQL {
  const list = (types: readonly string[]) =>
    sql.join(
      types.map((t) => sql`${t}`),
      sql`, `,
    );
  // Today is the database's UTC day: the clock that stamps the entries' created_at.
  return sql`
    with w as (
      select (now() at time zone 'UTC')::date - ${days - 1}::int as first_day,
             (now() at time zone 'UTC')::date as today
    )
    select a.currency, a.decimal_places, a.balance,
           w.first_day::text as first_day, w.today::text as today,
           d.day::text as day, d.spent, d.received, d.net
    from ${assets} a
    cross join w
    left join lateral (
      select (l.created_at at time zone 'UTC')::date as day,
             -sum(l.amount) filter (where l.reason in (${list(SPENT)}) and l.amount < 0) as spent,
             sum(l.amount) filter (where l.reason in (${list(RECEIVED)}) and l.amount > 0) as received,
             sum(l.amount) as net
      from ${ledgerEntries} l
      where l.asset_id = a.id
        and l.created_at >= (w.first_day::timestamp at time zone 'UTC')
      group by 1
    ) d on true
    where a.id = ${assetId} and a.app_id = ${appKey}
  `;
}

export async function listDailyTotals(options: {
  db: Executor;
  app: AuthenticatedApp;
  params: OperationParams<'assetDaily'>;
}): Promise<AssetDaily> {
  const { db, app, params } = options;
  const rows = await rawRows<Row>(db, dailyTotalsQuery(app.id, params.assetId, params.days));
  const first = rows[0];
  if (!first) {
    throw new WalletError(
      ResultCode.ASSET_NOT_FOUND,
      `Asset ${params.assetId} does not exist under this app.`,
    );
  }

  const byDay = new Map<string, { spent: number; received: number; net: number }>();
  let netAfterToday = 0;
  for (const r of rows) {
    if (r.day === null) continue;
    // An entry stamped after this statement's clock reading (committed in between) is after today.
    if (r.day > first.today) {
      netAfterToday += minor(r.net);
      continue;
    }
    byDay.set(r.day, { spent: minor(r.spent), received: minor(r.received), net: minor(r.net) });
  }

  const dates = Array.from({ length: params.days }, (_, i) => addDays(first.first_day, i));
  const decimalPlaces = first.decimal_places;
  let closing = minor(first.balance) - netAfterToday;
  const days = new Array<AssetDaily['days'][number]>(dates.length);
  for (let i = dates.length - 1; i >= 0; i--) {
    const date = dates[i]!;
    const totals = byDay.get(date) ?? { spent: 0, received: 0, net: 0 };
    days[i] = {
      date,
      spent: minorToMajor(totals.spent, decimalPlaces),
      received: minorToMajor(totals.received, decimalPlaces),
      closingBalance: minorToMajor(closing, decimalPlaces),
    };
    closing -= totals.net;
  }
  return { assetId: params.assetId, currency: first.currency, days };
}

/** assetDaily's handler (lib/wallet/contract/operations/asset-daily.ts). */
export const assetDailyHandler = bindHandler(assetDaily, listDailyTotals);
