// dispute/create (docs/disputes.md "Rules"): a cleared purchase (the transactionId of its
// authorization; 4014 otherwise), within 120 days of its clearing, for at most what is left: the
// cleared amount less what was refunded and what its other disputes (not LOST, WITHDRAWN or
// EXPIRED) claim (4018 otherwise). The rule holds under concurrency because every dispute/create
// of a purchase locks its authorization's row FOR UPDATE before it sums the other disputes: two
// of them queue, and the second sees the first's dispute. The locks go in the house order
// (spending/authorization-records.ts): the card's row first (FOR UPDATE when a FRAUDULENT dispute
// locks the card, in this transaction, through card/lock's own change), then the authorization.
// dueBy is the clearing + 110 days (HandlerConfig.disputeDueMs scales it for tests). The
// statements are dispute-statements.ts's, prepared with the engine.
import type { DatabaseHandle } from '@/lib/db/open';
import { formatMinor } from '@/lib/wallet/contract/money';
import type { OperationParams } from '@/lib/wallet/contract/operations';
import { disputeCreate } from '@/lib/wallet/contract/operations/dispute-create';
import type { Dispute } from '@/lib/wallet/contract/schemas';
import { bindHandler, type HandlerConfig } from '../bind-handler';
import type { AuthenticatedApp, Executor } from '../context';
import { recordEvent } from '../event/record-event';
import { authorizationNotFound, normalizeRow, readAuthorization } from '../spending/authorization-records';
import { optionalAmount } from '../spending/clear-authorization';
import { SPEND_LOCK_AUTHORIZATION, spendRows } from '../spending/spend-statements';
import { changeCardStatus } from '../card/change-card-status';
import { disputeNotAllowed, readDisputeOrThrow, toDispute } from './dispute-records';
import {
  DISPUTE_CARD_SHARE,
  DISPUTE_CARD_UPDATE,
  DISPUTE_CLAIMED,
  DISPUTE_CLEARED_AT,
  DISPUTE_INSERT,
  DISPUTE_PURCHASE,
} from './dispute-statements';

const DAY_MS = 86_400_000;
/** How long after its clearing a purchase may be disputed. */
export const DISPUTE_WINDOW_MS = 120 * DAY_MS;
/** dueBy: the clearing + 110 days, unless the configuration scales it. */
export const DISPUTE_DUE_MS = 110 * DAY_MS;

export async function createDispute(
  options: {
    db: Executor;
    engine: DatabaseHandle;
    app: AuthenticatedApp;
    params: OperationParams<'disputeCreate'>;
    now?: Date;
  },
  config: Pick<HandlerConfig, 'disputeDueMs'> = {},
): Promise<Dispute> {
  const { db, engine, app, params } = options;
  const now = options.now ?? new Date();
  const what = `Transaction ${params.transactionId}`;
  const [found] = await spendRows<Record<string, unknown>>(db, engine, DISPUTE_PURCHASE, [
    params.transactionId,
    app.id,
  ]);
  if (!found) throw authorizationNotFound(what);
  const first = normalizeRow(found);
  const fraud = params.reason === 'FRAUDULENT';
  const [card] = await spendRows<{ status: string }>(
    db,
    engine,
    fraud ? DISPUTE_CARD_UPDATE : DISPUTE_CARD_SHARE,
    [first.card_id],
  );
  await spendRows(db, engine, SPEND_LOCK_AUTHORIZATION, [first.id]);
  const row = await readAuthorization(db, app.id, { id: first.id }, engine);
  if (!row || !card || row.transaction_id === null)
    throw new Error(`authorization ${first.id} lost its card`);
  const [entry] = await spendRows<{ created_at: Date | string }>(db, engine, DISPUTE_CLEARED_AT, [
    row.transaction_id,
  ]);
  const clearedAt = new Date(entry!.created_at);
  if (row.status !== 'CLEARED') throw disputeNotAllowed(`${what} is ${row.status}, not a cleared purchase.`);
  if (now.getTime() - clearedAt.getTime() > DISPUTE_WINDOW_MS) {
    throw disputeNotAllowed(`${what} was cleared more than 120 days ago: it can no longer be disputed.`);
  }
  const [claim] = await spendRows<{ claimed: string | number }>(db, engine, DISPUTE_CLAIMED, [row.id]);
  const left = row.cleared - row.refunded - Number(claim!.claimed);
  const amount = optionalAmount(params.amount, row.decimal_places) ?? left;
  if (left <= 0)
    throw disputeNotAllowed(`Nothing of ${what} is left to dispute: it is refunded or disputed in full.`);
  if (amount > left) {
    throw disputeNotAllowed(
      `The dispute is more than the ${formatMinor(left, row.decimal_places)} ${row.currency} left to dispute of ${what}.`,
    );
  }
  const [inserted] = await spendRows<{ id: string | number }>(db, engine, DISPUTE_INSERT, [
    app.id,
    row.id,
    row.card_id,
    row.user_id,
    params.reason,
    amount,
    params.explanation ?? null,
    new Date(clearedAt.getTime() + (config.disputeDueMs ?? DISPUTE_DUE_MS)).toISOString(),
    now.toISOString(),
  ]);
  const dispute = toDispute(await readDisputeOrThrow(db, app.id, Number(inserted!.id), engine));
  await recordEvent({ db, app, type: 'dispute.created', data: dispute, now });
  // A fraud dispute locks the card at once (docs/disputes.md "Rules"), through card/lock's change.
  if (fraud && card.status === 'ACTIVE') {
    await changeCardStatus({
      db,
      engine,
      app,
      action: 'lock',
      params: { appUserId: row.app_user_id, cardId: row.card_id, reason: 'FRAUD_SUSPECTED' },
      now,
    });
  }
  return dispute;
}

/** disputeCreate's handler (lib/wallet/contract/operations/dispute-create.ts). */
export const disputeCreateHandler = bindHandler(disputeCreate, (context, config) =>
  createDispute(context, config),
);
