// user/search (docs/wallet-api.md "Finding a user"): one box that finds a user by any key a caller
// on the phone may give: appUserId or e-mail (whole, or a prefix of 3+ characters), a first or last
// name (case- insensitive prefix), a mobile number (its digits, with or without the region code), a
// card's last four digits, or a cardId. One statement per shape of query (userSearchStatement), of
// only the index-bound branches the query can match; the users' cards from the same statement 4.2
// uses.
import type { DatabaseHandle } from '@/lib/db/open';
import type { OperationParams } from '@/lib/wallet/contract/operations';
import type { UserSearchResult } from '@/lib/wallet/contract/schemas';
import type { AuthenticatedApp } from '../context';
import { userSearchStatement } from '../db/statements';
import { toUserEntries, type UserEntryRow } from '../card/list-cards-by-user';
import { userSearch } from '@/lib/wallet/contract/operations/user-search';
import { bindHandler } from '../bind-handler';

export async function searchUsers(options: {
  engine: DatabaseHandle;
  app: AuthenticatedApp;
  params: OperationParams<'userSearch'>;
}): Promise<UserSearchResult> {
  const { engine, app, params } = options;
  const statement = userSearchStatement(app.id, params.q, params.pageSize);
  const rows = await engine.query<UserEntryRow>(statement.text, statement.values, statement.name);
  return { list: await toUserEntries(engine, app, rows) };
}

/** userSearch's handler (lib/wallet/contract/operations/user-search.ts). */
export const userSearchHandler = bindHandler(userSearch, searchUsers);
