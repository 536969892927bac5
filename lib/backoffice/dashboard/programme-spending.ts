// The dashboard's card spending (docs/back-office.md "Dashboard"): authorization/summary over the
// last 30 UTC days, turned into what the section shows: every day of the window (days without a
// purchase included, oldest first) with the approved and cleared amounts per currency, the
// approval rate and the most frequent decline reasons. Pure.
import type { DeclineReason } from '@/lib/wallet/contract/enums';
import type { AuthorizationSummary } from '@/lib/wallet/contract/schemas';

export const SPENDING_DAYS = 30;
export const TOP_DECLINE_REASONS = 5;

/** The window ending today (UTC): `days` days, both ends included, as yyyy-MM-dd. */
export function spendingWindow(now: Date, days = SPENDING_DAYS): { from: string; to: string } {
  const to = now.toISOString().slice(0, 10);
  const start = new Date(`${to}T00:00:00.000Z`);
  start.setUTCDate(start.getUTCDate() - (days - 1));
  return { from: start.toISOString().slice(0, 10), to };
}

export type SpendingDay = { date: string; count: number; approved: number; cleared: number };

export type CurrencySpending = {
  currency: string;
  approved: number;
  cleared: number;
  days: SpendingDay[];
};

export type ProgrammeSpending = {
  from: string;
  to: string;
  count: number;
  approvedCount: number;
  declinedCount: number;
  approvalRate: number | null;
  /** One per currency that has an approved purchase in the window, by currency code. */
  currencies: CurrencySpending[];
  declineReasons: { declineReason: DeclineReason; count: number }[];
};

/** Every day from `from` to `to`, yyyy-MM-dd. */
function daysBetween(from: string, to: string): string[] {
  const out: string[] = [];
  const d = new Date(`${from}T00:00:00.000Z`);
  while (d.toISOString().slice(0, 10) <= to) {
    out.push(d.toISOString().slice(0, 10));
    d.setUTCDate(d.getUTCDate() + 1);
  }
  return out;
}

export function programmeSpending(
  summary: AuthorizationSummary,
  window: { from: string; to: string },
): ProgrammeSpending {
  const dates = daysBetween(window.from, window.to);
  const byDate = new Map(summary.days.map((d) => [d.date, d]));
  const currencies = summary.amounts.map((total) => ({
    currency: total.currency,
    approved: total.approvedAmount,
    cleared: total.clearedAmount,
    days: dates.map((date) => {
      const day = byDate.get(date);
      const amounts = day?.amounts.find((a) => a.currency === total.currency);
      return {
        date,
        count: day?.count ?? 0,
        approved: amounts?.approvedAmount ?? 0,
        cleared: amounts?.clearedAmount ?? 0,
      };
    }),
  }));
  return {
    ...window,
    count: summary.count,
    approvedCount: summary.approvedCount,
    declinedCount: summary.declinedCount,
    approvalRate: summary.approvalRate,
    currencies,
    declineReasons: summary.declineReasons.slice(0, TOP_DECLINE_REASONS),
  };
}

/** "87.5 %", or "—" when nothing was counted. */
export function rateText(rate: number | null): string {
  return rate === null ? '—' : `${(rate * 100).toFixed(1)} %`;
}
