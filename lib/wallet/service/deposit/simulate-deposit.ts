// The chain watcher's messages (docs/deposits-and-kyt.md "simulate/deposit", "simulate/confirm"),
// sandbox operations (simulation.ts). A deposit is one row per (chain, txHash, logIndex): the
// insert does nothing on conflict, so 20 copies of one message at once make one deposit, the
// others waiting on the unique index until the first commits and then answering the deposit it
// made. Reaching the chain's confirmations screens the deposit at once (settle-deposit.ts).
import { sql } from 'drizzle-orm';
import { rawRows, type DatabaseHandle } from '@/lib/db/open';
import {
  ADDRESS_RULES,
  addressProblem,
  chainAddress,
  chainTxHash,
  DEPOSIT_TOKEN_DECIMALS,
  REQUIRED_CONFIRMATIONS,
  TX_HASH_RULES,
} from '@/lib/wallet/contract/chains';
import type { DepositChain } from '@/lib/wallet/contract/enums';
import { decimalToMinor } from '@/lib/wallet/contract/money';
import type { OperationParams } from '@/lib/wallet/contract/operations';
import { simulateConfirm } from '@/lib/wallet/contract/operations/simulate-confirm';
import { simulateDeposit } from '@/lib/wallet/contract/operations/simulate-deposit';
import { ResultCode, WalletError } from '@/lib/wallet/contract/result-codes';
import type { Deposit } from '@/lib/wallet/contract/schemas';
import { bindHandler } from '../bind-handler';
import type { AuthenticatedApp, Executor } from '../context';
import {
  depositFromRow,
  depositNotFound,
  findDeposit,
  selectDeposits,
  type DepositRow,
} from './deposit-records';
import { DEPOSIT_INSERT, DEPOSIT_OWNER, recordEventPrepared } from './deposit-statements';
import { screenAndSettle } from './settle-deposit';

function invalid(field: string, rule: string): WalletError {
  return new WalletError(ResultCode.PARAM_INVALID, `${field} ${rule}.`, { field, rule });
}

/** The address in its stored form; 1002 on `field` for a wrong form or checksum. */
function storedAddress(field: string, chain: DepositChain, text: string): string {
  const rule = addressProblem(chain, text);
  const address = chainAddress(chain, text);
  if (rule !== undefined || address === undefined) throw invalid(field, rule ?? ADDRESS_RULES[chain]);
  return address;
}

export async function receiveDeposit(options: {
  db: Executor;
  engine: DatabaseHandle;
  app: AuthenticatedApp;
  params: OperationParams<'simulateDeposit'>;
}): Promise<Deposit> {
  const { db, engine, app, params } = options;
  const { chain } = params;
  const address = storedAddress('address', chain, params.address);
  const txHash = chainTxHash(chain, params.txHash);
  if (!txHash) throw invalid('txHash', TX_HASH_RULES[chain]);
  const fromAddress = storedAddress('fromAddress', chain, params.fromAddress);
  const amount = decimalToMinor(params.amount, DEPOSIT_TOKEN_DECIMALS);
  if (amount === undefined || amount <= 0)
    throw invalid('amount', 'must be more than 0 with at most 6 decimals');

  const [owner] = await engine.queryIn<{
    user_id: number;
    app_user_id: string;
    asset_id: number;
    decimal_places: number;
  }>(db, DEPOSIT_OWNER.text, [app.id, chain, address], DEPOSIT_OWNER.name);
  if (!owner) throw invalid('address', `must be a deposit address of this app on ${chain}`);

  // The token's millionths, rounded down to the asset's minor units: the rest is not credited.
  const creditedAmount = Math.floor(amount / 10 ** (DEPOSIT_TOKEN_DECIMALS - owner.decimal_places));
  const required = REQUIRED_CONFIRMATIONS[chain];
  const [inserted] = await engine.queryIn<Omit<DepositRow, 'app_user_id' | 'decimal_places'>>(
    db,
    DEPOSIT_INSERT.text,
    [
      app.id,
      owner.user_id,
      owner.asset_id,
      chain,
      txHash,
      params.logIndex,
      fromAddress,
      address,
      amount,
      creditedAmount,
      params.confirmations,
      required,
    ],
    DEPOSIT_INSERT.name,
  );
  let row: DepositRow | undefined;
  if (inserted) {
    // The new row, locked by this transaction until it commits.
    row = { ...inserted, app_user_id: owner.app_user_id, decimal_places: owner.decimal_places };
    await recordEventPrepared(engine, db, { app, type: 'deposit.detected', data: depositFromRow(row) });
  } else {
    // A repeat: the deposit that (chain, txHash, logIndex) already is, locked.
    [row] = await rawRows<DepositRow>(
      db,
      selectDeposits(
        sql`d.chain = ${chain} and d.tx_hash = ${txHash} and d.log_index = ${params.logIndex}`,
        sql`for update of d`,
      ),
    );
    if (!row) throw new Error('deposit missing after a conflicting insert');
    if (row.app_id !== app.id) throw invalid('txHash', 'must not be a deposit of another app');
    row = await raiseConfirmations(db, row, params.confirmations);
  }
  return depositFromRow(await screenAndSettle(engine, db, app, row));
}

/** The deposit's confirmations raised to `confirmations` (never lowered). */
async function raiseConfirmations(db: Executor, row: DepositRow, confirmations: number): Promise<DepositRow> {
  if (confirmations <= row.confirmations) return row;
  await db.execute(sql`update wallet.deposits set confirmations = ${confirmations} where id = ${row.id}`);
  return { ...row, confirmations };
}

export async function confirmDeposit(options: {
  db: Executor;
  engine: DatabaseHandle;
  app: AuthenticatedApp;
  params: OperationParams<'simulateConfirm'>;
}): Promise<Deposit> {
  const { db, engine, app, params } = options;
  const found = await findDeposit(db, app.id, params.depositId, { lock: true });
  if (!found) throw depositNotFound(params.depositId);
  const row = await raiseConfirmations(db, found, params.confirmations);
  return depositFromRow(await screenAndSettle(engine, db, app, row));
}

/** simulateDeposit's handler (lib/wallet/contract/operations/simulate-deposit.ts). */
export const simulateDepositHandler = bindHandler(simulateDeposit, receiveDeposit);
/** simulateConfirm's handler (lib/wallet/contract/operations/simulate-confirm.ts). */
export const simulateConfirmHandler = bindHandler(simulateConfirm, confirmDeposit);
