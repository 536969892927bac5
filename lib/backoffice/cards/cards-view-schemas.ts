// The parts of the /cards list's contract that need zod (cards-view.ts holds the rest, without
// it): the query and the one shape a page of users with their cards takes once it leaves the
// server (card numbers masked), the server's mapping onto that shape, and which 4.2 parameter a
// filter goes to (by the contract's e-mail and app user ID rules). The /cards/data route checks
// its answer with these schemas; the browser checks what it receives, loading this module with
// the first answer it fetches rather than with the page.
import { z } from 'zod';
import { formatExpiry } from '@/lib/backoffice/shared/format';
import { maskCardNumber } from '@/lib/backoffice/shared/mask';
import { pagingSchema } from '@/lib/backoffice/shared/paging-schemas';
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

/**
 * What the list shows: a page (the back-office's paging contract), `q`, the trimmed filter or null,
 * and `all`: users without cards too (by default only users holding a card, 4.2's withCards).
 */
export const cardsQuerySchema = pagingSchema.extend({ q: z.string().nullable(), all: z.boolean() });
export type CardsQuery = z.infer<typeof cardsQuerySchema>;

const card = cardRecordSchema.shape;
const user = userWithCardsSchema.shape;

/** Never more than the first six and last four digits (docs/back-office.md "Data protection"). */
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

// ---------------------------------------------------------------- the filter, onto 4.2

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

// ---------------------------------------------------------------- the server's mapping

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
