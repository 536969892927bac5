// The app's authorizations summed per day (docs/card-spending.md "Summary"), for
// authorization/summary: every state change of an authorization (approval, decline, clear,
// reversal, expiry, refund, a cancel's reversals) moves what it counts from the row of its old
// state to the row of its new one, keyed (app, UTC day of createdAt, currency, decimal places,
// status, declineReason, card id % 8), in the transaction that makes the change, with ONE upsert
// statement (a multi-row VALUES for a status move). The rows of one statement are merged by key
// and sorted, so two transactions always lock shared rows in the same order and never deadlock on
// them; the shard keeps authorizations of different cards from queueing on one row.
import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '@/lib/db/open';
import type { Executor } from '../context';
import { authorizationDayTotals } from '../db/schema';
import { spendRows, type SpendStatement } from './spend-statements';

/** How many rows one (app, day, currency, status, declineReason) is spread over. */
export const SUMMARY_SHARDS = 8;

/** Where an authorization is counted: fixed for its life. */
export type SummaryPlace = {
  appId: number;
  cardId: number;
  createdAt: Date;
  currency: string;
  decimalPlaces: number;
};

/** What an authorization counts at one moment (minor units). */
export type SummaryState = {
  status: string;
  declineReason: string | null;
  amount: number;
  held: number;
  cleared: number;
  refunded: number;
};

export type SummaryDelta = {
  appId: number;
  day: string;
  currency: string;
  decimalPlaces: number;
  status: string;
  declineReason: string;
  shard: number;
  count: number;
  amount: number;
  held: number;
  cleared: number;
  refunded: number;
};

/** The UTC day (yyyy-MM-dd) an authorization created at `at` is counted on. */
export function summaryDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

function rowOf(place: SummaryPlace, state: SummaryState, sign: 1 | -1): SummaryDelta {
  const signed = (v: number) => (v === 0 ? 0 : sign * v);
  return {
    appId: place.appId,
    day: summaryDay(place.createdAt),
    currency: place.currency,
    decimalPlaces: place.decimalPlaces,
    status: state.status,
    declineReason: state.declineReason ?? '',
    shard: place.cardId % SUMMARY_SHARDS,
    count: sign,
    // A declined authorization counts, but no amount (its currency may not be the card's).
    amount: state.status === 'DECLINED' ? 0 : signed(state.amount),
    held: signed(state.held),
    cleared: signed(state.cleared),
    refunded: signed(state.refunded),
  };
}

/** The rows a change from `before` (null: a new authorization) to `after` adds to. */
export function summaryDeltas(
  place: SummaryPlace,
  before: SummaryState | null,
  after: SummaryState,
): SummaryDelta[] {
  const rows = [rowOf(place, after, 1)];
  if (before) rows.push(rowOf(place, before, -1));
  return rows;
}

function keyOf(d: SummaryDelta): string {
  return [d.appId, d.day, d.currency, d.decimalPlaces, d.status, d.declineReason, d.shard].join('\u0000');
}

/** Deltas of one key added together, rows that change nothing dropped, in the one lock order. */
export function mergeDeltas(deltas: SummaryDelta[]): SummaryDelta[] {
  const byKey = new Map<string, SummaryDelta>();
  for (const d of deltas) {
    const key = keyOf(d);
    const seen = byKey.get(key);
    if (!seen) byKey.set(key, { ...d });
    else {
      seen.count += d.count;
      seen.amount += d.amount;
      seen.held += d.held;
      seen.cleared += d.cleared;
      seen.refunded += d.refunded;
    }
  }
  return [...byKey.entries()]
    .filter(([, d]) => d.count !== 0 || d.amount !== 0 || d.held !== 0 || d.cleared !== 0 || d.refunded !== 0)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([, d]) => d);
}

/**
 * The upsert of `rows` summary rows, as a named statement per row count (simulate/authorize's
 * one row, a status move's two): $1..$12 the first row's key and deltas, $13.. the next row's.
 */
export function summaryUpsert(rows: number): SpendStatement {
  const values = Array.from({ length: rows }, (_, r) => {
    const $ = (i: number) => `$${r * 12 + i}`;
    return `(${$(1)}, ${$(2)}::date, ${$(3)}, ${$(4)}, ${$(5)}, ${$(6)}, ${$(7)}, ${$(8)}, ${$(9)}, ${$(10)}, ${$(11)}, ${$(12)})`;
  });
  return {
    name: `wallet_summary_upsert_${rows}`,
    text: `insert into wallet.authorization_day_totals (app_id, day, currency, decimal_places, status, decline_reason, shard,
  count, amount, held, cleared, refunded)
values ${values.join(', ')}
on conflict (app_id, day, currency, decimal_places, status, decline_reason, shard) do update
   set count = wallet.authorization_day_totals.count + excluded.count,
       amount = wallet.authorization_day_totals.amount + excluded.amount,
       held = wallet.authorization_day_totals.held + excluded.held,
       cleared = wallet.authorization_day_totals.cleared + excluded.cleared,
       refunded = wallet.authorization_day_totals.refunded + excluded.refunded`,
  };
}

/** The upsert's values for `rows` (merged), in its placeholders' order. */
export function summaryUpsertValues(rows: SummaryDelta[]): unknown[] {
  return rows.flatMap((d) => [
    d.appId,
    d.day,
    d.currency,
    d.decimalPlaces,
    d.status,
    d.declineReason,
    d.shard,
    d.count,
    d.amount,
    d.held,
    d.cleared,
    d.refunded,
  ]);
}

/**
 * Adds the deltas to the totals: one statement, or none when they cancel out. With the engine
 * (an operation's handler) it runs as a named prepared statement (spend-statements.ts).
 */
export async function writeSummaryDeltas(
  db: Executor,
  deltas: SummaryDelta[],
  engine?: DatabaseHandle,
): Promise<void> {
  const rows = mergeDeltas(deltas);
  if (rows.length === 0) return;
  await spendRows(db, engine, summaryUpsert(rows.length), summaryUpsertValues(rows));
}

/** An authorization row's place and state, for the callers that hold one. */
export function placeOfRow(row: {
  app_id: number;
  card_id: number;
  created_at: Date;
  currency: string;
  decimal_places: number;
}): SummaryPlace {
  return {
    appId: row.app_id,
    cardId: row.card_id,
    createdAt: row.created_at,
    currency: row.currency,
    decimalPlaces: row.decimal_places,
  };
}

export function stateOfRow(row: {
  status: string;
  decline_reason: string | null;
  amount: number;
  held: number;
  cleared: number;
  refunded: number;
}): SummaryState {
  return {
    status: row.status,
    declineReason: row.decline_reason,
    amount: row.amount,
    held: row.held,
    cleared: row.cleared,
    refunded: row.refunded,
  };
}

/** One authorization's change, written with its one statement. */
export async function moveInSummary(
  db: Executor,
  place: SummaryPlace,
  before: SummaryState | null,
  after: SummaryState,
  engine?: DatabaseHandle,
): Promise<void> {
  await writeSummaryDeltas(db, summaryDeltas(place, before, after), engine);
}

/**
 * The totals summed again from the authorizations themselves, in one statement pair: what the
 * migration did for the rows before it, for a seeder that wrote authorizations directly (a
 * benchmark's millions) or a check. Not for a live service: it reads every authorization.
 */
export async function rebuildSummaryTotals(db: Executor): Promise<void> {
  await db.execute(sql`delete from ${authorizationDayTotals}`);
  await db.execute(sql`
    insert into ${authorizationDayTotals} (app_id, day, currency, decimal_places, status, decline_reason, shard,
                                           count, amount, held, cleared, refunded)
    select a.app_id, (a.created_at at time zone 'UTC')::date, a.currency, s.decimal_places, a.status,
           coalesce(a.decline_reason, ''), a.card_id % ${SUMMARY_SHARDS}, count(*),
           sum(case when a.status = 'DECLINED' then 0 else a.amount end), sum(a.held), sum(a.cleared), sum(a.refunded)
      from wallet.authorizations a
      join wallet.assets s on s.id = a.card_asset_id
     group by 1, 2, 3, 4, 5, 6, 7`);
}
