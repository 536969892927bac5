// The card lifecycle of docs/wallet-api.md "Card lifecycle", in one place for both parts: the
// actions, which status each action moves a card from and to, and the words for each action. The
// service's change-card-status decides by it (4009 otherwise); the back-office's card page offers
// by it; the dialogs, the audit log and the server actions name the actions with its words. Pure,
// without zod: client components import it.
import type { CARD_STATUSES } from './enums';

export type CardStatus = (typeof CARD_STATUSES)[number];

/** In the order the card page shows them. */
export const CARD_ACTIONS = ['lock', 'unlock', 'activate', 'cancel'] as const;
export type CardAction = (typeof CARD_ACTIONS)[number];

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

/** The actions `status` allows, in CARD_ACTIONS' order; none for CANCELLED. */
export function actionsAllowedFrom(status: CardStatus): CardAction[] {
  return CARD_ACTIONS.filter((action) => nextStatus(status, action) !== null);
}

/**
 * The one set of words for the card actions, lower case: the verb ("lock") and what the card is
 * once done ("locked"). Every sentence about an action is built from these (cardActionWords).
 */
export const CARD_ACTION_VERBS: Record<CardAction, { verb: string; done: string }> = {
  lock: { verb: 'lock', done: 'locked' },
  unlock: { verb: 'unlock', done: 'unlocked' },
  activate: { verb: 'activate', done: 'activated' },
  cancel: { verb: 'cancel', done: 'cancelled' },
};

const capital = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** The words each place uses for an action, all from CARD_ACTION_VERBS. */
export function cardActionWords(action: CardAction) {
  const { verb, done } = CARD_ACTION_VERBS[action];
  return {
    /** "lock" */
    verb,
    /** "locked" */
    done,
    /** "Lock": the start of an audit summary ("Lock card 7 of user u-1"). */
    Verb: capital(verb),
    /** "Locked": the start of an audit summary once done. */
    Done: capital(done),
    /** "Lock card": the button. */
    button: `${capital(verb)} card`,
    /** "Lock this card": the dialog's title. */
    title: `${capital(verb)} this card`,
    /** "Card locked": the toast once done. */
    toast: `Card ${done}`,
    /** "Locked card": the audit log's words for card.lock. */
    logged: `${capital(done)} card`,
  };
}
