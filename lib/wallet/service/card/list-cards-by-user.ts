// 4.2 All cards under the agency, grouped by user. One page of users (an index range scan on
// (app, registered_at desc, id desc)), then their cards in one query. The unfiltered total comes
// from the app's user counter, so no request counts the whole table.
import 'server-only';
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { apps, users } from '@/lib/wallet/service/db/schema';
import type { OperationParams } from '@/lib/wallet/contract/operations';
import type { UsersWithCardsPage, UserWithCards } from '@/lib/wallet/contract/schemas';
import type { AuthenticatedApp, Executor } from '../context';
import { cardsOfUsers, toCardRecord, type CardWithCategory } from './card-records';

export async function listCardsByUser(options: {
  db: Executor;
  app: AuthenticatedApp;
  params: OperationParams<'cardListAllByUser'>;
}): Promise<UsersWithCardsPage> {
  const { db, app, params } = options;
  const filters: SQL[] = [eq(users.appId, app.id)];
  if (params.appUserId) filters.push(eq(users.appUserId, params.appUserId));
  if (params.email) filters.push(sql`lower(${users.email}) = lower(${params.email})`);
  const filtered = filters.length > 1;

  const pageUsers = await db
    .select()
    .from(users)
    .where(and(...filters))
    .orderBy(desc(users.registeredAt), desc(users.id))
    .limit(params.pageSize)
    .offset((params.pageNum - 1) * params.pageSize);

  let dataTotal: number;
  if (filtered) {
    // appUserId and email are each unique per app: a filtered total is 0 or 1 rows to count.
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(and(...filters));
    dataTotal = Number(row?.n ?? 0);
  } else {
    const [row] = await db.select({ n: apps.userCount }).from(apps).where(eq(apps.id, app.id));
    dataTotal = row?.n ?? 0;
  }

  const byUser = new Map<number, CardWithCategory[]>();
  for (const row of await cardsOfUsers(
    db,
    pageUsers.map((u) => u.id),
  )) {
    const list = byUser.get(row.card.userId);
    if (list) list.push(row);
    else byUser.set(row.card.userId, [row]);
  }

  const list: UserWithCards[] = pageUsers.map((user) => ({
    agencyCode: app.agencyCode,
    appId: app.appId,
    appUserId: user.appUserId,
    email: user.email,
    walletAccountType: user.walletAccountType as UserWithCards['walletAccountType'],
    cardList: (byUser.get(user.id) ?? []).map((row) => toCardRecord(row, user, app.agencyCode)),
    documentNo: user.documentNo,
    documentType: user.documentType,
    firstName: user.firstName,
    lastName: user.lastName,
    mobile: user.mobile,
    nickname: user.firstName,
    profilePhoto: '',
    regionCode: user.mobile.split('-')[0] ?? '',
    regionDesc: user.region,
    registerTime: user.registeredAt.toISOString(),
  }));

  return { dataTotal, haveNext: params.pageNum * params.pageSize < dataTotal, list };
}
