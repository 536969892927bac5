// Screening and crediting a deposit (docs/deposits-and-kyt.md "Deposits", "KYT"), in the caller's
// transaction with the deposit's row locked: the running totals noted, the screener's verdict
// stored, and the deposit moved out of CONFIRMING by a conditional update, so a deposit is
// screened once and credited at most once whatever repeats or races. A verdict of HIGH or SEVERE
// holds it (deposit.held); LOW or MEDIUM credits it at once (deposit.credited). A crash anywhere
// before the commit leaves the deposit CONFIRMING, as if none of this had run: the chain
// watcher's next message (simulate/confirm, or simulate/deposit again) screens it then.
// The screening's statements are prepared (deposit-statements.ts): the totals in one, the rules,
// the verdict with the status (which answers what the deposit now shows), the credit, the event.
import { sql } from 'drizzle-orm';
import { rawRows, type DatabaseHandle } from '@/lib/db/open';
import type { DepositStatus, RiskLevel, RiskReason } from '@/lib/wallet/contract/enums';
import type { Deposit } from '@/lib/wallet/contract/schemas';
import type { AuthenticatedApp, Executor } from '../context';
import { kytRulesForScreening } from '../kyt/kyt-rules';
import { rulesScreener } from '../kyt/rules-screener';
import { holds, type Screener } from '../kyt/screener';
import { noteScreenedDeposit } from '../kyt/screening-totals';
import { depositFromRow, findDeposit, type DepositRow } from './deposit-records';
import { DEPOSIT_CREDIT, DEPOSIT_SCREENED, recordEventPrepared } from './deposit-statements';

/** The screener deposits go through: the built-in rules (a provider's adapter would go here). */
let activeScreener: Screener = rulesScreener;

/** Puts another screener in place (a provider's adapter); returns the one it replaced. */
export function useScreener(screener: Screener): Screener {
  const previous = activeScreener;
  activeScreener = screener;
  return previous;
}

/**
 * Screens a CONFIRMING deposit whose confirmations reached the required number, then holds or
 * credits it. `row` must be locked FOR UPDATE in `db`'s transaction.
 */
export async function screenAndSettle(
  engine: DatabaseHandle,
  db: Executor,
  app: AuthenticatedApp,
  row: DepositRow,
): Promise<DepositRow> {
  if (row.status !== 'CONFIRMING' || row.confirmations < row.required_confirmations) return row;
  const amount = Number(row.amount);
  const totals = await noteScreenedDeposit(engine, db, { userId: row.user_id, depositId: row.id, amount });
  const verdict = await activeScreener.screen(
    {
      depositId: row.id,
      chain: row.chain,
      txHash: row.tx_hash,
      logIndex: row.log_index,
      fromAddress: row.from_address,
      address: row.address,
      amount,
    },
    { rules: await kytRulesForScreening(engine, db, app.id), ...totals },
  );
  const status: DepositStatus = holds(verdict.level) ? 'HELD' : 'CREDITED';
  const [moved] = await engine.queryIn<
    Pick<DepositRow, 'status' | 'risk_level' | 'risk_reasons' | 'credited_at'>
  >(
    db,
    DEPOSIT_SCREENED.text,
    [row.id, status, verdict.level, `{${verdict.reasons.join(',')}}`],
    DEPOSIT_SCREENED.name,
  );
  if (!moved) throw new Error(`deposit ${row.id} left CONFIRMING under its own lock`);
  if (status === 'CREDITED') await creditDeposit(engine, db, row);
  // What the deposit now is: the row as locked, with what the update changed.
  const settled: DepositRow = { ...row, ...moved };
  await recordEventPrepared(engine, db, {
    app,
    type: status === 'CREDITED' ? 'deposit.credited' : 'deposit.held',
    data: depositFromRow(settled),
  });
  return settled;
}

/**
 * The status changed from `from` to `to` if the deposit is still in `from`: the one way a
 * deposit's status moves. Returns whether it did.
 */
export async function moveStatus(
  db: Executor,
  depositId: number,
  from: DepositStatus,
  to: DepositStatus,
  change: { level?: RiskLevel; reasons?: RiskReason[]; note?: string },
): Promise<boolean> {
  const risk =
    change.level === undefined
      ? sql``
      : sql`, risk_level = ${change.level}, risk_reasons = ${`{${(change.reasons ?? []).join(',')}}`}::text[], screened_at = now()`;
  const note = change.note === undefined ? sql`` : sql`, note = ${change.note}`;
  const credited = to === 'CREDITED' ? sql`, credited_at = now()` : sql``;
  const rows = await rawRows<{ id: number }>(
    db,
    sql`update wallet.deposits set status = ${to} ${risk} ${note} ${credited}
         where id = ${depositId} and status = ${from} returning id`,
  );
  return rows.length === 1;
}

/**
 * Credits the deposit's creditedAmount to its asset with one DEPOSIT ledger entry pointing at it
 * (the ledger's unique index on deposit_id: a second entry for one deposit cannot be written).
 * Nothing is written for an amount that rounds down to zero.
 */
export async function creditDeposit(engine: DatabaseHandle, db: Executor, row: DepositRow): Promise<void> {
  const minor = Number(row.credited_amount);
  if (minor === 0) return;
  await engine.queryIn(db, DEPOSIT_CREDIT.text, [row.asset_id, minor, row.id], DEPOSIT_CREDIT.name);
}

export async function reread(db: Executor, app: AuthenticatedApp, depositId: number): Promise<DepositRow> {
  const row = await findDeposit(db, app.id, depositId);
  if (!row) throw new Error(`deposit ${depositId} vanished`);
  return row;
}

export type { Deposit };
