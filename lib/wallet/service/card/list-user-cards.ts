// 4.6 User card list: one user's cards, oldest first. One statement (user and cards joined);
// the category fields from the in-memory catalogue.
import type { DatabaseHandle } from '@/lib/db/open';
import type { OperationParams } from '@/lib/wallet/contract/operations';
import type { UserCardSummary } from '@/lib/wallet/contract/schemas';
import type { AuthenticatedApp } from '../context';
import { USER_WITH_CARDS } from '../db/statements';
import { userNotFound } from '../user/find-user';
import { toUserCardSummary, type CardRow } from './card-records';
import { categoriesFor } from './category-catalogue';
import { userCardList } from '@/lib/wallet/contract/operations/user-card-list';
import { bindHandler } from '../bind-handler';

type Row = { user_id: number; email: string } & ({ id: null } | CardRow);

export async function listUserCards(options: {
  engine: DatabaseHandle;
  app: AuthenticatedApp;
  params: OperationParams<'userCardList'>;
}): Promise<UserCardSummary[]> {
  const { engine, app, params } = options;
  const rows = await engine.query<Row>(
    USER_WITH_CARDS.text,
    [app.id, params.appUserId],
    USER_WITH_CARDS.name,
  );
  const first = rows[0];
  if (!first) throw userNotFound(params.appUserId);
  const cards = rows.filter((r): r is Row & CardRow => r.id !== null);
  const categories = await categoriesFor(
    engine,
    cards.map((c) => c.category_id),
  );
  const user = { email: first.email, appUserId: params.appUserId };
  return cards.map((card) => toUserCardSummary(card, categories.get(card.category_id)!, user, app.appId));
}

/** userCardList's handler (lib/wallet/contract/operations/user-card-list.ts). */
export const userCardListHandler = bindHandler(userCardList, listUserCards);
