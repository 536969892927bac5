import { describe, expect, it } from 'vitest';
import { cancelConsequence, cardActionsFor, cardLabel, openHoldsText, replaceConsequence } from './card-view';

describe('cardActionsFor: every status x every role', () => {
  const table = {
    PENDING: { admin: ['activate', 'cancel'], operator: ['activate', 'cancel'], support: [] },
    ACTIVE: { admin: ['lock', 'cancel'], operator: ['lock', 'cancel'], support: ['lock'] },
    LOCKED: { admin: ['unlock', 'cancel'], operator: ['unlock', 'cancel'], support: [] },
    CANCELLED: { admin: [], operator: [], support: [] },
  } as const;
  for (const [status, byRole] of Object.entries(table)) {
    for (const [role, actions] of Object.entries(byRole)) {
      it(`${status} for ${role}: ${actions.join(', ') || 'nothing'}`, () => {
        expect(cardActionsFor(status as keyof typeof table, role as keyof typeof byRole)).toEqual(actions);
      });
    }
  }
});

describe('card wording', () => {
  it('names a card by its last four', () => {
    expect(cardLabel('3771')).toBe('•••• 3771');
  });
  it("says where a cancelled card's balance goes", () => {
    expect(cancelConsequence('$12.50', 'Wallet (USD)')).toBe(
      "Its balance of $12.50 goes back to the user's Wallet (USD) at once. A cancelled card can never be used again.",
    );
    expect(cancelConsequence(null, 'Wallet (USD)')).toBe(
      'It holds no money. A cancelled card can never be used again.',
    );
  });
  it('says whose card a replacement cancels, what moves, and the open holds it reverses', () => {
    const card = {
      label: '•••• 1234',
      holder: 'Grace Hopper',
      cardName: 'Virtual Visa Classic',
      balance: '$1,500.00',
    };
    expect(replaceConsequence({ ...card, openHolds: '$92.00' })).toBe(
      "Card •••• 1234 of Grace Hopper is cancelled for good, and a new Virtual Visa Classic is issued to them with its balance ($1,500.00) and its spending controls, with what their limits have counted. Its open holds ($92.00) are reversed first: those purchases are released, not paid, and the money stays with the balance. The new card's fee is paid as the old card's was.",
    );
    expect(replaceConsequence({ ...card, openHolds: null })).toBe(
      "Card •••• 1234 of Grace Hopper is cancelled for good, and a new Virtual Visa Classic is issued to them with its balance ($1,500.00) and its spending controls, with what their limits have counted. The new card's fee is paid as the old card's was.",
    );
  });
  it('says what open holds keep of a balance, or nothing when none', () => {
    const card = { currency: 'USD', decimalPlaces: 2 };
    expect(openHoldsText({ ...card, balance: 1500.1, availableBalance: 1408.1 })).toBe('$92.00');
    expect(openHoldsText({ ...card, balance: 10, availableBalance: 10 })).toBeNull();
  });
});
