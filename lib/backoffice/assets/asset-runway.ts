// How long an agency asset lasts at its recent rate of spending: the dashboard's runway. Pure and
// in integer minor units: the wallet's daily totals (asset/daily, major units) are converted once
// with the contract's money helpers, and from there only whole numbers are added, divided with a
// remainder and compared, so no float rounding ever moves a figure by a minor unit.
import { compareAmounts, formatMinor, majorToMinor } from '@/lib/wallet/contract/money';
import type { AssetDay } from '@/lib/wallet/contract/schemas';

/** The windows the dashboard shows a rate for, in days, shortest first. */
export const RUNWAY_WINDOWS = [7, 30] as const;

/** One UTC day of an asset's ledger, in minor units. */
export type RunwayDay = { date: string; spentMinor: number; receivedMinor: number; closingMinor: number };

export type SpendRate = {
  /** The window: the last `days` days, today included. */
  days: number;
  /** Everything spent (card fees, transfers out) in the window. */
  spentMinor: number;
  /** spentMinor / days, rounded up to a whole minor unit (see spendPerDay). */
  perDayMinor: number;
  /** Whole days the balance lasts at perDayMinor: floor(balance / perDay); null when nothing was spent. */
  runwayDays: number | null;
};

export type AssetRunway = {
  balanceMinor: number;
  /** One per RUNWAY_WINDOWS entry, in that order. */
  rates: SpendRate[];
  /** The balance is under the agency's low-balance threshold (never when the threshold is 0). */
  lowBalance: boolean;
};

function safeMinor(value: number, what: string): number {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`${what} must be a non-negative safe integer of minor units`);
  }
  return value;
}

/**
 * a / b rounded down, for non-negative safe integers and b > 0: (a - a % b) / b, every step an
 * exact operation on whole numbers, so the result needs no argument about how a float quotient
 * rounds near 2^53.
 */
function divideDown(a: number, b: number): number {
  return (a - (a % b)) / b;
}

/** The daily rows of asset/daily in minor units of the asset (`decimalPlaces` from its 4.5 record). */
export function toRunwayDays(days: readonly AssetDay[], decimalPlaces: number): RunwayDay[] {
  return days.map((d) => ({
    date: d.date,
    spentMinor: safeMinor(majorToMinor(d.spent, decimalPlaces), 'spent'),
    receivedMinor: safeMinor(majorToMinor(d.received, decimalPlaces), 'received'),
    closingMinor: safeMinor(majorToMinor(d.closingBalance, decimalPlaces), 'closingBalance'),
  }));
}

/**
 * Spend per day over a window: the total divided by the window's length, rounded UP to a whole
 * minor unit. Up, so that any spending at all is a rate of at least one minor unit a day and the
 * runway derived from it is never longer than the real one.
 */
export function spendPerDay(spentMinor: number, days: number): number {
  safeMinor(spentMinor, 'spent');
  if (!Number.isSafeInteger(days) || days <= 0) throw new RangeError('days must be a positive whole number');
  return divideDown(spentMinor, days) + (spentMinor % days === 0 ? 0 : 1);
}

/** Whole days a balance lasts at perDayMinor a day (floor); null when nothing is spent ("no spend"). */
export function runwayAt(balanceMinor: number, perDayMinor: number): number | null {
  safeMinor(balanceMinor, 'balance');
  safeMinor(perDayMinor, 'spend per day');
  return perDayMinor === 0 ? null : divideDown(balanceMinor, perDayMinor);
}

/** The rate over the last `window` days of `days` (oldest first); a day not given spent nothing. */
export function spendRate(days: readonly RunwayDay[], window: number, balanceMinor: number): SpendRate {
  let spentMinor = 0;
  for (const day of days.slice(-window)) {
    spentMinor += safeMinor(day.spentMinor, 'spent');
    if (!Number.isSafeInteger(spentMinor)) throw new RangeError('the total spent is out of range');
  }
  const perDayMinor = spendPerDay(spentMinor, window);
  return { days: window, spentMinor, perDayMinor, runwayDays: runwayAt(balanceMinor, perDayMinor) };
}

/**
 * Whether a balance is under the threshold: a decimal string in major units (the agency's
 * settings, the same number for every currency; '0' never warns), compared exactly by
 * compareAmounts, so a threshold finer than the asset's decimals or past 2^53 minor units is still
 * exact. A threshold that is no decimal warns about nothing.
 */
export function isUnderThreshold(balanceMinor: number, decimalPlaces: number, threshold: string): boolean {
  safeMinor(balanceMinor, 'balance');
  const limit = threshold.trim();
  if (!/^\d+(?:\.\d+)?$/.test(limit) || compareAmounts(limit, '0') === 0) return false;
  return compareAmounts(formatMinor(balanceMinor, decimalPlaces), limit) < 0;
}

export function assetRunway(input: {
  days: readonly RunwayDay[];
  balanceMinor: number;
  decimalPlaces: number;
  lowBalanceThreshold: string;
}): AssetRunway {
  const { days, balanceMinor, decimalPlaces, lowBalanceThreshold } = input;
  return {
    balanceMinor,
    rates: RUNWAY_WINDOWS.map((window) => spendRate(days, window, balanceMinor)),
    lowBalance: isUnderThreshold(balanceMinor, decimalPlaces, lowBalanceThreshold),
  };
}
