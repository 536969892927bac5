// A card's running spending totals per UTC window (docs/card-spending.md "Spending controls"):
// the day, the calendar month and all time, keyed by the authorization's approval time. Every
// change to what an authorization counts (approval, clear, reversal, refund, expiry, a cancel's
// reversal) adds its difference here in the same transaction, under the card asset's row lock
// that every such change takes first, so a decision reads three rows and never the card's history.
import type { DatabaseHandle } from '@/lib/db/open';
import type { Executor } from '../context';
import { SPEND_ADD_TOTALS, SPEND_TOTALS_NOW, spendRows } from './spend-statements';

export type WindowKeys = { day: string; month: string; allTime: 'ALL' };

/** The windows a moment falls in: 'D2026-11-25', 'M2026-11', 'ALL'. */
export function windowsOf(at: Date): WindowKeys {
  const iso = at.toISOString();
  return { day: `D${iso.slice(0, 10)}`, month: `M${iso.slice(0, 7)}`, allTime: 'ALL' };
}

/** When each window that holds `now` starts again (UTC). */
export function windowResets(now: Date): { day: Date; month: Date } {
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth();
  return {
    day: new Date(Date.UTC(y, m, now.getUTCDate() + 1)),
    month: new Date(Date.UTC(y, m + 1, 1)),
  };
}

/** What the card has spent in the windows that hold `now`, minor units. */
export async function spentNow(
  db: Executor,
  cardId: number,
  now: Date,
  engine?: DatabaseHandle,
): Promise<{ day: number; month: number; allTime: number }> {
  const keys = windowsOf(now);
  const rows = await spendRows<{ window: string; amount: string | number }>(db, engine, SPEND_TOTALS_NOW, [
    cardId,
    keys.day,
    keys.month,
  ]);
  const of = (key: string) => Number(rows.find((r) => r.window === key)?.amount ?? 0);
  return { day: of(keys.day), month: of(keys.month), allTime: of('ALL') };
}

/** Adds `delta` (minor units, may be negative) to the three windows of `approvedAt`. */
export async function addToTotals(
  db: Executor,
  cardId: number,
  approvedAt: Date,
  delta: number,
  engine?: DatabaseHandle,
): Promise<void> {
  if (delta === 0) return;
  const keys = windowsOf(approvedAt);
  await spendRows(db, engine, SPEND_ADD_TOTALS, [cardId, keys.day, keys.month, delta]);
}
