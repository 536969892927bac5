// The /cards list's contract, shared by the page, the /cards/data route, the CSV export and the
// browser: what the URL says (page and size by the back-office's paging contract, paging.ts; the
// filter; whether users without cards are listed too), how that maps onto 4.2 (its withCards
// extension: card holders only unless `cards=all`), and the one shape a page of users with their cards takes
// once it leaves the server (card numbers masked). Pure and client-safe; the mapping runs only on
// the server, the browser only validates.
import { z } from 'zod';
import { formatExpiry } from '@/lib/backoffice/format';
import { maskCardNumber } from '@/lib/backoffice/mask';
import {
  pagingHref,
  pagingLinkParams,
  parsePaging,
  searchParam,
  type RawSearchParams,
} from '@/lib/backoffice/paging';
import { pagingSchema } from '@/lib/backoffice/paging-schemas';
import {
  appUserIdParam,
  cardRecordSchema,
  emailParam,
  usersWithCardsPageSchema,
  userWithCardsSchema,
  type CardRecord,
  type UsersWithCardsPage,
  type UserWithCards,
} from '@/lib/wallet/contract/schemas';

// ---------------------------------------------------------------- the URL

export const CARDS_PATH = '/cards';
export const CARDS_DATA_PATH = '/cards/data';
export const CARDS_EXPORT_PATH = '/cards/export';

/**
 * What the list shows: a page (the back-office's paging contract), `q`, the trimmed filter or null,
 * and `all`: users without cards too (by default only users holding a card, 4.2's withCards).
 */
export const cardsQuerySchema = pagingSchema.extend({ q: z.string().nullable(), all: z.boolean() });
export type CardsQuery = z.infer<typeof cardsQuerySchema>;

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

export type CardsFilterField = 'email' | 'appUserId';
export type CardsWalletFilter = { email?: string; appUserId?: string; withCards: boolean };

/**
 * Which 4.2 parameter a filter goes to. '@' means an e-mail address, except that app user IDs may
 * contain '@' too: a value that is not an e-mail address but is a valid app user ID is looked up
 * as one. A value that is neither is sent as an e-mail address when it has an '@', so that the
 * refusal staff read names what they meant to type.
 */
export function cardsFilterField(q: string): CardsFilterField {
  if (!q.includes('@')) return 'appUserId';
  if (emailParam.safeParse(q).success) return 'email';
  return appUserIdParam.safeParse(q).success ? 'appUserId' : 'email';
}

export function walletFilterFor({ q, all }: Pick<CardsQuery, 'q' | 'all'>): CardsWalletFilter {
  const withCards = !all;
  if (q === null) return { withCards };
  return cardsFilterField(q) === 'email' ? { email: q, withCards } : { appUserId: q, withCards };
}

// ---------------------------------------------------------------- what leaves the server

const card = cardRecordSchema.shape;
const user = userWithCardsSchema.shape;

/** Never more than the first six and last four digits (DESIGN §5). */
export const maskedCardNumberSchema = z
  .string()
  .refine((v) => (v.match(/\d/g)?.length ?? 0) <= 10, 'must be masked to at most ten digits');

export const cardsCardRowSchema = z.object({
  cardId: card.cardId,
  maskedNumber: maskedCardNumberSchema,
  categoryName: card.name,
  network: card.network,
  type: card.type,
  status: card.status,
  accountStatus: card.cardAccountStatus,
  /** MM/YYYY */
  expiry: z.string().regex(/^\d{2}\/\d{4}$/),
  embossedName: card.embossedName,
  activeTime: card.activeTime,
});
export type CardsCardRow = z.infer<typeof cardsCardRowSchema>;

export const cardsUserRowSchema = z.object({
  appUserId: user.appUserId,
  name: z.string(),
  email: user.email,
  registerTime: user.registerTime,
  cards: z.array(cardsCardRowSchema),
});
export type CardsUserRow = z.infer<typeof cardsUserRowSchema>;

/** The /cards/data answer, and what the page hands the browser as the first page. */
export const cardsPageSchema = z.object({
  query: cardsQuerySchema,
  filterField: z.enum(['email', 'appUserId']).nullable(),
  total: usersWithCardsPageSchema.shape.dataTotal,
  haveNext: usersWithCardsPageSchema.shape.haveNext,
  users: z.array(cardsUserRowSchema),
});
export type CardsPage = z.infer<typeof cardsPageSchema>;

/** Why a page could not be shown, in words for staff; /cards/data answers it with a 4xx/5xx. */
export const cardsErrorSchema = z.object({
  error: z.object({ title: z.string(), message: z.string() }),
});
export type CardsError = z.infer<typeof cardsErrorSchema>['error'];

export function toCardsCardRow(record: CardRecord): CardsCardRow {
  return {
    cardId: record.cardId,
    maskedNumber: maskCardNumber(record.cardNumber),
    categoryName: record.name,
    network: record.network,
    type: record.type,
    status: record.status,
    accountStatus: record.cardAccountStatus,
    expiry: formatExpiry(record.expireMonth, record.expireYear),
    embossedName: record.embossedName,
    activeTime: record.activeTime,
  };
}

/** One user of 4.2 as the list shows it: no document number, no full card number. */
export function toCardsUserRow(entry: UserWithCards): CardsUserRow {
  return {
    appUserId: entry.appUserId,
    name: `${entry.firstName} ${entry.lastName}`.trim(),
    email: entry.email,
    registerTime: entry.registerTime,
    cards: entry.cardList.map(toCardsCardRow),
  };
}

export function toCardsPage(data: UsersWithCardsPage, query: CardsQuery): CardsPage {
  return {
    query,
    filterField: query.q === null ? null : cardsFilterField(query.q),
    total: data.dataTotal,
    haveNext: data.haveNext,
    users: data.list.map(toCardsUserRow),
  };
}

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
