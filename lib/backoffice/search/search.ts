// The one search box (docs/back-office.md "Routes"): what `user/search` found, grouped as a support
// agent reads it (the cards a card key names, then the users), how many matched, and where Enter
// goes (the one user or card the text names, else the list of them all on /search). Pure: the
// server action (lib/backoffice/search/actions.ts) calls the wallet and masks; the box and the
// no-JavaScript form both use bestMatchHref, so Enter goes to the same place with or without
// scripts.
import { cardLabel } from '@/lib/backoffice/cards/card-view';
import { MAX_SEARCH_PAGE_SIZE } from '@/lib/wallet/contract/paging';
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
/** A purchase (an authorization) the text names by its id (authorization/detail). */
export type SearchPurchaseHit = {
  authorizationId: number;
  appUserId: string;
  cardId: number;
  /** "Corner Cafe · $10.00" */
  label: string;
  status: string;
  href: string;
};
export type SearchResults = {
  query: string;
  /** The purchase whose authorizationId is the text, when there is one. */
  purchase?: SearchPurchaseHit;
  cards: SearchCardHit[];
  users: SearchUserHit[];
  /** How many users the wallet found (the box shows the first few of `users`). */
  total: number;
  /** The wallet answered a full page: more may match than `total`. */
  more: boolean;
  /** Where Enter goes: the one thing the text names, the result list when several, none for nothing. */
  enter?: string;
};

/** user/search takes 2-64 characters (docs/wallet-api.md "Finding a user"). */
export const SEARCH_MIN = 2;
export const SEARCH_MAX = 64;

/** The most users user/search answers (its pageSize's bound): the box asks for this many. */
export const SEARCH_PAGE = MAX_SEARCH_PAGE_SIZE;

export const userHref = (appUserId: string) => `/users/${encodeURIComponent(appUserId)}`;
/** Every result of a search, on a page of its own. */
export const searchHref = (query: string) => `/search?q=${encodeURIComponent(query.trim())}`;
export const cardHref = (appUserId: string, cardId: number) => `${userHref(appUserId)}/cards/${cardId}`;
/** The card's page opened on one purchase's detail. */
export const purchaseHref = (appUserId: string, cardId: number, authorizationId: number) =>
  `${cardHref(appUserId, cardId)}?purchase=${authorizationId}#purchase-${authorizationId}`;

/** The text as an authorizationId (a positive whole number), or null. */
export function authorizationIdOf(query: string): number | null {
  const q = query.trim();
  if (!/^\d{1,15}$/.test(q)) return null;
  const id = Number(q);
  return id > 0 ? id : null;
}

/**
 * Groups the wallet's answer (best match first). A query that is exactly four digits names cards
 * by their last four, a number names a card by its id: those cards come first, as the caller on
 * the phone means the card. Anything else lists users only. `pageSize` is what was asked of the
 * wallet: a full page means there may be more.
 */
export function groupSearchResults(
  query: string,
  list: readonly UserWithCards[],
  pageSize: number = SEARCH_PAGE,
  purchase?: SearchPurchaseHit,
): SearchResults {
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
  const results: SearchResults = {
    query: q,
    cards,
    users,
    total: users.length,
    more: list.length >= pageSize,
    ...(purchase ? { purchase } : {}),
  };
  results.enter = enterHref(results, list);
  return results;
}

/**
 * Where Enter goes, never to a guess: the card a cardId names (or the one card a last four
 * names), the user whose appUserId or e-mail is the text, the only user found; with several and
 * none of these, the list of them all (searchHref); undefined when nothing matched.
 */
function enterHref(results: SearchResults, list: readonly UserWithCards[]): string | undefined {
  const q = results.query;
  // A purchase the id names: alone, it is the match; beside a card or users, the list of all.
  if (results.purchase) {
    return results.cards.length === 0 && results.users.length === 0 ? results.purchase.href : searchHref(q);
  }
  const byId = results.cards.find((card) => String(card.cardId) === q);
  if (byId) return byId.href;
  if (results.cards.length === 1) return results.cards[0]!.href;
  const exact = list.find((user) => user.appUserId === q || user.email.toLowerCase() === q.toLowerCase());
  if (exact) return userHref(exact.appUserId);
  if (results.users.length === 1 && results.cards.length === 0) return results.users[0]!.href;
  if (results.users.length === 0) return undefined;
  return searchHref(q);
}

/** Where Enter goes (groupSearchResults' `enter`); undefined for nothing. */
export function bestMatchHref(results: SearchResults): string | undefined {
  return results.enter;
}

/** The first `count` cards and users, for the box; the total and where Enter goes stay whole. */
export function firstResults(results: SearchResults, count: number): SearchResults {
  return { ...results, cards: results.cards.slice(0, count), users: results.users.slice(0, count) };
}

/** "46 users match", "50 or more users match": what the box and the result list say. */
export function matchCount(results: SearchResults): string {
  const n = results.total;
  if (n === 0) return results.purchase ? 'A purchase matches' : 'No user matches';
  return `${results.more ? `${n} or more users` : n === 1 ? '1 user' : `${n} users`} match${n === 1 && !results.more ? 'es' : ''}`;
}
