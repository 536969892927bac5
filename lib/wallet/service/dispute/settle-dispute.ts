// simulate/disputeOutcome (docs/disputes.md "Rules"): the network's answer, only to a SUBMITTED
// dispute (4019 otherwise), taken by one conditional update, so that of ten answers at once one
// moves the dispute and the rest find it WON or LOST. WON credits the amount, in this
// transaction, as one DISPUTE_CREDIT ledger entry to the card's asset or, when the card was
// cancelled (or replaced) since, to where its balance moved (card/cancelled-balance.ts, as a
// refund after a cancel); the entry is the dispute's creditTransactionId. LOST moves nothing.
// Spending limits' `spent` is left alone either way. Locks in the house order: the cards on the
// way FOR SHARE (a cancel of the card the money lands on waits, then moves it on), the dispute,
// the asset credited.
import { sql } from 'drizzle-orm';
import { rawRows } from '@/lib/db/open';
import type { OperationParams } from '@/lib/wallet/contract/operations';
import { simulateDisputeOutcome } from '@/lib/wallet/contract/operations/simulate-dispute-outcome';
import type { Dispute } from '@/lib/wallet/contract/schemas';
import { bindHandler } from '../bind-handler';
import type { AuthenticatedApp, Executor } from '../context';
import { assets, disputes, ledgerEntries } from '../db/schema';
import { recordEvent } from '../event/record-event';
import { cancelledCardDestination } from '../card/cancelled-balance';
import { moveDispute } from './change-dispute';
import { readDisputeOrThrow, toDispute } from './dispute-records';

/** Credits `amount` to `assetId` as the dispute's DISPUTE_CREDIT entry; the entry's id. */
async function creditDispute(
  db: Executor,
  dispute: { id: number; cardId: number; amount: number },
  assetId: number,
): Promise<number> {
  const [asset] = await rawRows<{ balance: string | number }>(
    db,
    sql`update ${assets} set balance = balance + ${dispute.amount} where id = ${assetId} returning balance`,
  );
  const [entry] = await db
    .insert(ledgerEntries)
    .values({
      assetId,
      amount: dispute.amount,
      balanceAfter: Number(asset!.balance),
      reason: 'DISPUTE_CREDIT',
      cardId: dispute.cardId,
    })
    .returning({ id: ledgerEntries.id });
  await db.execute(sql`update ${disputes} set credit_entry_id = ${entry!.id} where id = ${dispute.id}`);
  return entry!.id;
}

export async function settleDispute(options: {
  db: Executor;
  app: AuthenticatedApp;
  params: OperationParams<'simulateDisputeOutcome'>;
  now?: Date;
}): Promise<Dispute> {
  const { db, app, params } = options;
  const now = options.now ?? new Date();
  const found = await readDisputeOrThrow(db, app.id, params.disputeId);
  // Where the money would land, its cards locked FOR SHARE before the dispute (house order).
  const destination =
    params.outcome === 'WON' ? await cancelledCardDestination(db, found.card_id) : undefined;
  const moved = await moveDispute(db, app, found.id, {
    from: 'SUBMITTED',
    to: params.outcome,
    verb: 'given an outcome',
    set: sql`resolved_at = ${now.toISOString()}::timestamptz`,
  });
  let dispute = moved;
  if (destination !== undefined) {
    await creditDispute(db, { id: found.id, cardId: found.card_id, amount: found.amount }, destination);
    dispute = toDispute(await readDisputeOrThrow(db, app.id, found.id));
  }
  await recordEvent({
    db,
    app,
    type: params.outcome === 'WON' ? 'dispute.won' : 'dispute.lost',
    data: dispute,
    now,
  });
  return dispute;
}

/** simulateDisputeOutcome's handler (lib/wallet/contract/operations/simulate-dispute-outcome.ts). */
export const simulateDisputeOutcomeHandler = bindHandler(simulateDisputeOutcome, settleDispute);
