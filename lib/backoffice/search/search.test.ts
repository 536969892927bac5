import { describe, expect, it } from 'vitest';
import type { UserWithCards } from '@/lib/wallet/contract/schemas';
import {
  authorizationIdOf,
  bestMatchHref,
  firstResults,
  groupSearchResults,
  matchCount,
  purchaseHref,
  type SearchPurchaseHit,
} from './search';

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

  it('a name lists users only; with several, Enter opens the list of them all, not a guess', () => {
    const results = groupSearchResults('jane', list);
    expect(results.cards).toEqual([]);
    expect(results.users).toEqual([
      { appUserId: 'u-1', name: 'Jane u-1', email: 'u-1@example.com', cards: 2, href: '/users/u-1' },
      { appUserId: 'u 2', name: 'Jane u 2', email: 'u 2@example.com', cards: 1, href: '/users/u%202' },
    ]);
    expect(bestMatchHref(results)).toBe('/search?q=jane');
    expect(matchCount(results)).toBe('2 users match');
  });

  it('Enter opens the one user found, or the user the text names whole among several', () => {
    expect(bestMatchHref(groupSearchResults('Grace Hopper', [list[1]!]))).toBe('/users/u%202');
    expect(bestMatchHref(groupSearchResults('u-1', list))).toBe('/users/u-1');
    expect(bestMatchHref(groupSearchResults('U-1@EXAMPLE.COM', list))).toBe('/users/u-1');
  });

  it('a last four on several cards opens the list; a full page says there may be more', () => {
    const twins = [user('a', [{ cardId: 20, last4: '5555' }]), user('b', [{ cardId: 21, last4: '5555' }])];
    expect(bestMatchHref(groupSearchResults('5555', twins))).toBe('/search?q=5555');
    const full = groupSearchResults('jane', list, 2);
    expect(full.more).toBe(true);
    expect(matchCount(full)).toBe('2 or more users match');
    expect(matchCount(groupSearchResults('jane', [list[0]!]))).toBe('1 user matches');
  });

  it('the box lists the first few and keeps the count and where Enter goes', () => {
    const shown = firstResults(groupSearchResults('jane', list), 1);
    expect(shown.users.map((u) => u.appUserId)).toEqual(['u-1']);
    expect(shown.total).toBe(2);
    expect(shown.enter).toBe('/search?q=jane');
  });

  it('nothing found goes nowhere', () => {
    expect(bestMatchHref(groupSearchResults('zz', []))).toBeUndefined();
  });

  it('a purchase the id names: alone, Enter opens it on its card; beside a card or users, the list', () => {
    const purchase: SearchPurchaseHit = {
      authorizationId: 4521,
      appUserId: 'u 7',
      cardId: 3,
      label: 'Corner Cafe · $10.00',
      status: 'CLEARED',
      href: purchaseHref('u 7', 3, 4521),
    };
    expect(purchase.href).toBe('/users/u%207/cards/3?purchase=4521#purchase-4521');
    const alone = groupSearchResults('4521', [], 50, purchase);
    expect(bestMatchHref(alone)).toBe(purchase.href);
    expect(matchCount(alone)).toBe('A purchase matches');
    const withCard = groupSearchResults('4521', [user('a', [{ cardId: 4521, last4: '0001' }])], 50, purchase);
    expect(bestMatchHref(withCard)).toBe('/search?q=4521');
    expect(authorizationIdOf(' 4521 ')).toBe(4521);
    expect(authorizationIdOf('0')).toBeNull();
    expect(authorizationIdOf('45-21')).toBeNull();
  });
});
