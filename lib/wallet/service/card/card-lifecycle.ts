// The card lifecycle of docs/wallet-api.md "Card lifecycle" as one table: which status each action
// moves a card from, and to. Pure, so the transition table test covers every status x every action.
import type { CARD_STATUSES } from '@/lib/wallet/contract/schemas';

export type CardStatus = (typeof CARD_STATUSES)[number];
export type CardAction = 'activate' | 'lock' | 'unlock' | 'cancel';

export const CARD_TRANSITIONS: Record<CardAction, { from: readonly CardStatus[]; to: CardStatus }> = {
  activate: { from: ['PENDING'], to: 'ACTIVE' },
  lock: { from: ['ACTIVE'], to: 'LOCKED' },
  unlock: { from: ['LOCKED'], to: 'ACTIVE' },
  // CANCELLED is final: nothing leaves it.
  cancel: { from: ['PENDING', 'ACTIVE', 'LOCKED'], to: 'CANCELLED' },
};

/** The status an action leads to from `status`, or null when the action is not allowed (4009). */
export function nextStatus(status: CardStatus, action: CardAction): CardStatus | null {
  const transition = CARD_TRANSITIONS[action];
  return transition.from.includes(status) ? transition.to : null;
}
