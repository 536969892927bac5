// card/authorizations and authorization/list (docs/card-spending.md "Rules": cursors): newest
// first by (createdAt, id), one keyset page at a time, so a page costs one index range scan at
// any depth. pageSize + 1 rows are read: the extra one says whether a next page exists.
import { sql, type SQL } from 'drizzle-orm';
import { rawRows } from '@/lib/db/open';
import type { OperationParams } from '@/lib/wallet/contract/operations';
import { authorizationList } from '@/lib/wallet/contract/operations/authorization-list';
import { cardAuthorizations } from '@/lib/wallet/contract/operations/card-authorizations';
import type { AuthorizationPage } from '@/lib/wallet/contract/schemas';
import type { DatabaseHandle } from '@/lib/db/open';
import { bindHandler } from '../bind-handler';
import type { AuthenticatedApp, Executor } from '../context';
import { users } from '../db/schema';
import { findCardOrThrow } from '../card/find-card';
import {
  AUTHORIZATION_COLUMNS,
  AUTHORIZATION_FROM,
  cursorAfter,
  normalizeRow,
  readCursor,
  toAuthorization,
} from './authorization-records';

async function page(
  db: Executor,
  conditions: SQL[],
  pageSize: number,
  cursor: string | undefined,
): Promise<AuthorizationPage> {
  const where = [...conditions];
  if (cursor) {
    const after = readCursor(cursor);
    where.push(sql`(a.created_at, a.id) < (${after.createdAt.toISOString()}::timestamptz, ${after.id})`);
  }
  const rows = (
    await rawRows<Record<string, unknown>>(
      db,
      sql`select ${AUTHORIZATION_COLUMNS} from ${AUTHORIZATION_FROM}
           where ${sql.join(where, sql` and `)}
           order by a.created_at desc nulls last, a.id desc nulls last
           limit ${pageSize + 1}`,
    )
  ).map(normalizeRow);
  const shown = rows.slice(0, pageSize);
  const last = shown[shown.length - 1];
  return {
    list: shown.map(toAuthorization),
    nextCursor: rows.length > pageSize && last ? cursorAfter(last) : null,
  };
}

export async function listCardAuthorizations(options: {
  db: Executor;
  engine: DatabaseHandle;
  app: AuthenticatedApp;
  /** card/authorizations' own parameters (me/card/authorizations gives its cardholder's appUserId). */
  params: Pick<
    OperationParams<'cardAuthorizations'>,
    'appUserId' | 'cardId' | 'status' | 'pageSize' | 'cursor'
  >;
}): Promise<AuthorizationPage> {
  const { db, params } = options;
  const found = await findCardOrThrow({ ...options, appUserId: params.appUserId, cardId: params.cardId });
  const conditions = [sql`a.card_id = ${found.card.id}`];
  if (params.status) conditions.push(sql`a.status = ${params.status}`);
  return page(db, conditions, params.pageSize, params.cursor);
}

/** The first instant of the UTC day after `date` (yyyy-MM-dd). */
function dayAfter(date: string): string {
  const d = new Date(`${date}T00:00:00.000Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString();
}

export async function listAppAuthorizations(options: {
  db: Executor;
  app: AuthenticatedApp;
  params: OperationParams<'authorizationList'>;
}): Promise<AuthorizationPage> {
  const { db, app, params } = options;
  const conditions = [sql`a.app_id = ${app.id}`];
  if (params.appUserId !== undefined) {
    const [user] = await db
      .select({ id: users.id })
      .from(users)
      .where(sql`${users.appId} = ${app.id} and ${users.appUserId} = ${params.appUserId}`);
    if (!user) return { list: [], nextCursor: null };
    conditions.push(sql`a.user_id = ${user.id}`);
  }
  if (params.status) conditions.push(sql`a.status = ${params.status}`);
  if (params.declineReason) conditions.push(sql`a.decline_reason = ${params.declineReason}`);
  if (params.from) conditions.push(sql`a.created_at >= ${`${params.from}T00:00:00.000Z`}::timestamptz`);
  if (params.to) conditions.push(sql`a.created_at < ${dayAfter(params.to)}::timestamptz`);
  return page(db, conditions, params.pageSize, params.cursor);
}

/** cardAuthorizations' handler (lib/wallet/contract/operations/card-authorizations.ts). */
export const cardAuthorizationsHandler = bindHandler(cardAuthorizations, listCardAuthorizations);

/** authorizationList's handler (lib/wallet/contract/operations/authorization-list.ts). */
export const authorizationListHandler = bindHandler(authorizationList, listAppAuthorizations);
