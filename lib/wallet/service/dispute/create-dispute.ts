// dispute/create (docs/disputes.md "Rules"): a cleared purchase (the transactionId of its
// authorization; 4014 otherwise), within 120 days of its clearing, for at most what is left: the
// cleared amount less what was refunded and what its other disputes (not LOST, WITHDRAWN or
// EXPIRED) claim (4018 otherwise). The rule holds under concurrency because every dispute/create
// of a purchase locks its authorization's row FOR UPDATE before it sums the other disputes: two
// of them queue, and the second sees the first's dispute. The locks go in the house order
// (spending/authorization-records.ts): the card's row first (FOR UPDATE when a FRAUDULENT dispute
// locks the card, in this transaction, through card/lock's own change), then the authorization.
// dueBy is the clearing + 110 days (HandlerConfig.disputeDueMs scales it for tests).
import { sql } from 'drizzle-orm';
import { rawRows } from '@/lib/db/open';
import { formatMinor } from '@/lib/wallet/contract/money';
import type { OperationParams } from '@/lib/wallet/contract/operations';
import { disputeCreate } from '@/lib/wallet/contract/operations/dispute-create';
import type { Dispute } from '@/lib/wallet/contract/schemas';
import type { DatabaseHandle } from '@/lib/db/open';
import { bindHandler, type HandlerConfig } from '../bind-handler';
import type { AuthenticatedApp, Executor } from '../context';
import { authorizations, cards, disputes, ledgerEntries } from '../db/schema';
import { recordEvent } from '../event/record-event';
import { authorizationNotFound, readAuthorization } from '../spending/authorization-records';
import { optionalAmount } from '../spending/clear-authorization';
import { changeCardStatus } from '../card/change-card-status';
import { disputeNotAllowed, readDisputeOrThrow, toDispute } from './dispute-records';

const DAY_MS = 86_400_000;
/** How long after its clearing a purchase may be disputed. */
export const DISPUTE_WINDOW_MS = 120 * DAY_MS;
/** dueBy: the clearing + 110 days, unless the configuration scales it. */
export const DISPUTE_DUE_MS = 110 * DAY_MS;

/** The statuses whose disputes still claim part of the purchase. */
export const CLAIMING_STATUSES = sql`('OPEN', 'SUBMITTED', 'WON')`;

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
  const { db, app, params } = options;
  const now = options.now ?? new Date();
  const what = `Transaction ${params.transactionId}`;
  const first = await readAuthorization(db, app.id, { transactionId: params.transactionId });
  if (!first) throw authorizationNotFound(what);
  const fraud = params.reason === 'FRAUDULENT';
  const [card] = await rawRows<{ status: string }>(
    db,
    fraud
      ? sql`select status from ${cards} where id = ${first.card_id} for update`
      : sql`select status from ${cards} where id = ${first.card_id} for share`,
  );
  await db.execute(sql`select 1 from ${authorizations} where id = ${first.id} for update`);
  const row = await readAuthorization(db, app.id, { id: first.id });
  if (!row || !card || row.transaction_id === null)
    throw new Error(`authorization ${first.id} lost its card`);
  const [entry] = await rawRows<{ created_at: Date | string }>(
    db,
    sql`select created_at from ${ledgerEntries} where id = ${row.transaction_id}`,
  );
  const clearedAt = new Date(entry!.created_at);
  if (row.status !== 'CLEARED') throw disputeNotAllowed(`${what} is ${row.status}, not a cleared purchase.`);
  if (now.getTime() - clearedAt.getTime() > DISPUTE_WINDOW_MS) {
    throw disputeNotAllowed(`${what} was cleared more than 120 days ago: it can no longer be disputed.`);
  }
  const [claim] = await rawRows<{ claimed: string | number }>(
    db,
    sql`select coalesce(sum(amount), 0) as claimed from ${disputes}
         where authorization_id = ${row.id} and status in ${CLAIMING_STATUSES}`,
  );
  const left = row.cleared - row.refunded - Number(claim!.claimed);
  const amount = optionalAmount(params.amount, row.decimal_places) ?? left;
  if (left <= 0)
    throw disputeNotAllowed(`Nothing of ${what} is left to dispute: it is refunded or disputed in full.`);
  if (amount > left) {
    throw disputeNotAllowed(
      `The dispute is more than the ${formatMinor(left, row.decimal_places)} ${row.currency} left to dispute of ${what}.`,
    );
  }
  const [inserted] = await db
    .insert(disputes)
    .values({
      appId: app.id,
      authorizationId: row.id,
      cardId: row.card_id,
      userId: row.user_id,
      status: 'OPEN',
      reason: params.reason,
      amount,
      explanation: params.explanation ?? null,
      dueBy: new Date(clearedAt.getTime() + (config.disputeDueMs ?? DISPUTE_DUE_MS)),
      createdAt: now,
    })
    .returning({ id: disputes.id });
  const dispute = toDispute(await readDisputeOrThrow(db, app.id, inserted!.id));
  await recordEvent({ db, app, type: 'dispute.created', data: dispute, now });
  // A fraud dispute locks the card at once (docs/disputes.md "Rules"), through card/lock's change.
  if (fraud && card.status === 'ACTIVE') {
    await changeCardStatus({
      db,
      engine: options.engine,
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
