// dispute/submit and dispute/withdraw (docs/disputes.md "Statuses"): only an OPEN dispute, moved
// by one conditional update, so that a submit racing a withdraw (or the expiry worker) leaves one
// of them: the second waits for the first's row lock, then finds the dispute no longer OPEN
// (4019). Neither moves money. Events: dispute.submitted, dispute.withdrawn.
import type { DatabaseHandle } from '@/lib/db/open';
import type { OperationParams } from '@/lib/wallet/contract/operations';
import { disputeSubmit } from '@/lib/wallet/contract/operations/dispute-submit';
import { disputeWithdraw } from '@/lib/wallet/contract/operations/dispute-withdraw';
import type { Dispute } from '@/lib/wallet/contract/schemas';
import { bindHandler } from '../bind-handler';
import type { AuthenticatedApp, Executor } from '../context';
import { recordEvent } from '../event/record-event';
import { spendRows, type SpendStatement } from '../spending/spend-statements';
import { disputeStatusConflict, readDisputeOrThrow, toDispute, type DisputeRow } from './dispute-records';
import { DISPUTE_SUBMIT, DISPUTE_WITHDRAW } from './dispute-statements';

/**
 * Moves the app's dispute with `move.statement` (a conditional update on its status, given the
 * dispute's id and app first), or throws 4017 (no such dispute) or 4019 (not `move.from`);
 * answers the dispute as it is now.
 */
export async function moveDispute(
  options: { db: Executor; engine?: DatabaseHandle; app: AuthenticatedApp },
  disputeId: number,
  move: { statement: SpendStatement; values: unknown[]; from: Dispute['status']; verb: string },
): Promise<DisputeRow> {
  const { db, engine, app } = options;
  const moved = await spendRows(db, engine, move.statement, [disputeId, app.id, ...move.values]);
  const row = await readDisputeOrThrow(db, app.id, disputeId, engine);
  if (moved.length !== 1) throw disputeStatusConflict(disputeId, row.status, move.from, move.verb);
  return row;
}

export async function submitDispute(options: {
  db: Executor;
  engine?: DatabaseHandle;
  app: AuthenticatedApp;
  params: OperationParams<'disputeSubmit'>;
  now?: Date;
}): Promise<Dispute> {
  const { db, app, params } = options;
  const now = options.now ?? new Date();
  const dispute = toDispute(
    await moveDispute(options, params.disputeId, {
      statement: DISPUTE_SUBMIT,
      values: [params.evidence, now.toISOString()],
      from: 'OPEN',
      verb: 'submitted',
    }),
  );
  await recordEvent({ db, app, type: 'dispute.submitted', data: dispute, now });
  return dispute;
}

export async function withdrawDispute(options: {
  db: Executor;
  engine?: DatabaseHandle;
  app: AuthenticatedApp;
  params: OperationParams<'disputeWithdraw'>;
  now?: Date;
}): Promise<Dispute> {
  const { db, app, params } = options;
  const now = options.now ?? new Date();
  const dispute = toDispute(
    await moveDispute(options, params.disputeId, {
      statement: DISPUTE_WITHDRAW,
      values: [now.toISOString()],
      from: 'OPEN',
      verb: 'withdrawn',
    }),
  );
  await recordEvent({ db, app, type: 'dispute.withdrawn', data: dispute, now });
  return dispute;
}

/** disputeSubmit's handler (lib/wallet/contract/operations/dispute-submit.ts). */
export const disputeSubmitHandler = bindHandler(disputeSubmit, submitDispute);

/** disputeWithdraw's handler (lib/wallet/contract/operations/dispute-withdraw.ts). */
export const disputeWithdrawHandler = bindHandler(disputeWithdraw, withdrawDispute);
