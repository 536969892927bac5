// What support may ask an operator or admin to do about a card they cannot change themselves
// (docs/back-office.md "Staff requests"), and the states a request goes through:
//
//   OPEN ─ done (the wallet shows it done) ──> DONE
//     └── dismissed (with a comment) ────────> DISMISSED
//
// Pure and shared: the domain functions, the pages and the forms read it.
import { ACTION_PERMISSIONS, type Permission } from '@/lib/backoffice/auth/permissions';

export const STAFF_REQUEST_KINDS = ['card.replace', 'card.unlock'] as const;
export type StaffRequestKind = (typeof STAFF_REQUEST_KINDS)[number];

export const STAFF_REQUEST_STATUSES = ['OPEN', 'DONE', 'DISMISSED'] as const;
export type StaffRequestStatus = (typeof STAFF_REQUEST_STATUSES)[number];

/** Who completes or dismisses a request: whoever may do what it asks (its action's permission). */
export const STAFF_REQUEST_PERMISSION: Record<StaffRequestKind, Permission> = {
  'card.replace': ACTION_PERMISSIONS['card.replace'],
  'card.unlock': ACTION_PERMISSIONS['card.unlock'],
};

/** What is asked, as the form offers it and the queue lists it. */
export const STAFF_REQUEST_KIND_LABELS: Record<StaffRequestKind, string> = {
  'card.replace': 'Replace the card',
  'card.unlock': 'Unlock the card',
};

export const STAFF_REQUEST_STATUS_LABELS: Record<StaffRequestStatus, string> = {
  OPEN: 'Waiting for an operator',
  DONE: 'Done',
  DISMISSED: 'Dismissed',
};

/** What is asked, naming the card: "Replace Grace Hopper's Virtual Visa Classic ••1234". */
export function staffRequestSummary(kind: StaffRequestKind, cardText: string): string {
  return `${kind === 'card.replace' ? 'Replace' : 'Unlock'} ${cardText}`;
}

/** The longest note or comment kept. */
export const STAFF_REQUEST_TEXT_MAX = 500;

/**
 * Whether the card, as the wallet has it now, shows the request done: an unlocked card is no
 * longer LOCKED (ACTIVE), a replaced one is CANCELLED (card/replace cancels it).
 */
export function doneOnCard(kind: StaffRequestKind, cardStatus: string): boolean {
  return kind === 'card.unlock' ? cardStatus === 'ACTIVE' : cardStatus === 'CANCELLED';
}

/** Why a request cannot be marked done yet, in the staff's words. */
export function notDoneYetText(kind: StaffRequestKind): string {
  return kind === 'card.unlock'
    ? 'The card is still locked: unlock it first (an unlock that waits for approval is done once approved), then mark this done.'
    : 'The card is not replaced yet: replace it first, then mark this done.';
}
