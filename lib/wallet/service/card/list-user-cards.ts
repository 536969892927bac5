// 4.6 User card list: one user's cards, oldest first.
import 'server-only';
import type { OperationParams } from '@/lib/wallet/contract/operations';
import type { UserCardSummary } from '@/lib/wallet/contract/schemas';
import type { AuthenticatedApp, Executor } from '../context';
import { findUserOrThrow } from '../user/find-user';
import { cardsOfUsers, toUserCardSummary } from './card-records';

export async function listUserCards(options: {
  db: Executor;
  app: AuthenticatedApp;
  params: OperationParams<'userCardList'>;
}): Promise<UserCardSummary[]> {
  const { db, app, params } = options;
  const user = await findUserOrThrow(db, app.id, params.appUserId);
  const rows = await cardsOfUsers(db, [user.id]);
  return rows.map((row) => toUserCardSummary(row, user, app.appId));
}
