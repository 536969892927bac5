// simulate/refund (docs/card-spending.md "Money model"): a cleared transaction (the transactionId
// of its authorization; 4014 otherwise) refunded in full or in part, never beyond what is left
// (4015). Under the locks of lockAuthorization: the card asset's balance rises (MERCHANT_REFUND
// ledger entry), the authorization's refunded amount rises, the running totals fall by it, one
// refund row. Event: transaction.refunded. A refund to a card cancelled since goes on, in the same
// transaction, where the cancel moved the card's balance (docs/card-spending.md "Rules"): the card asset's answer balance is then what stays on it (0);
// when that is the card a replacement carried the counts to, its counts fall by it too.
import { sql } from 'drizzle-orm';
import { minorToMajor, formatMinor } from '@/lib/wallet/contract/money';
import type { OperationParams } from '@/lib/wallet/contract/operations';
import { simulateRefund } from '@/lib/wallet/contract/operations/simulate-refund';
import type { Refund } from '@/lib/wallet/contract/schemas';
import { bindHandler } from '../bind-handler';
import type { AuthenticatedApp, Executor } from '../context';
import { assets, authorizations, cardRefunds, ledgerEntries } from '../db/schema';
import { recordEvent } from '../event/record-event';
import { amountNotAllowed, lockAuthorization } from './authorization-records';
import { optionalAmount } from './clear-authorization';
import { addToTotals, windowsOf } from './spend-totals';
import { lowerCarriedCounts } from './carry-controls';
import { moveMoney } from '../asset/move-money';
import { cancelledCardDestination } from '../card/cancelled-balance';
import { moveInSummary, placeOfRow, stateOfRow } from './summary-totals';

export async function refundTransaction(options: {
  db: Executor;
  app: AuthenticatedApp;
  params: OperationParams<'simulateRefund'>;
  now?: Date;
}): Promise<Refund> {
  const { db, app, params } = options;
  const now = options.now ?? new Date();
  const { row, asset, cardStatus } = await lockAuthorization(db, app, {
    transactionId: params.transactionId,
  });
  const left = row.cleared - row.refunded;
  const amount = optionalAmount(params.amount, row.decimal_places) ?? left;
  if (left === 0) throw amountNotAllowed(`Transaction ${params.transactionId} is already refunded in full.`);
  if (amount > left) {
    throw amountNotAllowed(
      `The refund is more than the ${formatMinor(left, row.decimal_places)} ${row.currency} left to refund of transaction ${params.transactionId}.`,
    );
  }
  const balanceAfter = asset.balance + amount;
  await db.execute(sql`update ${assets} set balance = ${balanceAfter} where id = ${row.card_asset_id}`);
  const [entry] = await db
    .insert(ledgerEntries)
    .values({
      assetId: row.card_asset_id,
      amount,
      balanceAfter,
      reason: 'MERCHANT_REFUND',
      cardId: row.card_id,
    })
    .returning({ id: ledgerEntries.id });
  await db.execute(
    sql`update ${authorizations} set refunded = refunded + ${amount}, updated_at = ${now.toISOString()}::timestamptz
         where id = ${row.id}`,
  );
  const [refund] = await db
    .insert(cardRefunds)
    .values({ appId: app.id, authorizationId: row.id, amount, ledgerEntryId: entry!.id, createdAt: now })
    .returning({ id: cardRefunds.id });
  await addToTotals(db, row.card_id, row.approved_at ?? row.created_at, -amount);
  // A cancelled card spends nothing more: the refund goes on where the cancel moved its balance
  // (docs/card-spending.md "Rules"), in this transaction, as the cancel moved it.
  let cardBalance = balanceAfter;
  if (cardStatus === 'CANCELLED') {
    const destination = await cancelledCardDestination(db, row.card_id);
    const moved = await moveMoney({
      db,
      fromAssetId: row.card_asset_id,
      toAssetId: destination,
      amountMinor: amount,
      outType: 'CARD_REFUND',
      inType: 'CARD_REFUND',
      cardId: row.card_id,
    });
    if ('short' in moved)
      throw new Error(`card asset ${row.card_asset_id} lost the refund it was just credited`);
    cardBalance = moved.fromBalance;
    const w = windowsOf(row.approved_at ?? row.created_at);
    await lowerCarriedCounts(db, destination, [w.day, w.month, w.allTime], amount);
  }
  await moveInSummary(db, placeOfRow(row), stateOfRow(row), {
    ...stateOfRow(row),
    refunded: row.refunded + amount,
  });
  const dp = row.decimal_places;
  const result: Refund = {
    refundId: refund!.id,
    transactionId: params.transactionId,
    amount: minorToMajor(amount, dp),
    balance: minorToMajor(cardBalance, dp),
  };
  await recordEvent({ db, app, type: 'transaction.refunded', data: result, now });
  return result;
}

/** simulateRefund's handler (lib/wallet/contract/operations/simulate-refund.ts). */
export const simulateRefundHandler = bindHandler(simulateRefund, refundTransaction);
