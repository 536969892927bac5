// simulate/reverse, and the reversals a cancel makes (docs/card-spending.md "Rules"): all or part
// of a PENDING authorization's hold is released (4015 when it is not PENDING, or for more than is
// held); the card asset's `held` and the running totals fall by it; REVERSED once nothing is held,
// else still PENDING. Event: authorization.reversed.
import { formatMinor } from '@/lib/wallet/contract/money';
import { sql } from 'drizzle-orm';
import { rawRows } from '@/lib/db/open';
import type { OperationParams } from '@/lib/wallet/contract/operations';
import { simulateReverse } from '@/lib/wallet/contract/operations/simulate-reverse';
import type { Authorization } from '@/lib/wallet/contract/schemas';
import { bindHandler } from '../bind-handler';
import type { AuthenticatedApp, Executor } from '../context';
import { assets, authorizations } from '../db/schema';
import { recordEvent } from '../event/record-event';
import {
  amountNotAllowed,
  AUTHORIZATION_COLUMNS,
  AUTHORIZATION_FROM,
  lockAuthorization,
  normalizeRow,
  readAuthorization,
  toAuthorization,
  type AuthorizationRow,
} from './authorization-records';
import { optionalAmount } from './clear-authorization';
import { addToTotals } from './spend-totals';
import {
  summaryDeltas,
  placeOfRow,
  stateOfRow,
  writeSummaryDeltas,
  type SummaryDelta,
} from './summary-totals';

/**
 * Releases `amount` of a locked, PENDING authorization's hold (its card asset row locked too):
 * the end status is REVERSED (or `endStatus`, EXPIRED for the expiry worker) once nothing is held.
 * Its move in the summary totals is written here, or, when `summary` is given (a batch of
 * releases), added to it for the batch's one statement.
 */
export async function releaseHold(options: {
  db: Executor;
  app: AuthenticatedApp;
  row: AuthorizationRow;
  amount: number;
  now: Date;
  endStatus?: 'REVERSED' | 'EXPIRED';
  summary?: SummaryDelta[];
}): Promise<Authorization> {
  const { db, app, row, amount, now } = options;
  const left = row.held - amount;
  const status = left === 0 ? (options.endStatus ?? 'REVERSED') : 'PENDING';
  await db.execute(sql`update ${assets} set held = held - ${amount} where id = ${row.card_asset_id}`);
  await rawRows(
    db,
    sql`update ${authorizations}
           set held = ${left}, reversed = reversed + ${status === 'EXPIRED' ? 0 : amount}, status = ${status},
               updated_at = ${now.toISOString()}::timestamptz
         where id = ${row.id}`,
  );
  await addToTotals(db, row.card_id, row.approved_at ?? row.created_at, -amount);
  const moved = summaryDeltas(placeOfRow(row), stateOfRow(row), { ...stateOfRow(row), status, held: left });
  if (options.summary) options.summary.push(...moved);
  else await writeSummaryDeltas(db, moved);
  const released = toAuthorization((await readAuthorization(db, app.id, { id: row.id }))!);
  await recordEvent({
    db,
    app,
    type: status === 'EXPIRED' ? 'authorization.expired' : 'authorization.reversed',
    data: released,
    now,
  });
  return released;
}

export async function reverseAuthorization(options: {
  db: Executor;
  app: AuthenticatedApp;
  params: OperationParams<'simulateReverse'>;
  now?: Date;
}): Promise<Authorization> {
  const { db, app, params } = options;
  const { row } = await lockAuthorization(db, app, { id: params.authorizationId });
  const amount = optionalAmount(params.amount, row.decimal_places) ?? row.held;
  if (row.status !== 'PENDING') {
    throw amountNotAllowed(
      `Authorization ${row.id} is ${row.status}, not PENDING: nothing is held to reverse.`,
    );
  }
  if (amount > row.held) {
    throw amountNotAllowed(
      `The reversal is more than the ${formatMinor(row.held, row.decimal_places)} ${row.currency} held for authorization ${row.id}.`,
    );
  }
  return releaseHold({ db, app, row, amount, now: options.now ?? new Date() });
}

/**
 * Every open hold of a card, released in full: a cancel does this first (docs/card-spending.md
 * "Rules"), holding the card's row FOR UPDATE, so no authorization can open a new one meanwhile.
 */
export async function reverseOpenHolds(options: {
  db: Executor;
  app: AuthenticatedApp;
  cardId: number;
  now: Date;
}): Promise<void> {
  const { db, app, cardId, now } = options;
  const open = await rawRows<Record<string, unknown>>(
    db,
    sql`select ${AUTHORIZATION_COLUMNS} from ${AUTHORIZATION_FROM}
         where a.card_id = ${cardId} and a.status = 'PENDING' order by a.id for update of a`,
  );
  if (open.length === 0) return;
  const assetId = Number(open[0]!.card_asset_id);
  await db.execute(sql`select 1 from ${assets} where id = ${assetId} for update`);
  const summary: SummaryDelta[] = [];
  for (const raw of open) {
    const row = normalizeRow(raw);
    await releaseHold({ db, app, row, amount: row.held, now, summary });
  }
  await writeSummaryDeltas(db, summary);
}

/** simulateReverse's handler (lib/wallet/contract/operations/simulate-reverse.ts). */
export const simulateReverseHandler = bindHandler(simulateReverse, reverseAuthorization);
