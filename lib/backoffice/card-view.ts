// What the card page offers for a card (transitions: docs/wallet-api.md "Card lifecycle"; roles:
// docs/back-office.md "Roles") and how it names a card and a cancel's consequence. Pure: the page
// decides what to show from here; each server action still checks the role itself, and the wallet
// the status (4009).
import { can, type StaffRole } from '@/lib/backoffice/auth/permissions';
import type { CardAction } from '@/lib/backoffice/forms/card-programme';
import type { CARD_STATUSES } from '@/lib/wallet/contract/schemas';

type CardStatus = (typeof CARD_STATUSES)[number];

/** The lifecycle actions each status allows (docs/wallet-api.md "Card lifecycle"); CANCELLED is final. */
const BY_STATUS: Record<CardStatus, readonly CardAction[]> = {
  PENDING: ['activate', 'cancel'],
  ACTIVE: ['lock', 'cancel'],
  LOCKED: ['unlock', 'cancel'],
  CANCELLED: [],
};

/** Lock is support's too (a caller reports a card lost or stolen); the rest are operators'. */
const PERMISSION = {
  lock: 'cards.lock',
  unlock: 'cards.manage',
  activate: 'cards.manage',
  cancel: 'cards.manage',
} as const;

export function cardActionsFor(status: CardStatus, role: StaffRole): CardAction[] {
  return BY_STATUS[status].filter((action) => can(role, PERMISSION[action]));
}

/** "•••• 3771" */
export function cardLabel(last4: string): string {
  return `•••• ${last4}`;
}

/** Where a cancelled card's money goes, in the confirmation (balance already formatted, or null when 0). */
export function cancelConsequence(balance: string | null, walletLabel: string | null): string {
  const final = 'A cancelled card can never be used again.';
  if (balance === null) return `It holds no money. ${final}`;
  return `Its balance of ${balance} goes back to the user's ${walletLabel ?? 'wallet'} at once. ${final}`;
}
