// asset/daily (extension, the back-office dashboard's runway): an asset's money out and in per
// UTC day over the last `days` days, today last, with each day's closing balance.
//
// One statement, so the asset's balance and its days are read from one snapshot: the days are the
// asset's running totals per UTC day (asset_day_totals, kept by triggers in the transaction that
// writes the entries, migration 0032, which also decides what counts as spent and received), read
// through their (asset, day) key: at most `days` rows however many entries a day has
// (docs/architecture.md "Running totals"). Closing balances are then walked back from the balance
// now, in integer minor units: each day's closing balance is the next day's minus that day's net
// change, and before the first entry the balance was 0 because every change of a balance is an
// entry (docs/wallet-api.md "Money").
import { sql, type SQL } from 'drizzle-orm';
import { rawRows } from '@/lib/db/open';
import { minorToMajor } from '@/lib/wallet/contract/money';
import type { OperationParams } from '@/lib/wallet/contract/operations';
import { ResultCode, WalletError } from '@/lib/wallet/contract/result-codes';
import type { AssetDaily } from '@/lib/wallet/contract/schemas';
import type { AuthenticatedApp, Executor } from '../context';
import { assetDayTotals, assets } from '../db/schema';
import { assetDaily } from '@/lib/wallet/contract/operations/asset-daily';
import { bindHandler } from '../bind-handler';

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
 * checks its plan reads the window through the totals' key and never the ledger.
 */
export function dailyTotalsQuery(appKey: number, assetId: number, days: number): SQL {
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
      select t.day, t.spent, t.received, t.net
      from ${assetDayTotals} t
      where t.asset_id = a.id and t.day >= w.first_day
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
