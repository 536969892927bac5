// Disputes as the API answers them (docs/disputes.md "A dispute"), the one read every operation
// on them shares (the dispute with its purchase's currency, merchant and transactionId, its
// owner's appUserId and the card asset's decimals), and the codes they answer.
import { sql, type SQL } from 'drizzle-orm';
import { rawRows, type DatabaseHandle } from '@/lib/db/open';
import { minorToMajor } from '@/lib/wallet/contract/money';
import { ResultCode, WalletError } from '@/lib/wallet/contract/result-codes';
import type { Dispute } from '@/lib/wallet/contract/schemas';
import type { Executor } from '../context';
import { assets, authorizations, disputes, users } from '../db/schema';
import { spendRows } from '../spending/spend-statements';
import { DISPUTE_READ } from './dispute-statements';

/** A dispute row with what the answer takes from its authorization, owner and card asset. */
export type DisputeRow = {
  id: number;
  app_id: number;
  authorization_id: number;
  card_id: number;
  user_id: number;
  status: Dispute['status'];
  reason: Dispute['reason'];
  amount: number;
  explanation: string | null;
  evidence: string | null;
  due_by: Date;
  created_at: Date;
  submitted_at: Date | null;
  resolved_at: Date | null;
  credit_entry_id: number | null;
  transaction_id: number;
  currency: string;
  merchant_name: string;
  mcc: string;
  merchant_country: string;
  app_user_id: string;
  decimal_places: number;
};

/**
 * The columns every read of a dispute selects (alias d; its authorization a, owner u, card asset
 * s): dispute/list's, whose conditions vary; the fixed reads are dispute-statements.ts's.
 */
export const DISPUTE_COLUMNS = sql`d.*, a.transaction_id, a.currency, a.merchant_name, a.mcc,
  a.merchant_country, u.app_user_id, s.decimal_places`;
export const DISPUTE_FROM = sql`${disputes} d
  join ${authorizations} a on a.id = d.authorization_id
  join ${users} u on u.id = d.user_id
  join ${assets} s on s.id = a.card_asset_id`;

function toDate(value: unknown): Date | null {
  if (value === null || value === undefined) return null;
  return value instanceof Date ? value : new Date(value as string);
}

/** The driver's row as typed numbers and dates (bigint comes back as text from node-postgres). */
export function normalizeDisputeRow(raw: Record<string, unknown>): DisputeRow {
  return {
    ...(raw as DisputeRow),
    id: Number(raw.id),
    authorization_id: Number(raw.authorization_id),
    amount: Number(raw.amount),
    transaction_id: Number(raw.transaction_id),
    credit_entry_id: raw.credit_entry_id === null ? null : Number(raw.credit_entry_id),
    due_by: toDate(raw.due_by)!,
    created_at: toDate(raw.created_at)!,
    submitted_at: toDate(raw.submitted_at),
    resolved_at: toDate(raw.resolved_at),
  };
}

export function toDispute(row: DisputeRow): Dispute {
  return {
    disputeId: row.id,
    transactionId: row.transaction_id,
    authorizationId: row.authorization_id,
    cardId: row.card_id,
    appUserId: row.app_user_id,
    status: row.status,
    reason: row.reason,
    amount: minorToMajor(row.amount, row.decimal_places),
    currency: row.currency,
    merchant: { name: row.merchant_name, mcc: row.mcc, country: row.merchant_country },
    explanation: row.explanation,
    evidence: row.evidence,
    dueBy: row.due_by.toISOString(),
    createdAt: row.created_at.toISOString(),
    submittedAt: row.submitted_at?.toISOString() ?? null,
    resolvedAt: row.resolved_at?.toISOString() ?? null,
    creditTransactionId: row.credit_entry_id,
  };
}

/** Disputes matching `where` (on alias d), read whole. */
export async function readDisputes(db: Executor, where: SQL, tail: SQL = sql``): Promise<DisputeRow[]> {
  const rows = await rawRows<Record<string, unknown>>(
    db,
    sql`select ${DISPUTE_COLUMNS} from ${DISPUTE_FROM} where ${where} ${tail}`,
  );
  return rows.map(normalizeDisputeRow);
}

/** One dispute of the app (prepared with the engine); 4017 when the app has none by that id. */
export async function readDisputeOrThrow(
  db: Executor,
  appKey: number,
  disputeId: number,
  engine?: DatabaseHandle,
): Promise<DisputeRow> {
  const [row] = await spendRows<Record<string, unknown>>(db, engine, DISPUTE_READ, [disputeId, appKey]);
  if (!row) throw disputeNotFound(disputeId);
  return normalizeDisputeRow(row);
}

export function disputeNotFound(disputeId: number): WalletError {
  return new WalletError(ResultCode.DISPUTE_NOT_FOUND, `Dispute ${disputeId} does not exist under this app.`);
}

export function disputeNotAllowed(why: string): WalletError {
  return new WalletError(ResultCode.DISPUTE_NOT_ALLOWED, why);
}

export function disputeStatusConflict(
  disputeId: number,
  status: string,
  needed: string,
  verb: string,
): WalletError {
  return new WalletError(
    ResultCode.DISPUTE_STATUS_CONFLICT,
    `Dispute ${disputeId} is ${status}, not ${needed}: it cannot be ${verb}.`,
  );
}
