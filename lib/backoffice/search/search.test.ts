import { describe, expect, it } from 'vitest';
import type { UserWithCards } from '@/lib/wallet/contract/schemas';
import { bestMatchHref, groupSearchResults } from './search';

function user(appUserId: string, cards: { cardId: number; last4: string }[]): UserWithCards {
  return {
    appUserId,
    email: `${appUserId}@example.com`,
    firstName: 'Jane',
    lastName: appUserId,
    cardList: cards.map((c) => ({ ...c, name: 'Virtual USD', status: 'ACTIVE' })),
  } as unknown as UserWithCards;
}

describe('groupSearchResults', () => {
  const list = [
    user('u-1', [
      { cardId: 12, last4: '3771' },
      { cardId: 13, last4: '0001' },
    ]),
    user('u 2', [{ cardId: 3771, last4: '9999' }]),
  ];

  it('a last four names cards first, the card id before a last-four match', () => {
    const results = groupSearchResults(' 3771 ', list);
    expect(results.cards.map((c) => [c.cardId, c.label, c.href])).toEqual([
      [3771, '•••• 9999', '/users/u%202/cards/3771'],
      [12, '•••• 3771', '/users/u-1/cards/12'],
    ]);
    expect(bestMatchHref(results)).toBe('/users/u%202/cards/3771');
  });

  it('a name lists users only; Enter opens the best one', () => {
    const results = groupSearchResults('jane', list);
    expect(results.cards).toEqual([]);
    expect(results.users).toEqual([
      { appUserId: 'u-1', name: 'Jane u-1', email: 'u-1@example.com', cards: 2, href: '/users/u-1' },
      { appUserId: 'u 2', name: 'Jane u 2', email: 'u 2@example.com', cards: 1, href: '/users/u%202' },
    ]);
    expect(bestMatchHref(results)).toBe('/users/u-1');
  });

  it('nothing found goes nowhere', () => {
    expect(bestMatchHref(groupSearchResults('zz', []))).toBeUndefined();
  });
});
