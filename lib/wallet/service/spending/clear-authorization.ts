// simulate/clear (docs/card-spending.md "Rules": one clear per authorization). Under the locks of
// lockAuthorization: the authorization must be PENDING (else 4015); the amount defaults to what is
// still held and may be up to 120 % of it (tips), the part over the hold taken from the available
// balance, else 4015 and nothing changes. The card asset's balance falls by the amount and its
// `held` by the hold (its CHECK keeps held within the balance), one CARD_SPEND ledger entry (the
// transaction, its id the transactionId), the running totals move by the difference, the
// authorization is CLEARED with nothing held. Event: transaction.cleared.
import type { DatabaseHandle } from '@/lib/db/open';
import { decimalToMinor, formatMinor } from '@/lib/wallet/contract/money';
import type { OperationParams } from '@/lib/wallet/contract/operations';
import { simulateClear } from '@/lib/wallet/contract/operations/simulate-clear';
import { ResultCode, WalletError } from '@/lib/wallet/contract/result-codes';
import type { Authorization } from '@/lib/wallet/contract/schemas';
import { bindHandler } from '../bind-handler';
import type { AuthenticatedApp, Executor } from '../context';
import { CLEAR_ASSET, CLEAR_AUTHORIZATION, CLEAR_LEDGER, spendRows } from './spend-statements';
import { recordEvent } from '../event/record-event';
import {
  amountNotAllowed,
  lockAuthorization,
  readAuthorization,
  toAuthorization,
} from './authorization-records';
import { addToTotals } from './spend-totals';
import { moveInSummary, placeOfRow, stateOfRow } from './summary-totals';

/** The most a clear may post: 120 % of what is held, rounded down to the minor unit. */
export function clearCeiling(heldMinor: number): number {
  return Math.floor((heldMinor * 120) / 100);
}

/** An optional amount parameter in minor units at the asset's decimals; 1002 when it has more. */
export function optionalAmount(amount: string | undefined, decimalPlaces: number): number | undefined {
  if (amount === undefined) return undefined;
  const minor = decimalToMinor(amount, decimalPlaces);
  if (minor === undefined || minor <= 0) {
    const rule = `must be more than 0 with at most ${decimalPlaces} decimals (the card's)`;
    throw new WalletError(ResultCode.PARAM_INVALID, `amount ${rule}.`, { field: 'amount', rule });
  }
  return minor;
}

export async function clearAuthorization(options: {
  db: Executor;
  /** With the engine (the handler's), the statements run prepared (spend-statements.ts). */
  engine?: DatabaseHandle;
  app: AuthenticatedApp;
  params: OperationParams<'simulateClear'>;
  now?: Date;
}): Promise<Authorization> {
  const { db, app, params, engine } = options;
  const now = options.now ?? new Date();
  const { row, asset } = await lockAuthorization(db, app, { id: params.authorizationId }, engine);
  const amount = optionalAmount(params.amount, row.decimal_places) ?? row.held;
  if (row.status !== 'PENDING') {
    throw amountNotAllowed(`Authorization ${row.id} is ${row.status}, not PENDING: it cannot be cleared.`);
  }
  if (amount > clearCeiling(row.held)) {
    throw amountNotAllowed(
      `The clear is more than 120 % of the ${formatMinor(row.held, row.decimal_places)} ${row.currency} held for authorization ${row.id}.`,
    );
  }
  const extra = amount - row.held;
  if (extra > asset.balance - asset.held) {
    throw amountNotAllowed(
      `The card's available balance does not cover the clear's ${formatMinor(extra, row.decimal_places)} ${row.currency} over the hold.`,
    );
  }
  const balanceAfter = asset.balance - amount;
  await spendRows(db, engine, CLEAR_ASSET, [balanceAfter, row.held, row.card_asset_id]);
  const [entry] = await spendRows<{ id: string | number }>(db, engine, CLEAR_LEDGER, [
    row.card_asset_id,
    -amount,
    balanceAfter,
    row.card_id,
  ]);
  await spendRows(db, engine, CLEAR_AUTHORIZATION, [amount, Number(entry!.id), now.toISOString(), row.id]);
  await addToTotals(db, row.card_id, row.approved_at ?? row.created_at, amount - row.held, engine);
  await moveInSummary(
    db,
    placeOfRow(row),
    stateOfRow(row),
    { ...stateOfRow(row), status: 'CLEARED', held: 0, cleared: amount },
    engine,
  );
  const cleared = toAuthorization((await readAuthorization(db, app.id, { id: row.id }, engine))!);
  await recordEvent({ db, app, type: 'transaction.cleared', data: cleared, now });
  return cleared;
}

/** simulateClear's handler (lib/wallet/contract/operations/simulate-clear.ts). */
export const simulateClearHandler = bindHandler(simulateClear, clearAuthorization);
