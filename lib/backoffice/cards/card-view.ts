// What the card page offers for a card (transitions: docs/wallet-api.md "Card lifecycle", from the
// contract's card-lifecycle.ts; roles: docs/back-office.md "Roles", from permissions.ts) and how it
// names a card and a cancel's and a replacement's consequence. Pure: the page decides what to show from here; each
// server action still checks the role itself, and the wallet the status (4009).
import { ACTION_PERMISSIONS, can, type StaffRole } from '@/lib/backoffice/auth/permissions';
import { actionsAllowedFrom, type CardAction, type CardStatus } from '@/lib/wallet/contract/card-lifecycle';
import { formatMoney } from '@/lib/backoffice/shared/format';

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

/**
 * What replacing a card does, in the confirmation (docs/wallet-api.md "card/replace"): whose card,
 * what moves to the new one, and the open holds it reverses first (formatted, or null when none):
 * a purchase still held is released, not paid, and the merchant must ask again.
 */
export function replaceConsequence(card: {
  label: string;
  holder: string;
  cardName: string;
  balance: string;
  openHolds: string | null;
}): string {
  const holds = card.openHolds
    ? ` Its open holds (${card.openHolds}) are reversed first: those purchases are released, not paid, and the money stays with the balance.`
    : '';
  return `Card ${card.label} of ${card.holder} is cancelled for good, and a new ${card.cardName} is issued to them with its balance (${card.balance}) and its spending controls, with what their limits have counted.${holds} The new card's fee is paid as the old card's was.`;
}

/** What the card's open holds keep of its balance (balance less available), formatted; null when none. */
export function openHoldsText(card: {
  balance: number;
  availableBalance: number;
  currency: string;
  decimalPlaces: number;
}): string | null {
  const scale = 10 ** card.decimalPlaces;
  const held = Math.round(card.balance * scale) - Math.round(card.availableBalance * scale);
  return held > 0 ? formatMoney(held / scale, card.currency, card.decimalPlaces) : null;
}
