import { describe, expect, it } from 'vitest';
import { cardRecord, userEntry } from '@/lib/backoffice/cards/cards-test-fixtures';
import { depositConfirmations, simulateDepositSchema } from './forms';
import {
  SANDBOX_SEARCH_RULE,
  sandboxCardHref,
  sandboxCardOf,
  sandboxDepositHref,
  sandboxPeople,
  sandboxSearch,
} from './sandbox-picker';

const pia = userEntry({
  appUserId: 'u-pia',
  firstName: 'Pia',
  lastName: 'Picker',
  email: 'pia@example.com',
  cardList: [
    cardRecord({ cardId: 31, last4: '1234', name: 'Virtual Visa Classic', status: 'ACTIVE' }),
    cardRecord({ cardId: 32, last4: '9876', name: 'Virtual Visa Classic', status: 'LOCKED' }),
  ],
});
const noCards = userEntry({
  appUserId: 'u-nora',
  firstName: 'Nora',
  lastName: 'None',
  email: 'nora@example.com',
});

describe('the sandbox picks people and cards by name', () => {
  it('reads the search from the address', () => {
    expect(sandboxSearch(undefined)).toEqual({ kind: 'none' });
    expect(sandboxSearch('   ')).toEqual({ kind: 'none' });
    expect(sandboxSearch(['  Pia   Picker ', 'x'])).toEqual({ kind: 'search', q: 'Pia Picker' });
    expect(sandboxSearch('P')).toEqual({ kind: 'invalid', q: 'P', message: SANDBOX_SEARCH_RULE });
    expect(sandboxSearch('P'.repeat(65)).kind).toBe('invalid');
  });

  it('lists each person found with their cards in words', () => {
    expect(sandboxPeople([pia, noCards])).toEqual([
      {
        appUserId: 'u-pia',
        name: 'Pia Picker',
        email: 'pia@example.com',
        cards: [
          {
            appUserId: 'u-pia',
            cardId: 31,
            holder: 'Pia Picker',
            label: 'Virtual Visa Classic ••1234',
            status: 'ACTIVE',
            text: "Pia Picker's Virtual Visa Classic ••1234",
          },
          {
            appUserId: 'u-pia',
            cardId: 32,
            holder: 'Pia Picker',
            label: 'Virtual Visa Classic ••9876',
            status: 'LOCKED',
            text: "Pia Picker's Virtual Visa Classic ••9876",
          },
        ],
      },
      { appUserId: 'u-nora', name: 'Nora None', email: 'nora@example.com', cards: [] },
    ]);
  });

  it('names the card a link chose, and none that is not there', () => {
    expect(sandboxCardOf([noCards, pia], 32)?.text).toBe("Pia Picker's Virtual Visa Classic ••9876");
    expect(sandboxCardOf([noCards, pia], 33)).toBeUndefined();
  });

  it('links carry the IDs, so the choice works without JavaScript', () => {
    expect(sandboxCardHref({ appUserId: 'u pia', cardId: 31 })).toBe('/sandbox?appUserId=u%20pia&cardId=31');
    expect(sandboxCardHref({ appUserId: 'u pia', cardId: 31 }, '/sandbox/cardholder')).toBe(
      '/sandbox/cardholder?appUserId=u%20pia&cardId=31',
    );
    expect(sandboxDepositHref('u-pia')).toBe('/sandbox/deposits?appUserId=u-pia');
  });
});

describe('a simulated deposit', () => {
  const base = { appUserId: 'u-pia', amount: '25.00', transaction: 'a'.repeat(64) };

  it("has the chain's required confirmations unless told otherwise", () => {
    const eth = simulateDepositSchema.parse({ ...base, chain: 'ETHEREUM', confirmations: '' });
    expect(depositConfirmations(eth)).toBe(12);
    const tron = simulateDepositSchema.parse({ ...base, chain: 'TRON' });
    expect(depositConfirmations(tron)).toBe(19);
    const few = simulateDepositSchema.parse({ ...base, chain: 'TRON', confirmations: '3' });
    expect(depositConfirmations(few)).toBe(3);
    expect(
      depositConfirmations(simulateDepositSchema.parse({ ...base, chain: 'TRON', confirmations: '0' })),
    ).toBe(0);
  });

  it('refuses confirmations that are not a whole number', () => {
    const result = simulateDepositSchema.safeParse({ ...base, chain: 'ETHEREUM', confirmations: 'three' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['confirmations', 'Enter the confirmations as a whole number, e.g. 3, or leave it empty.'],
    ]);
  });
});
