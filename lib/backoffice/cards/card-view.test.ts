import { describe, expect, it } from 'vitest';
import { cancelConsequence, cardActionsFor, cardLabel } from './card-view';

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
});
