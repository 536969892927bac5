// simulate/disputeOutcome (docs/disputes.md "Rules"): the network's answer, only to a SUBMITTED
// dispute (4019 otherwise), taken by one conditional update, so that of ten answers at once one
// moves the dispute and the rest find it WON or LOST. WON credits the amount, in this
// transaction, as one DISPUTE_CREDIT ledger entry to the card's asset or, when the card was
// cancelled (or replaced) since, to where its balance moved (card/cancelled-balance.ts, as a
// refund after a cancel); the entry is the dispute's creditTransactionId. LOST moves nothing.
// Spending limits' `spent` is left alone either way. Locks in the house order: the cards on the
// way FOR SHARE (a cancel of the card the money lands on waits, then moves it on), the dispute,
// the asset credited.
import type { DatabaseHandle } from '@/lib/db/open';
import type { OperationParams } from '@/lib/wallet/contract/operations';
import { simulateDisputeOutcome } from '@/lib/wallet/contract/operations/simulate-dispute-outcome';
import type { Dispute } from '@/lib/wallet/contract/schemas';
import { bindHandler } from '../bind-handler';
import type { AuthenticatedApp, Executor } from '../context';
import { recordEvent } from '../event/record-event';
import { cancelledCardDestination } from '../card/cancelled-balance';
import { spendRows } from '../spending/spend-statements';
import { moveDispute } from './change-dispute';
import { readDisputeOrThrow, toDispute } from './dispute-records';
import {
  DISPUTE_CREDIT_ASSET,
  DISPUTE_CREDIT_ENTRY,
  DISPUTE_CREDITED,
  DISPUTE_SETTLE,
} from './dispute-statements';

/** Credits the dispute's amount to `assetId` as its DISPUTE_CREDIT entry; the entry's id. */
async function creditDispute(
  db: Executor,
  engine: DatabaseHandle | undefined,
  dispute: { id: number; cardId: number; amount: number },
  assetId: number,
): Promise<number> {
  const [asset] = await spendRows<{ balance: string | number }>(db, engine, DISPUTE_CREDIT_ASSET, [
    assetId,
    dispute.amount,
  ]);
  const [entry] = await spendRows<{ id: string | number }>(db, engine, DISPUTE_CREDIT_ENTRY, [
    assetId,
    dispute.amount,
    Number(asset!.balance),
    dispute.cardId,
  ]);
  const entryId = Number(entry!.id);
  await spendRows(db, engine, DISPUTE_CREDITED, [dispute.id, entryId]);
  return entryId;
}

export async function settleDispute(options: {
  db: Executor;
  engine?: DatabaseHandle;
  app: AuthenticatedApp;
  params: OperationParams<'simulateDisputeOutcome'>;
  now?: Date;
}): Promise<Dispute> {
  const { db, engine, app, params } = options;
  const now = options.now ?? new Date();
  const found = await readDisputeOrThrow(db, app.id, params.disputeId, engine);
  // Where the money would land, its cards locked FOR SHARE before the dispute (house order).
  const destination =
    params.outcome === 'WON' ? await cancelledCardDestination(db, found.card_id) : undefined;
  let row = await moveDispute(options, found.id, {
    statement: DISPUTE_SETTLE,
    values: [params.outcome, now.toISOString()],
    from: 'SUBMITTED',
    verb: 'given an outcome',
  });
  if (destination !== undefined) {
    const entryId = await creditDispute(
      db,
      engine,
      { id: found.id, cardId: found.card_id, amount: found.amount },
      destination,
    );
    row = { ...row, credit_entry_id: entryId };
  }
  const dispute = toDispute(row);
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
