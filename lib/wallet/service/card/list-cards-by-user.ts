// 4.2 All cards under the agency, grouped by user. One page of users (its ids from the index on
// (app, registered_at desc, id desc), walked from the nearer end, then its rows: docs/wallet-api.md
// "Deep pages"; or a unique-index lookup when filtered) and the total run
// side by side; then the page's cards in one statement. The unfiltered total comes from the
// app's user counter, so no request counts the whole table; a filtered total is the page itself
// (appUserId and e-mail are each unique per app, so a filtered page holds every match).
import type { DatabaseHandle } from '@/lib/db/open';
import type { OperationParams } from '@/lib/wallet/contract/operations';
import type { UsersWithCardsPage, UserWithCards } from '@/lib/wallet/contract/schemas';
import type { AuthenticatedApp } from '../context';
import {
  CARD_HOLDERS_PAGE,
  CARDS_OF_USERS,
  USER_COUNT,
  USERS_BY_APP_USER_ID,
  USERS_BY_APP_USER_ID_AND_EMAIL,
  USERS_BY_EMAIL,
  USERS_PAGE,
} from '../db/statements';
import { toCardRecord, type FullCardRow } from './card-records';
import { categoriesFor } from './category-catalogue';
import { cardListAllByUser } from '@/lib/wallet/contract/operations/card-list-all-by-user';
import { bindHandler } from '../bind-handler';

/** The user columns a 2.3 user entry needs (USER_ENTRY_COLUMNS of db/statements.ts). */
export type UserEntryRow = {
  id: number;
  app_user_id: string;
  email: string;
  wallet_account_type: string;
  document_no: string;
  document_type: string;
  first_name: string;
  last_name: string;
  mobile: string;
  region: string;
  registered_at: Date | string;
};

function pageQuery(app: AuthenticatedApp, params: OperationParams<'cardListAllByUser'>) {
  const { appUserId, email, withCards } = params;
  const holders = withCards ? 1 : 0;
  if (appUserId && email)
    return { ...USERS_BY_APP_USER_ID_AND_EMAIL, values: [app.id, appUserId, email, holders] };
  if (appUserId) return { ...USERS_BY_APP_USER_ID, values: [app.id, appUserId, holders] };
  if (email) return { ...USERS_BY_EMAIL, values: [app.id, email, holders] };
  const offset = (params.pageNum - 1) * params.pageSize;
  return withCards
    ? { ...CARD_HOLDERS_PAGE, values: [app.id, params.pageSize, offset] }
    : { ...USERS_PAGE, values: [app.id, params.pageSize, offset] };
}

export async function listCardsByUser(options: {
  engine: DatabaseHandle;
  app: AuthenticatedApp;
  params: OperationParams<'cardListAllByUser'>;
}): Promise<UsersWithCardsPage> {
  const { engine, app, params } = options;
  const filtered = Boolean(params.appUserId || params.email);
  const q = pageQuery(app, params);
  const [matches, countRows] = await Promise.all([
    engine.query<UserEntryRow>(q.text, q.values, q.name),
    filtered
      ? undefined
      : engine.query<{ user_count: number; card_holder_count: number }>(
          USER_COUNT.text,
          [app.id],
          USER_COUNT.name,
        ),
  ]);
  const counts = countRows?.[0];
  const dataTotal = filtered
    ? matches.length
    : Number((params.withCards ? counts?.card_holder_count : counts?.user_count) ?? 0);
  // A filtered match exists once; a later page of it is empty, as paging the full list would be.
  const pageUsers = filtered && params.pageNum > 1 ? [] : matches;

  const list = await toUserEntries(engine, app, pageUsers);
  return { dataTotal, haveNext: params.pageNum * params.pageSize < dataTotal, list };
}

/** 2.3 user entries for these users, with their cards (one statement) in the given order. */
export async function toUserEntries(
  engine: DatabaseHandle,
  app: AuthenticatedApp,
  pageUsers: readonly UserEntryRow[],
): Promise<UserWithCards[]> {
  const byUser = new Map<number, FullCardRow[]>();
  if (pageUsers.length > 0) {
    const cards = await engine.query<FullCardRow>(
      CARDS_OF_USERS.text,
      [pageUsers.map((u) => u.id)],
      CARDS_OF_USERS.name,
    );
    for (const card of cards) {
      const list = byUser.get(card.user_id);
      if (list) list.push(card);
      else byUser.set(card.user_id, [card]);
    }
  }
  const categories = await categoriesFor(
    engine,
    [...byUser.values()].flat().map((c) => c.category_id),
  );

  return pageUsers.map((user) => ({
    agencyCode: app.agencyCode,
    appId: app.appId,
    appUserId: user.app_user_id,
    email: user.email,
    walletAccountType: user.wallet_account_type as UserWithCards['walletAccountType'],
    cardList: (byUser.get(user.id) ?? []).map((card) =>
      toCardRecord(card, categories.get(card.category_id)!, user, app.agencyCode),
    ),
    documentNo: user.document_no,
    documentType: user.document_type,
    firstName: user.first_name,
    lastName: user.last_name,
    mobile: user.mobile,
    nickname: user.first_name,
    profilePhoto: '',
    regionCode: user.mobile.split('-')[0] ?? '',
    regionDesc: user.region,
    registerTime: (user.registered_at instanceof Date
      ? user.registered_at
      : new Date(user.registered_at)
    ).toISOString(),
  }));
}

/** cardListAllByUser's handler (lib/wallet/contract/operations/card-list-all-by-user.ts). */
export const cardListAllByUserHandler = bindHandler(cardListAllByUser, listCardsByUser);
