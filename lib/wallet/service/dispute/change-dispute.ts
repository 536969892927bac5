// dispute/submit and dispute/withdraw (docs/disputes.md "Statuses"): only an OPEN dispute, moved
// by one conditional update, so that a submit racing a withdraw (or the expiry worker) leaves one
// of them: the second waits for the first's row lock, then finds the dispute no longer OPEN
// (4019). Neither moves money. Events: dispute.submitted, dispute.withdrawn.
import { sql, type SQL } from 'drizzle-orm';
import { rawRows } from '@/lib/db/open';
import type { OperationParams } from '@/lib/wallet/contract/operations';
import { disputeSubmit } from '@/lib/wallet/contract/operations/dispute-submit';
import { disputeWithdraw } from '@/lib/wallet/contract/operations/dispute-withdraw';
import type { Dispute } from '@/lib/wallet/contract/schemas';
import { bindHandler } from '../bind-handler';
import type { AuthenticatedApp, Executor } from '../context';
import { disputes } from '../db/schema';
import { recordEvent } from '../event/record-event';
import { disputeStatusConflict, readDisputeOrThrow, toDispute } from './dispute-records';

/**
 * Moves the app's dispute from `from` to `to` with `set`, or throws 4017 (no such dispute) or
 * 4019 (not in `from`); answers the dispute as it is now.
 */
export async function moveDispute(
  db: Executor,
  app: AuthenticatedApp,
  disputeId: number,
  move: { from: Dispute['status']; to: Dispute['status']; verb: string; set: SQL },
): Promise<Dispute> {
  const moved = await rawRows<{ id: number }>(
    db,
    sql`update ${disputes} set status = ${move.to}, ${move.set}
         where id = ${disputeId} and app_id = ${app.id} and status = ${move.from}
         returning id`,
  );
  const row = await readDisputeOrThrow(db, app.id, disputeId);
  if (moved.length !== 1) throw disputeStatusConflict(disputeId, row.status, move.from, move.verb);
  return toDispute(row);
}

export async function submitDispute(options: {
  db: Executor;
  app: AuthenticatedApp;
  params: OperationParams<'disputeSubmit'>;
  now?: Date;
}): Promise<Dispute> {
  const { db, app, params } = options;
  const now = options.now ?? new Date();
  const dispute = await moveDispute(db, app, params.disputeId, {
    from: 'OPEN',
    to: 'SUBMITTED',
    verb: 'submitted',
    set: sql`evidence = ${params.evidence}, submitted_at = ${now.toISOString()}::timestamptz`,
  });
  await recordEvent({ db, app, type: 'dispute.submitted', data: dispute, now });
  return dispute;
}

export async function withdrawDispute(options: {
  db: Executor;
  app: AuthenticatedApp;
  params: OperationParams<'disputeWithdraw'>;
  now?: Date;
}): Promise<Dispute> {
  const { db, app, params } = options;
  const now = options.now ?? new Date();
  const dispute = await moveDispute(db, app, params.disputeId, {
    from: 'OPEN',
    to: 'WITHDRAWN',
    verb: 'withdrawn',
    set: sql`resolved_at = ${now.toISOString()}::timestamptz`,
  });
  await recordEvent({ db, app, type: 'dispute.withdrawn', data: dispute, now });
  return dispute;
}

/** disputeSubmit's handler (lib/wallet/contract/operations/dispute-submit.ts). */
export const disputeSubmitHandler = bindHandler(disputeSubmit, submitDispute);

/** disputeWithdraw's handler (lib/wallet/contract/operations/dispute-withdraw.ts). */
export const disputeWithdrawHandler = bindHandler(disputeWithdraw, withdrawDispute);
