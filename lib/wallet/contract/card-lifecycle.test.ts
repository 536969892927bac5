import { describe, expect, it } from 'vitest';
import { CARD_STATUSES } from './enums';
import {
  actionsAllowedFrom,
  CARD_ACTIONS,
  cardActionWords,
  nextStatus,
  type CardAction,
} from './card-lifecycle';

// Every status x every action, written out: the table docs/wallet-api.md "Card lifecycle" describes.
const EXPECTED: Record<(typeof CARD_STATUSES)[number], Record<CardAction, string | null>> = {
  PENDING: { activate: 'ACTIVE', lock: null, unlock: null, cancel: 'CANCELLED' },
  ACTIVE: { activate: null, lock: 'LOCKED', unlock: null, cancel: 'CANCELLED' },
  LOCKED: { activate: null, lock: null, unlock: 'ACTIVE', cancel: 'CANCELLED' },
  CANCELLED: { activate: null, lock: null, unlock: null, cancel: null },
};

describe('nextStatus', () => {
  for (const status of CARD_STATUSES) {
    for (const action of ['activate', 'lock', 'unlock', 'cancel'] as const) {
      it(`${status} + ${action} -> ${EXPECTED[status][action] ?? 'refused'}`, () => {
        expect(nextStatus(status, action)).toBe(EXPECTED[status][action]);
      });
    }
  }
});

describe('actionsAllowedFrom', () => {
  it('offers, in the card page order, exactly the actions nextStatus allows', () => {
    expect(actionsAllowedFrom('PENDING')).toEqual(['activate', 'cancel']);
    expect(actionsAllowedFrom('ACTIVE')).toEqual(['lock', 'cancel']);
    expect(actionsAllowedFrom('LOCKED')).toEqual(['unlock', 'cancel']);
    expect(actionsAllowedFrom('CANCELLED')).toEqual([]);
  });
});

describe('cardActionWords: one set of words for every place', () => {
  it("builds each place's words from the verb and what the card is once done", () => {
    expect(cardActionWords('cancel')).toEqual({
      verb: 'cancel',
      done: 'cancelled',
      Verb: 'Cancel',
      Done: 'Cancelled',
      button: 'Cancel card',
      title: 'Cancel this card',
      toast: 'Card cancelled',
      logged: 'Cancelled card',
    });
    expect(CARD_ACTIONS.map((action) => cardActionWords(action).logged)).toEqual([
      'Locked card',
      'Unlocked card',
      'Activated card',
      'Cancelled card',
    ]);
  });
});
