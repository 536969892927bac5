// The /cards list's contract, shared by the page, the /cards/data route, the CSV export and the
// browser: what the URL says (page and size by the back-office's paging contract, paging.ts; the
// filter; whether users without cards are listed too), how that maps onto 4.2 (its withCards
// extension: card holders only unless `cards=all`), and the one shape a page of users with their cards takes
// once it leaves the server (card numbers masked; its zod schemas are in cards-view-schemas.ts, so
// the list's first load carries no zod). Pure and client-safe; the mapping runs only on the server.
import {
  pagingHref,
  pagingLinkParams,
  parsePaging,
  searchParam,
  type RawSearchParams,
} from '@/lib/backoffice/shared/paging';
import type { CardRecord } from '@/lib/wallet/contract/schemas';
import type { CardsCardRow, CardsError, CardsPage, CardsQuery, CardsUserRow } from './cards-view-schemas';

export type { CardsCardRow, CardsError, CardsPage, CardsQuery, CardsUserRow };

// ---------------------------------------------------------------- the URL

export const CARDS_PATH = '/cards';
export const CARDS_DATA_PATH = '/cards/data';
export const CARDS_EXPORT_PATH = '/cards/export';

/**
 * `cards=all` lists every user; anything else, or nothing, card holders only. The filter form
 * (without JavaScript) sends its switch as `cards=with` before a hidden `cards=all`, so the
 * first value is the switch's when it is on and the hidden one's when it is off.
 */
export const CARDS_SCOPE_PARAM = 'cards';

/**
 * The query a URL asks for. A page or size the list cannot show falls back to its default
 * (paging.ts); the filter is kept as typed (trimmed), so that a malformed one is refused in words
 * rather than silently widened to every user.
 */
export function parseCardsQuery(raw: RawSearchParams): CardsQuery {
  const q = searchParam(raw, 'q')?.trim() ?? '';
  return { ...parsePaging(raw), q: q === '' ? null : q, all: searchParam(raw, CARDS_SCOPE_PARAM) === 'all' };
}

/** The list's own parameters besides paging, as its links write them (defaults left out). */
function listParams(query: Pick<CardsQuery, 'q' | 'all'>): Record<string, string | null> {
  return { q: query.q, [CARDS_SCOPE_PARAM]: query.all ? 'all' : null };
}

/** The list's address, defaults left out; same parameter order as the kit's Pagination links. */
export function cardsHref(query: CardsQuery): string {
  return pagingHref(CARDS_PATH, query, listParams(query));
}

/** What the kit's Pagination keeps in every page link besides the page itself. */
export function cardsPaginationParams(query: CardsQuery): Record<string, string | undefined> {
  return pagingLinkParams(query, listParams(query));
}

export function cardsDataHref(query: CardsQuery): string {
  const params = new URLSearchParams({ page: String(query.page), size: String(query.size) });
  if (query.q !== null) params.set('q', query.q);
  if (query.all) params.set(CARDS_SCOPE_PARAM, 'all');
  return `${CARDS_DATA_PATH}?${params.toString()}`;
}

/** The export of what the list shows: the same filter and the same users (with cards, or all). */
export function cardsExportHref(query: Pick<CardsQuery, 'q' | 'all'>): string {
  const params = new URLSearchParams();
  if (query.q !== null) params.set('q', query.q);
  if (query.all) params.set(CARDS_SCOPE_PARAM, 'all');
  const qs = params.toString();
  return qs ? `${CARDS_EXPORT_PATH}?${qs}` : CARDS_EXPORT_PATH;
}

// ---------------------------------------------------------------- the filter

// ---------------------------------------------------------------- how it reads

const SUMMARY_ORDER = [
  'ACTIVE',
  'PENDING',
  'LOCKED',
  'CANCELLED',
] as const satisfies readonly CardRecord['status'][];

/** "2 active · 1 pending", or "No cards". */
export function summarizeCardStatuses(cards: readonly Pick<CardsCardRow, 'status'>[]): string {
  if (cards.length === 0) return 'No cards';
  return SUMMARY_ORDER.map((status) => [status, cards.filter((c) => c.status === status).length] as const)
    .filter(([, count]) => count > 0)
    .map(([status, count]) => `${count} ${status.toLowerCase()}`)
    .join(' · ');
}

export const CARD_TYPE_LABELS: Record<CardRecord['type'], string> = {
  VIRTUAL: 'Virtual',
  PHYSICAL: 'Physical',
};

export type CardsResultState = 'rows' | 'no-users' | 'no-match' | 'past-end';

/** Which of the list's states a page is in. */
export function cardsResultState(page: Pick<CardsPage, 'query' | 'total' | 'users'>): CardsResultState {
  if (page.users.length > 0) return 'rows';
  if (page.query.q !== null) return 'no-match';
  return page.total === 0 ? 'no-users' : 'past-end';
}
