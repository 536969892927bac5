// Authorizations as the API answers them (docs/card-spending.md "Authorization"), the keyset
// cursor of their lists, and the locked reads every change of one starts with: the card's row
// FOR SHARE, the authorization's FOR UPDATE, then the card asset's FOR UPDATE. Every writer takes
// them in that order (a cancel: the card FOR UPDATE, its authorizations, its asset), so two of
// them queue rather than deadlock.
import { CURSOR_RULE } from '@/lib/wallet/contract/paging';
import { sql } from 'drizzle-orm';
import { rawRows, type DatabaseHandle } from '@/lib/db/open';
import { minorToMajor } from '@/lib/wallet/contract/money';
import { ResultCode, WalletError } from '@/lib/wallet/contract/result-codes';
import type { Authorization } from '@/lib/wallet/contract/schemas';
import type { AuthenticatedApp, Executor } from '../context';
import { assets, authorizations, users } from '../db/schema';
import {
  SPEND_AUTHORIZATION,
  SPEND_LOCK_ASSET,
  SPEND_LOCK_AUTHORIZATION,
  SPEND_LOCK_CARD,
  spendRows,
} from './spend-statements';

/** An authorization row with its owner's appUserId and its card asset's decimal places. */
export type AuthorizationRow = {
  id: number;
  app_id: number;
  card_id: number;
  card_asset_id: number;
  user_id: number;
  app_user_id: string;
  decimal_places: number;
  status: string;
  amount: number;
  held: number;
  cleared: number;
  reversed: number;
  refunded: number;
  currency: string;
  merchant_name: string;
  mcc: string;
  merchant_country: string;
  decline_reason: string | null;
  decided_by: string;
  agency_reason: string | null;
  transaction_id: number | null;
  approved_at: Date | null;
  created_at: Date;
  updated_at: Date;
};

const NUMERIC = ['id', 'amount', 'held', 'cleared', 'reversed', 'refunded'] as const;

/** The driver's row as typed numbers and dates (bigint comes back as text from node-postgres). */
export function normalizeRow(raw: Record<string, unknown>): AuthorizationRow {
  const row = { ...raw } as Record<string, unknown>;
  for (const name of NUMERIC) row[name] = Number(row[name]);
  if (row.transaction_id !== null && row.transaction_id !== undefined)
    row.transaction_id = Number(row.transaction_id);
  for (const name of ['approved_at', 'created_at', 'updated_at']) {
    const value = row[name];
    if (value !== null && value !== undefined && !(value instanceof Date))
      row[name] = new Date(value as string);
  }
  return row as AuthorizationRow;
}

/** The columns every read of an authorization selects (alias a, owner u, card asset s). */
export const AUTHORIZATION_COLUMNS = sql`a.*, u.app_user_id, s.decimal_places`;
export const AUTHORIZATION_FROM = sql`${authorizations} a
  join ${users} u on u.id = a.user_id
  join ${assets} s on s.id = a.card_asset_id`;

export function toAuthorization(row: AuthorizationRow): Authorization {
  const dp = row.decimal_places;
  return {
    authorizationId: row.id,
    cardId: row.card_id,
    appUserId: row.app_user_id,
    status: row.status as Authorization['status'],
    amount: minorToMajor(row.amount, dp),
    heldAmount: minorToMajor(row.held, dp),
    clearedAmount: minorToMajor(row.cleared, dp),
    refundedAmount: minorToMajor(row.refunded, dp),
    currency: row.currency,
    merchant: { name: row.merchant_name, mcc: row.mcc, country: row.merchant_country },
    declineReason: row.decline_reason as Authorization['declineReason'],
    decidedBy: row.decided_by as Authorization['decidedBy'],
    agencyReason: row.agency_reason ?? null,
    transactionId: row.transaction_id,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

/** One authorization of the app by id (no lock), or undefined. */
export async function readAuthorization(
  db: Executor,
  appKey: number,
  where: { id: number } | { transactionId: number },
  engine?: DatabaseHandle,
): Promise<AuthorizationRow | undefined> {
  if ('id' in where) {
    const [row] = await spendRows<Record<string, unknown>>(db, engine, SPEND_AUTHORIZATION, [
      where.id,
      appKey,
    ]);
    return row ? normalizeRow(row) : undefined;
  }
  const condition = 'id' in where ? sql`a.id = ${where.id}` : sql`a.transaction_id = ${where.transactionId}`;
  const [row] = await rawRows<Record<string, unknown>>(
    db,
    sql`select ${AUTHORIZATION_COLUMNS} from ${AUTHORIZATION_FROM} where ${condition} and a.app_id = ${appKey}`,
  );
  return row ? normalizeRow(row) : undefined;
}

export function authorizationNotFound(what: string): WalletError {
  return new WalletError(ResultCode.AUTHORIZATION_NOT_FOUND, `${what} does not exist under this app.`);
}

export function amountNotAllowed(why: string): WalletError {
  return new WalletError(ResultCode.AMOUNT_NOT_ALLOWED, why);
}

export type LockedAuthorization = {
  row: AuthorizationRow;
  cardStatus: string;
  asset: { balance: number; held: number };
};

/**
 * The authorization and what a change of it needs, locked in the house order: its card FOR
 * SHARE (a cancel in progress is waited for), the authorization FOR UPDATE, the card asset FOR
 * UPDATE. 4014 when the app has no such authorization (or transaction).
 */
export async function lockAuthorization(
  db: Executor,
  app: AuthenticatedApp,
  where: { id: number } | { transactionId: number },
  engine?: DatabaseHandle,
): Promise<LockedAuthorization> {
  const what = 'id' in where ? `Authorization ${where.id}` : `Transaction ${where.transactionId}`;
  const first = await readAuthorization(db, app.id, where, engine);
  if (!first) throw authorizationNotFound(what);
  const [card] = await spendRows<{ status: string }>(db, engine, SPEND_LOCK_CARD, [first.card_id]);
  await spendRows(db, engine, SPEND_LOCK_AUTHORIZATION, [first.id]);
  const [asset] = await spendRows<{ balance: string | number; held: string | number }>(
    db,
    engine,
    SPEND_LOCK_ASSET,
    [first.card_asset_id],
  );
  const row = await readAuthorization(db, app.id, { id: first.id }, engine);
  if (!row || !card || !asset) throw new Error(`authorization ${first.id} lost its card or asset`);
  return {
    row,
    cardStatus: card.status,
    asset: { balance: Number(asset.balance), held: Number(asset.held) },
  };
}

// ---------------------------------------------------------------- the cursor

/** The opaque cursor after `row`: its createdAt (ms) and id, base64url. */
export function cursorAfter(row: { created_at: Date; id: number }): string {
  return Buffer.from(`${row.created_at.getTime()}.${row.id}`).toString('base64url');
}

/** The position a cursor names; 1002 on `cursor` when it is not one of ours. */
export function readCursor(cursor: string): { createdAt: Date; id: number } {
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const match = /^(\d{1,15})\.(\d{1,18})$/.exec(text);
  if (!match) {
    const rule = CURSOR_RULE;
    throw new WalletError(ResultCode.PARAM_INVALID, `cursor ${rule}.`, { field: 'cursor', rule });
  }
  return { createdAt: new Date(Number(match[1])), id: Number(match[2]) };
}
