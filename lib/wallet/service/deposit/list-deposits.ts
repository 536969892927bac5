// deposit/list (docs/deposits-and-kyt.md "deposit/list"): the app's deposits newest first (by id),
// filtered by user and status, a page at a time by keyset: the cursor is the last id shown,
// opaque, so a page costs one index range at any depth (deposits_app_idx, deposits_app_status_idx,
// deposits_user_idx, deposits_user_status_idx).
import { CURSOR_RULE } from '@/lib/wallet/contract/paging';
import { sql, type SQL } from 'drizzle-orm';
import { rawRows } from '@/lib/db/open';
import type { OperationParams } from '@/lib/wallet/contract/operations';
import { depositList } from '@/lib/wallet/contract/operations/deposit-list';
import { ResultCode, WalletError } from '@/lib/wallet/contract/result-codes';
import type { DepositPage } from '@/lib/wallet/contract/schemas';
import { bindHandler } from '../bind-handler';
import type { AuthenticatedApp, Executor } from '../context';
import { findUserOrThrow } from '../user/find-user';
import { depositFromRow, selectDeposits, type DepositRow } from './deposit-records';

const CURSOR_PREFIX = 'dep1:';

export function encodeDepositCursor(lastId: number): string {
  return Buffer.from(`${CURSOR_PREFIX}${lastId}`).toString('base64url');
}

export function decodeDepositCursor(cursor: string): number {
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const id = text.startsWith(CURSOR_PREFIX) ? Number(text.slice(CURSOR_PREFIX.length)) : NaN;
  if (!Number.isSafeInteger(id) || id < 1 || encodeDepositCursor(id) !== cursor) {
    const rule = CURSOR_RULE;
    throw new WalletError(ResultCode.PARAM_INVALID, `cursor ${rule}.`, { field: 'cursor', rule });
  }
  return id;
}

export async function listDeposits(options: {
  db: Executor;
  app: AuthenticatedApp;
  params: OperationParams<'depositList'>;
}): Promise<DepositPage> {
  const { db, app, params } = options;
  const conditions: SQL[] = [];
  if (params.appUserId !== undefined) {
    const user = await findUserOrThrow(db, app.id, params.appUserId);
    conditions.push(sql`d.user_id = ${user.id}`);
  } else {
    conditions.push(sql`d.app_id = ${app.id}`);
  }
  if (params.status !== undefined) conditions.push(sql`d.status = ${params.status}`);
  if (params.cursor !== undefined) conditions.push(sql`d.id < ${decodeDepositCursor(params.cursor)}`);
  const rows = await rawRows<DepositRow>(
    db,
    selectDeposits(sql.join(conditions, sql` and `), sql`order by d.id desc limit ${params.pageSize + 1}`),
  );
  const page = rows.slice(0, params.pageSize);
  const last = page.at(-1);
  return {
    list: page.map(depositFromRow),
    nextCursor: rows.length > params.pageSize && last ? encodeDepositCursor(last.id) : null,
  };
}

/** depositList's handler (lib/wallet/contract/operations/deposit-list.ts). */
export const depositListHandler = bindHandler(depositList, listDeposits);
