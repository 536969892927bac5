// dispute/detail and dispute/list (docs/disputes.md "dispute/list"): newest first by
// (createdAt, id), one keyset page at a time on the index that leads with the narrowest filter
// given (card, user, app and status, app), so a page costs one index range scan at any depth.
// pageSize + 1 rows are read: the extra one says whether a next page exists. The cursor is the
// authorizations' (spending/authorization-records.ts): the createdAt and id of the last row.
import { sql, type SQL } from 'drizzle-orm';
import type { OperationParams } from '@/lib/wallet/contract/operations';
import { disputeDetail } from '@/lib/wallet/contract/operations/dispute-detail';
import { disputeList } from '@/lib/wallet/contract/operations/dispute-list';
import type { Dispute, DisputePage } from '@/lib/wallet/contract/schemas';
import { bindHandler } from '../bind-handler';
import type { AuthenticatedApp, Executor } from '../context';
import { users } from '../db/schema';
import { cursorAfter, readCursor } from '../spending/authorization-records';
import { readDisputeOrThrow, readDisputes, toDispute } from './dispute-records';

export async function detailDispute(options: {
  db: Executor;
  app: AuthenticatedApp;
  params: OperationParams<'disputeDetail'>;
}): Promise<Dispute> {
  return toDispute(await readDisputeOrThrow(options.db, options.app.id, options.params.disputeId));
}

/** The first instant of the UTC day after `date` (yyyy-MM-dd). */
function dayAfter(date: string): string {
  const d = new Date(`${date}T00:00:00.000Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString();
}

export async function listDisputes(options: {
  db: Executor;
  app: AuthenticatedApp;
  params: OperationParams<'disputeList'>;
}): Promise<DisputePage> {
  const { db, app, params } = options;
  const where: SQL[] = [sql`d.app_id = ${app.id}`];
  if (params.appUserId !== undefined) {
    const [user] = await db
      .select({ id: users.id })
      .from(users)
      .where(sql`${users.appId} = ${app.id} and ${users.appUserId} = ${params.appUserId}`);
    if (!user) return { list: [], nextCursor: null };
    where.push(sql`d.user_id = ${user.id}`);
  }
  if (params.cardId !== undefined) where.push(sql`d.card_id = ${params.cardId}`);
  if (params.status) where.push(sql`d.status = ${params.status}`);
  if (params.reason) where.push(sql`d.reason = ${params.reason}`);
  if (params.from) where.push(sql`d.created_at >= ${`${params.from}T00:00:00.000Z`}::timestamptz`);
  if (params.to) where.push(sql`d.created_at < ${dayAfter(params.to)}::timestamptz`);
  if (params.cursor) {
    const after = readCursor(params.cursor);
    where.push(sql`(d.created_at, d.id) < (${after.createdAt.toISOString()}::timestamptz, ${after.id})`);
  }
  const rows = await readDisputes(
    db,
    sql.join(where, sql` and `),
    sql`order by d.created_at desc nulls last, d.id desc nulls last limit ${params.pageSize + 1}`,
  );
  const shown = rows.slice(0, params.pageSize);
  const last = shown[shown.length - 1];
  return {
    list: shown.map(toDispute),
    nextCursor: rows.length > params.pageSize && last ? cursorAfter(last) : null,
  };
}

/** disputeDetail's handler (lib/wallet/contract/operations/dispute-detail.ts). */
export const disputeDetailHandler = bindHandler(disputeDetail, detailDispute);

/** disputeList's handler (lib/wallet/contract/operations/dispute-list.ts). */
export const disputeListHandler = bindHandler(disputeList, listDisputes);
