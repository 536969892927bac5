// The one search box (docs/back-office.md "Routes"): what `user/search` found, grouped as a support
// agent reads it (the cards a card key names, then the users), and where Enter goes. Pure: the
// server action (lib/backoffice/search/actions.ts) calls the wallet and masks; the box and the
// no-JavaScript form both use bestMatchHref, so Enter goes to the same place with or without
// scripts.
import { cardLabel } from '@/lib/backoffice/cards/card-view';
import type { UserWithCards } from '@/lib/wallet/contract/schemas';

export type SearchUserHit = { appUserId: string; name: string; email: string; cards: number; href: string };
export type SearchCardHit = {
  appUserId: string;
  cardId: number;
  /** "•••• 3771" */
  label: string;
  cardName: string;
  holder: string;
  status: string;
  href: string;
};
export type SearchResults = { query: string; cards: SearchCardHit[]; users: SearchUserHit[] };

/** user/search takes 2-64 characters (docs/wallet-api.md "Finding a user"). */
export const SEARCH_MIN = 2;
export const SEARCH_MAX = 64;

export const userHref = (appUserId: string) => `/users/${encodeURIComponent(appUserId)}`;
export const cardHref = (appUserId: string, cardId: number) => `${userHref(appUserId)}/cards/${cardId}`;

/**
 * Groups the wallet's answer (best match first). A query that is exactly four digits names cards
 * by their last four, a number names a card by its id: those cards come first, as the caller on
 * the phone means the card. Anything else lists users only.
 */
export function groupSearchResults(query: string, list: readonly UserWithCards[]): SearchResults {
  const q = query.trim();
  const last4 = /^\d{4}$/.test(q) ? q : null;
  const cardId = /^\d{1,10}$/.test(q) ? Number(q) : null;
  const cards: SearchCardHit[] = [];
  for (const user of list) {
    for (const card of user.cardList) {
      if (card.last4 !== last4 && card.cardId !== cardId) continue;
      cards.push({
        appUserId: user.appUserId,
        cardId: card.cardId,
        label: cardLabel(card.last4),
        cardName: card.name,
        holder: `${user.firstName} ${user.lastName}`,
        status: card.status,
        href: cardHref(user.appUserId, card.cardId),
      });
    }
  }
  // An id match is exact; a last-four match may be several cards: the id first.
  cards.sort((a, b) => Number(b.cardId === cardId) - Number(a.cardId === cardId));
  const users = list.map((user) => ({
    appUserId: user.appUserId,
    name: `${user.firstName} ${user.lastName}`,
    email: user.email,
    cards: user.cardList.length,
    href: userHref(user.appUserId),
  }));
  return { query: q, cards, users };
}

/** Where Enter goes: the first card a card key names, else the best user; undefined for nothing. */
export function bestMatchHref(results: SearchResults): string | undefined {
  return results.cards[0]?.href ?? results.users[0]?.href;
}
