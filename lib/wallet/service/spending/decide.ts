// The decision of one authorization by the service's own rules (docs/card-spending.md "Decision
// order"): the first check that fails is the declineReason, or null when every check passes and
// the purchase may be held (then the agency's own decision, when it has an endpoint). Pure: the
// caller reads the card, its controls, its running totals and its available balance (under the
// card asset's row lock when it holds the money), so the same function decides before the agency
// is asked and again under the lock.
import type { DeclineReason } from '@/lib/wallet/contract/enums';

export type Controls = {
  perTransaction: number | null;
  daily: number | null;
  monthly: number | null;
  allTime: number | null;
  blockedMcc: readonly string[];
  blockedCountries: readonly string[];
};

export const NO_CONTROLS: Controls = {
  perTransaction: null,
  daily: null,
  monthly: null,
  allTime: null,
  blockedMcc: [],
  blockedCountries: [],
};

export type DecisionInput = {
  cardStatus: string;
  /** The card's expiry month (01-12) and year (yyyy): valid to the end of that month, UTC. */
  expireMonth: string;
  expireYear: string;
  cardCurrency: string;
  currency: string;
  mcc: string;
  merchantCountry: string;
  /** Minor units. */
  amount: number;
  controls: Controls;
  /** What the card has spent in the current UTC day, calendar month and all time, minor units. */
  spent: { day: number; month: number; allTime: number };
  /** balance - held, minor units. */
  available: number;
  now: Date;
  /** Whether the purchase's CVV is the card's; undefined when it carried none. */
  cvvMatches?: boolean;
  /** Whether the purchase's expiry is the card's; undefined when it carried none. */
  expiryMatches?: boolean;
};

/** Whether a card valid through `month`/`year` has expired at `now` (the first day after, UTC). */
export function cardExpired(expireMonth: string, expireYear: string, now: Date): boolean {
  const month = Number(expireMonth);
  const year = Number(expireYear);
  if (!Number.isInteger(month) || !Number.isInteger(year)) return true;
  return now.getTime() >= Date.UTC(year, month, 1);
}

export function declineReasonOf(input: DecisionInput): DeclineReason | null {
  const { controls, amount, spent } = input;
  if (input.cardStatus !== 'ACTIVE') return 'CARD_NOT_ACTIVE';
  if (cardExpired(input.expireMonth, input.expireYear, input.now)) return 'CARD_EXPIRED';
  if (input.cvvMatches === false) return 'CVV_MISMATCH';
  if (input.expiryMatches === false) return 'EXPIRY_MISMATCH';
  if (input.currency !== input.cardCurrency) return 'CURRENCY_NOT_SUPPORTED';
  if (controls.blockedMcc.includes(input.mcc)) return 'MCC_BLOCKED';
  if (controls.blockedCountries.includes(input.merchantCountry)) return 'COUNTRY_BLOCKED';
  if (controls.perTransaction !== null && amount > controls.perTransaction) return 'LIMIT_PER_TRANSACTION';
  if (controls.daily !== null && spent.day + amount > controls.daily) return 'LIMIT_DAILY';
  if (controls.monthly !== null && spent.month + amount > controls.monthly) return 'LIMIT_MONTHLY';
  if (controls.allTime !== null && spent.allTime + amount > controls.allTime) return 'LIMIT_ALL_TIME';
  if (amount > input.available) return 'INSUFFICIENT_FUNDS';
  return null;
}
