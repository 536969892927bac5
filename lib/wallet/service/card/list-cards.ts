// card/list (docs/wallet-api.md "card/list"): the app's cards, filtered by status, type, last four,
// issue day and user, newest (or oldest) issued first, a page at a time by keyset: the cursor is
// the last card's (issue time, ID), and the next page is the cards strictly after it in that
// order. Every page is an index range (cards_app_created_idx, cards_app_status_created_idx, or
// cards_search_last4_idx for the last four), so its cost does not grow with how deep the page is
// or how many cards the app has. The type is the category's: the catalogue (in memory) gives its
// categories' IDs. The issue time is carried as PostgreSQL's own text, to the microsecond, so no
// card is skipped or repeated between pages.
import { and, asc, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { OperationData, OperationParams } from '@/lib/wallet/contract/operations';
import {
  cardList,
  decodeCardListCursor,
  encodeCardListCursor,
} from '@/lib/wallet/contract/operations/card-list';
import type { AuthenticatedApp, Executor } from '../context';
import type { DatabaseHandle } from '@/lib/db/open';
import { cards, users } from '../db/schema';
import { bindHandler } from '../bind-handler';
import { categoryCatalogue } from './category-catalogue';
import { toManagedCard } from './find-card';

/** The first instant of a UTC day given as yyyy-MM-dd. */
const dayStart = (day: string) => new Date(`${day}T00:00:00.000Z`);
const nextDay = (day: string) => new Date(dayStart(day).getTime() + 24 * 60 * 60 * 1000);

export async function listCards(options: {
  db: Executor;
  engine: DatabaseHandle;
  app: AuthenticatedApp;
  params: OperationParams<'cardList'>;
}): Promise<OperationData<'cardList'>> {
  const { db, engine, app, params } = options;
  const catalogue = await categoryCatalogue(engine, db);
  const where: (SQL | undefined)[] = [eq(cards.appId, app.id)];
  if (params.status) where.push(eq(cards.status, params.status));
  if (params.type) {
    const ids = [...catalogue.values()].filter((c) => c.type === params.type).map((c) => c.id);
    if (ids.length === 0) return { list: [], haveNext: false, nextCursor: null };
    where.push(inArray(cards.categoryId, ids));
  }
  if (params.last4) where.push(eq(cards.last4, params.last4));
  if (params.issuedFrom) where.push(gte(cards.createdAt, dayStart(params.issuedFrom)));
  if (params.issuedTo) where.push(lt(cards.createdAt, nextDay(params.issuedTo)));
  if (params.appUserId) where.push(eq(users.appUserId, params.appUserId));
  const newest = params.sort === 'newest';
  const cursor = params.cursor ? decodeCardListCursor(params.cursor) : null;
  if (cursor) {
    // Row comparison: one index range, the cursor's own row excluded.
    where.push(
      newest
        ? sql`(${cards.createdAt}, ${cards.id}) < (${cursor.at}::timestamptz, ${cursor.id})`
        : sql`(${cards.createdAt}, ${cards.id}) > (${cursor.at}::timestamptz, ${cursor.id})`,
    );
  }
  const order = newest ? [desc(cards.createdAt), desc(cards.id)] : [asc(cards.createdAt), asc(cards.id)];
  const rows = await db
    .select({
      id: cards.id,
      categoryId: cards.categoryId,
      cardAssetId: cards.cardAssetId,
      paymentAssetId: cards.paymentAssetId,
      cardHolder: cards.cardHolder,
      first6: cards.first6,
      last4: cards.last4,
      numberLength: cards.numberLength,
      cardUuid: cards.cardUuid,
      embossedName: cards.embossedName,
      expireMonth: cards.expireMonth,
      expireYear: cards.expireYear,
      status: cards.status,
      cardAccountStatus: cards.cardAccountStatus,
      createdAt: cards.createdAt,
      createdAtText: sql<string>`${cards.createdAt}::text`,
      appUserId: users.appUserId,
      email: users.email,
    })
    .from(cards)
    .innerJoin(users, eq(users.id, cards.userId))
    .where(and(...where))
    .orderBy(...order)
    .limit(params.pageSize + 1);
  const page = rows.slice(0, params.pageSize);
  const last = page.at(-1);
  const haveNext = rows.length > params.pageSize;
  return {
    list: page.map((card) => ({
      ...toManagedCard({ card, owner: card, category: catalogue.get(card.categoryId)! }, app.appId),
      issueTime: card.createdAt.toISOString(),
    })),
    haveNext,
    nextCursor: haveNext && last ? encodeCardListCursor({ at: last.createdAtText, id: last.id }) : null,
  };
}

/** cardList's handler (lib/wallet/contract/operations/card-list.ts). */
export const cardListHandler = bindHandler(cardList, listCards);
