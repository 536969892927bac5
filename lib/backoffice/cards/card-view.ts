// What the card page offers for a card (transitions: docs/wallet-api.md "Card lifecycle", from the
// contract's card-lifecycle.ts; roles: docs/back-office.md "Roles", from permissions.ts) and how it
// names a card and a cancel's consequence. Pure: the page decides what to show from here; each
// server action still checks the role itself, and the wallet the status (4009).
import { ACTION_PERMISSIONS, can, type StaffRole } from '@/lib/backoffice/auth/permissions';
import { actionsAllowedFrom, type CardAction, type CardStatus } from '@/lib/wallet/contract/card-lifecycle';

export function cardActionsFor(status: CardStatus, role: StaffRole): CardAction[] {
  return actionsAllowedFrom(status).filter((action) => can(role, ACTION_PERMISSIONS[`card.${action}`]));
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
