// How disputes read to staff and to the caller they are on the phone with (docs/back-office-guide.md
// "Disputes"): each reason as a short label beside the contract's one line a cardholder
// understands (DISPUTE_REASON_WORDS), what opening one will do, each status as a badge, and the
// days left before the network's deadline (dueBy), with the list's order: those due within
// DUE_SOON_DAYS first, soonest first, then the rest newest first. Pure.
import { DISPUTE_STATUS_BADGE } from './dispute-status';

export { DISPUTE_STATUS_BADGE };
import type { Dispute } from '@/lib/wallet/contract/schemas';
import {
  DISPUTE_REASON_WORDS,
  DISPUTE_REASONS,
  type DisputeReason,
  type DisputeStatus,
} from '@/lib/wallet/contract/enums';

/** Each reason's short label, beside the contract's one line a caller understands (DISPUTE_REASON_WORDS). */
const REASON_LABELS: Record<DisputeReason, string> = {
  FRAUDULENT: 'Not made by the cardholder',
  NOT_RECEIVED: 'Never received',
  DUPLICATE: 'Charged twice',
  INCORRECT_AMOUNT: 'Wrong amount',
  CANCELLED_SERVICE: 'Cancelled, still charged',
  OTHER: 'Something else',
};

export const DISPUTE_REASON_TEXT: Record<DisputeReason, { label: string; explain: string }> =
  Object.fromEntries(
    DISPUTE_REASONS.map((r) => [r, { label: REASON_LABELS[r], explain: DISPUTE_REASON_WORDS[r] }]),
  ) as Record<DisputeReason, { label: string; explain: string }>;

/** What opening a dispute of this reason does at once, said before the form is sent. */
export function whatWillHappen(reason: DisputeReason | undefined): string {
  const after =
    'An operator then sends it to the merchant’s bank with the evidence; if the bank gives in, the amount goes back to the card.';
  if (reason === 'FRAUDULENT')
    return `A fraud dispute locks the card now, so no one else can use it. ${after}`;
  if (reason === undefined)
    return `A fraud dispute (not made by the cardholder) locks the card now; any other reason leaves the card as it is. ${after}`;
  return `The card stays as it is. ${after}`;
}

/** The reasons as the form's choices, in the contract's order. */
export const DISPUTE_REASON_OPTIONS = (Object.keys(DISPUTE_REASON_TEXT) as DisputeReason[]).map((value) => ({
  value,
  label: DISPUTE_REASON_TEXT[value].label,
}));

export const DISPUTE_STATUS_OPTIONS = (Object.keys(DISPUTE_STATUS_BADGE) as DisputeStatus[]).map((value) => ({
  value,
  label: DISPUTE_STATUS_BADGE[value].label,
}));

/** Within this many days of dueBy a dispute waiting for staff is "due soon" (the badge, the dashboard). */
export const DUE_SOON_DAYS = 7;

const DAY_MS = 86_400_000;

/** Whole days from now until dueBy, rounded up (due later today: 0 days would say "overdue"). */
export function daysLeft(dueBy: string, now: Date): number {
  return Math.ceil((Date.parse(dueBy) - now.getTime()) / DAY_MS);
}

/** Only an OPEN dispute waits on staff before its deadline; the rest are with the bank or over. */
export function isDueSoon(d: Pick<Dispute, 'status' | 'dueBy'>, now: Date): boolean {
  return d.status === 'OPEN' && daysLeft(d.dueBy, now) <= DUE_SOON_DAYS;
}

/** "3 days left", "1 day left", "due today", "past its deadline"; for an OPEN dispute only. */
export function daysLeftText(d: Pick<Dispute, 'status' | 'dueBy'>, now: Date): string | null {
  if (d.status !== 'OPEN') return null;
  const days = daysLeft(d.dueBy, now);
  if (days < 0) return 'Past its deadline';
  if (days === 0) return 'Due today';
  return days === 1 ? '1 day left' : `${days} days left`;
}

/**
 * The list's order: those due within DUE_SOON_DAYS first, the soonest deadline first; then the
 * rest in the order given (the wallet's, newest first). Stable, and a new array.
 */
export function dueSoonFirst<T extends Pick<Dispute, 'status' | 'dueBy'>>(
  list: readonly T[],
  now: Date,
): T[] {
  const soon = list
    .filter((d) => isDueSoon(d, now))
    .sort((a, b) => Date.parse(a.dueBy) - Date.parse(b.dueBy));
  return [...soon, ...list.filter((d) => !isDueSoon(d, now))];
}
