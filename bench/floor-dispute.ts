// The floor's dispute/create and simulate/disputeOutcome (bench/floor-server.ts; issue 43): in
// runOnce's transaction, statement for statement as the service runs them
// (lib/wallet/service/dispute/create-dispute.ts, settle-dispute.ts, change-dispute.ts): the same
// named prepared statements, imported from lib/wallet/service/dispute/dispute-statements.ts and
// spending/spend-statements.ts, and the card's row read as card/cancelled-balance.ts reads it
// (Drizzle renders that one; the floor sends the text it renders, unnamed, as the service does).
// Only the paths the loads take: a dispute that is not FRAUDULENT (no card lock) and a WON outcome
// on a card that is not cancelled. Anything else is refused (the loads never send it), so the
// floor never does less than the service for an answer it gives.
import type pg from 'pg';
import { decimalToMinor, minorToMajor } from '@/lib/wallet/contract/money';
import {
  DISPUTE_CARD_SHARE,
  DISPUTE_CLAIMED,
  DISPUTE_CLEARED_AT,
  DISPUTE_CREDIT_ASSET,
  DISPUTE_CREDIT_ENTRY,
  DISPUTE_CREDITED,
  DISPUTE_INSERT,
  DISPUTE_PURCHASE,
  DISPUTE_READ,
  DISPUTE_SETTLE,
} from '@/lib/wallet/service/dispute/dispute-statements';
import {
  SPEND_AUTHORIZATION,
  SPEND_LOCK_AUTHORIZATION,
} from '@/lib/wallet/service/spending/spend-statements';
import type { FloorTools } from './floor-deposit';

type App = { id: number; appId: string; agencyCode: string };

/** What floor-server.ts lends this handler beyond floor-deposit's tools: its runOnce and events. */
export type DisputeFloorTools = FloorTools & {
  runOnce: (
    pool: pg.Pool,
    app: App,
    operation: string,
    params: { requestId: string } & Record<string, string | number | boolean>,
    work: (tx: pg.PoolClient) => Promise<string>,
  ) => Promise<string>;
  recordEvent: (
    tx: pg.PoolClient,
    app: App,
    type: 'dispute.created' | 'dispute.won',
    at: Date,
    data: unknown,
  ) => Promise<void>;
};

const DAY_MS = 86_400_000;
const WINDOW_MS = 120 * DAY_MS;
const DUE_MS = 110 * DAY_MS;

/** cancelledCardDestination's read of a card, as Drizzle renders it for the service. */
const DESTINATION_CARD = {
  text: `select c.status, c.card_asset_id, c.balance_moved_to, c.user_id, a.app_id, a.currency
            from "wallet"."cards" c join "wallet"."assets" a on a.id = c.card_asset_id
           where c.id = $1 for share of c`,
};

type DisputeColumn =
  | 'id'
  | 'authorization_id'
  | 'card_id'
  | 'status'
  | 'reason'
  | 'amount'
  | 'explanation'
  | 'evidence'
  | 'due_by'
  | 'created_at'
  | 'submitted_at'
  | 'resolved_at'
  | 'credit_entry_id'
  | 'transaction_id'
  | 'currency'
  | 'merchant_name'
  | 'mcc'
  | 'merchant_country'
  | 'app_user_id'
  | 'decimal_places';

const iso = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string).toISOString());

export function createFloorDisputes(tools: DisputeFloorTools) {
  const { run, fail, required, int, runOnce, recordEvent } = tools;

  /** dispute-records.ts's read and toDispute: the dispute as the API answers it, and its row. */
  async function readDispute(tx: pg.PoolClient, app: App, id: number) {
    const { rows, at } = await run<DisputeColumn>(tx, DISPUTE_READ, [id, app.id]);
    const r = rows[0];
    if (!r) return undefined;
    const dp = r[at.decimal_places] as number;
    const credit = r[at.credit_entry_id];
    return {
      amountMinor: Number(r[at.amount]),
      answer: {
        disputeId: Number(r[at.id]),
        transactionId: Number(r[at.transaction_id]),
        authorizationId: Number(r[at.authorization_id]),
        cardId: r[at.card_id] as number,
        appUserId: r[at.app_user_id] as string,
        status: r[at.status] as string,
        reason: r[at.reason] as string,
        amount: minorToMajor(Number(r[at.amount]), dp),
        currency: r[at.currency] as string,
        merchant: { name: r[at.merchant_name], mcc: r[at.mcc], country: r[at.merchant_country] },
        explanation: (r[at.explanation] ?? null) as string | null,
        evidence: (r[at.evidence] ?? null) as string | null,
        dueBy: iso(r[at.due_by])!,
        createdAt: iso(r[at.created_at])!,
        submittedAt: iso(r[at.submitted_at]),
        resolvedAt: iso(r[at.resolved_at]),
        creditTransactionId: credit === null ? null : Number(credit),
      },
    };
  }

  async function create(pool: pg.Pool, app: App, pairs: Map<string, string>): Promise<string> {
    const params = {
      agencyCode: required(pairs, 'agencyCode'),
      appId: required(pairs, 'appId'),
      timestamp: int(pairs, 'timestamp', 0, Number.MAX_SAFE_INTEGER),
      nonce: required(pairs, 'nonce'),
      sign: required(pairs, 'sign'),
      transactionId: int(pairs, 'transactionId', 1, 2_147_483_647),
      reason: required(pairs, 'reason'),
      amount: required(pairs, 'amount'),
      requestId: required(pairs, 'requestId'),
    };
    if (params.reason === 'FRAUDULENT') throw fail(1002, 'The floor serves no FRAUDULENT dispute.');
    return runOnce(pool, app, 'disputeCreate', params, async (tx) => {
      const what = `Transaction ${params.transactionId}`;
      const found = await run<'id' | 'card_id'>(tx, DISPUTE_PURCHASE, [params.transactionId, app.id]);
      const first = found.rows[0];
      if (!first) throw fail(4014, `${what} does not exist under this app.`);
      const authorizationId = Number(first[found.at.id]);
      await run(tx, DISPUTE_CARD_SHARE, [first[found.at.card_id]]);
      await run(tx, SPEND_LOCK_AUTHORIZATION, [authorizationId]);
      const read = await run<
        'status' | 'cleared' | 'refunded' | 'card_id' | 'user_id' | 'transaction_id' | 'decimal_places'
      >(tx, SPEND_AUTHORIZATION, [authorizationId, app.id]);
      const row = read.rows[0]!;
      const at = read.at;
      const cleared = await run<'created_at'>(tx, DISPUTE_CLEARED_AT, [row[at.transaction_id]]);
      const clearedAt = new Date(cleared.rows[0]![cleared.at.created_at] as string);
      const now = new Date();
      if (row[at.status] !== 'CLEARED') throw fail(4018, `${what} is not a cleared purchase.`);
      if (now.getTime() - clearedAt.getTime() > WINDOW_MS)
        throw fail(4018, `${what} was cleared too long ago.`);
      const claim = await run<'claimed'>(tx, DISPUTE_CLAIMED, [authorizationId]);
      const left =
        Number(row[at.cleared]) - Number(row[at.refunded]) - Number(claim.rows[0]![claim.at.claimed]);
      const dp = row[at.decimal_places] as number;
      const amount = decimalToMinor(params.amount, dp);
      if (amount === undefined || amount <= 0) throw fail(1002, `amount must be more than 0.`);
      if (left <= 0 || amount > left) throw fail(4018, `The dispute is more than what is left of ${what}.`);
      const inserted = await run<'id'>(tx, DISPUTE_INSERT, [
        app.id,
        authorizationId,
        row[at.card_id],
        row[at.user_id],
        params.reason,
        amount,
        null,
        new Date(clearedAt.getTime() + DUE_MS).toISOString(),
        now.toISOString(),
      ]);
      const dispute = (await readDispute(tx, app, Number(inserted.rows[0]![inserted.at.id])))!;
      await recordEvent(tx, app, 'dispute.created', now, dispute.answer);
      return JSON.stringify(dispute.answer);
    });
  }

  async function outcome(pool: pg.Pool, app: App, pairs: Map<string, string>): Promise<string> {
    const params = {
      agencyCode: required(pairs, 'agencyCode'),
      appId: required(pairs, 'appId'),
      timestamp: int(pairs, 'timestamp', 0, Number.MAX_SAFE_INTEGER),
      nonce: required(pairs, 'nonce'),
      sign: required(pairs, 'sign'),
      disputeId: int(pairs, 'disputeId', 1, 2_147_483_647),
      outcome: required(pairs, 'outcome'),
      requestId: required(pairs, 'requestId'),
    };
    if (params.outcome !== 'WON') throw fail(1002, 'The floor serves the WON outcome only.');
    return runOnce(pool, app, 'simulateDisputeOutcome', params, async (tx) => {
      const id = params.disputeId;
      const found = await readDispute(tx, app, id);
      if (!found) throw fail(4017, `Dispute ${id} does not exist under this app.`);
      const card = await run<'status' | 'card_asset_id'>(tx, DESTINATION_CARD, [found.answer.cardId]);
      const c = card.rows[0]!;
      if (c[card.at.status] === 'CANCELLED') throw fail(1002, 'The floor credits no cancelled card.');
      const now = new Date();
      const moved = await run(tx, DISPUTE_SETTLE, [id, app.id, 'WON', now.toISOString()]);
      const settled = (await readDispute(tx, app, id))!;
      if (moved.rows.length !== 1)
        throw fail(4019, `Dispute ${id} is ${settled.answer.status}, not SUBMITTED.`);
      const assetId = c[card.at.card_asset_id];
      const asset = await run<'balance'>(tx, DISPUTE_CREDIT_ASSET, [assetId, found.amountMinor]);
      const entry = await run<'id'>(tx, DISPUTE_CREDIT_ENTRY, [
        assetId,
        found.amountMinor,
        Number(asset.rows[0]![asset.at.balance]),
        found.answer.cardId,
      ]);
      const entryId = Number(entry.rows[0]![entry.at.id]);
      await run(tx, DISPUTE_CREDITED, [id, entryId]);
      const answer = { ...settled.answer, creditTransactionId: entryId };
      await recordEvent(tx, app, 'dispute.won', now, answer);
      return JSON.stringify(answer);
    });
  }

  return { create, outcome };
}
