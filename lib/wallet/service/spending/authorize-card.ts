// simulate/authorize (docs/card-spending.md "Decision order", "The agency's decision", "Money
// model"). Two steps, so that an agency's slow endpoint never holds a row lock or a transaction:
//
// 1. prepare (no transaction): when the app has a decision endpoint, the rules are checked on a
//    plain read; if they pass, an authorization id is drawn from its sequence and the agency is
//    asked, waiting at most its timeoutMs. Without an endpoint nothing happens here.
// 2. the transaction (which also holds the requestId): the card's row FOR SHARE (a cancel is
//    waited for), the card asset's row FOR UPDATE, the controls and the three running totals; the
//    rules are checked again there, and must hold again; then the agency's answer (or its
//    fallback) decides. Approved: the asset's `held` rises by the amount (its CHECK keeps it
//    within the balance), the totals rise, the authorization is PENDING. Declined: recorded
//    with its reason, nothing held. Either way one event.
import { sql } from 'drizzle-orm';
import { rawRows, type DatabaseHandle } from '@/lib/db/open';
import type { DeclineReason, DecidedBy } from '@/lib/wallet/contract/enums';
import { decimalToMinor, minorToMajor } from '@/lib/wallet/contract/money';
import type { OperationParams } from '@/lib/wallet/contract/operations';
import { simulateAuthorize } from '@/lib/wallet/contract/operations/simulate-authorize';
import { ResultCode, WalletError } from '@/lib/wallet/contract/result-codes';
import type { Authorization } from '@/lib/wallet/contract/schemas';
import { bindHandler, type HandlerConfig } from '../bind-handler';
import type { AuthenticatedApp, Executor } from '../context';
import type { WalletDatabase } from '../db';
import { assets, cardControls, cards, idempotencyKeys, users } from '../db/schema';
import { recordEvent } from '../event/record-event';
import { revealSecret } from '../secrets/app-secrets';
import { openPreviousSecret } from '../secrets/secret-rotation';
import { askAgency, type AgencyAnswer } from './ask-agency';
import { readAuthorization, toAuthorization } from './authorization-records';
import { declineReasonOf, NO_CONTROLS, type Controls, type DecisionInput } from './decide';
import { addToTotals, spentNow } from './spend-totals';
import {
  SPEND_ASSET_LOCK,
  SPEND_CARD_SHARE,
  SPEND_CONTROLS,
  SPEND_DECISION_ENDPOINT,
  SPEND_HOLD,
  SPEND_INSERT_AUTHORIZATION,
  spendRows,
} from './spend-statements';
import { moveInSummary } from './summary-totals';
import { cvvMatches, expiryMatches, lockAfterCvvAttempts, SPEND_CARD_UPDATE } from './cvv-attempts';

type Params = OperationParams<'simulateAuthorize'>;

type CardState = {
  cardId: number;
  userId: number;
  appUserId: string;
  cardAssetId: number;
  status: string;
  expireMonth: string;
  expireYear: string;
  currency: string;
  decimalPlaces: number;
  balance: number;
  held: number;
};

/** What the prepare step found: the agency's answer, asked outside any transaction. */
export type PreparedDecision =
  | { kind: 'no-endpoint' }
  | { kind: 'rules-declined'; reason: DeclineReason }
  | { kind: 'asked'; id: number; createdAt: Date; answer: AgencyAnswer; fallback: 'APPROVE' | 'DECLINE' };

function cardNotFound(cardId: number): WalletError {
  return new WalletError(ResultCode.CARD_NOT_FOUND, `Card ${cardId} does not exist under this app.`);
}

/** The card, its owner and its asset; locked (card FOR SHARE, asset FOR UPDATE) when `lock`. */
async function readCardState(
  db: Executor,
  app: AuthenticatedApp,
  cardId: number,
  lock: boolean,
  engine?: DatabaseHandle,
  /** The card's row FOR UPDATE rather than FOR SHARE (a purchase that carries a CVV). */
  exclusive = false,
): Promise<CardState> {
  type CardRow = {
    id: number;
    user_id: number;
    app_user_id: string;
    card_asset_id: number;
    status: string;
    expire_month: string;
    expire_year: string;
  };
  type AssetRow = {
    currency: string;
    decimal_places: number;
    balance: string | number;
    held: string | number;
  };
  if (lock) {
    // The transaction's locked reads, prepared (spend-statements.ts).
    const statement = exclusive ? SPEND_CARD_UPDATE : SPEND_CARD_SHARE;
    const [card] = await spendRows<CardRow>(db, engine, statement, [cardId, app.id]);
    if (!card) throw cardNotFound(cardId);
    const [asset] = await spendRows<AssetRow>(db, engine, SPEND_ASSET_LOCK, [card.card_asset_id]);
    if (!asset) throw new Error(`card ${cardId} has no asset`);
    return cardState(card, asset);
  }
  const [card] = await rawRows<{
    id: number;
    user_id: number;
    app_user_id: string;
    card_asset_id: number;
    status: string;
    expire_month: string;
    expire_year: string;
  }>(
    db,
    sql`select c.id, c.user_id, u.app_user_id, c.card_asset_id, c.status, c.expire_month, c.expire_year
          from ${cards} c join ${users} u on u.id = c.user_id
         where c.id = ${cardId} and c.app_id = ${app.id}
         ${lock ? sql`for share of c` : sql``}`,
  );
  if (!card) throw cardNotFound(cardId);
  const [asset] = await rawRows<{
    currency: string;
    decimal_places: number;
    balance: string | number;
    held: string | number;
  }>(
    db,
    sql`select currency, decimal_places, balance, held from ${assets} where id = ${card.card_asset_id}
        ${lock ? sql`for update` : sql``}`,
  );
  if (!asset) throw new Error(`card ${cardId} has no asset`);
  return cardState(card, asset);
}

function cardState(
  card: {
    id: number;
    user_id: number;
    app_user_id: string;
    card_asset_id: number;
    status: string;
    expire_month: string;
    expire_year: string;
  },
  asset: { currency: string; decimal_places: number; balance: string | number; held: string | number },
): CardState {
  return {
    cardId: card.id,
    userId: card.user_id,
    appUserId: card.app_user_id,
    cardAssetId: card.card_asset_id,
    status: card.status,
    expireMonth: card.expire_month,
    expireYear: card.expire_year,
    currency: asset.currency,
    decimalPlaces: asset.decimal_places,
    balance: Number(asset.balance),
    held: Number(asset.held),
  };
}

export async function readControls(db: Executor, cardId: number, engine?: DatabaseHandle): Promise<Controls> {
  if (engine) {
    const [row] = await spendRows<{
      per_transaction: string | number | null;
      daily: string | number | null;
      monthly: string | number | null;
      all_time: string | number | null;
      blocked_mcc: string[];
      blocked_countries: string[];
    }>(db, engine, SPEND_CONTROLS, [cardId]);
    if (!row) return NO_CONTROLS;
    const limit = (v: string | number | null) => (v === null ? null : Number(v));
    return {
      perTransaction: limit(row.per_transaction),
      daily: limit(row.daily),
      monthly: limit(row.monthly),
      allTime: limit(row.all_time),
      blockedMcc: row.blocked_mcc,
      blockedCountries: row.blocked_countries,
    };
  }
  const [row] = await db
    .select()
    .from(cardControls)
    .where(sql`${cardControls.cardId} = ${cardId}`);
  if (!row) return NO_CONTROLS;
  return {
    perTransaction: row.perTransaction === null ? null : Number(row.perTransaction),
    daily: row.daily === null ? null : Number(row.daily),
    monthly: row.monthly === null ? null : Number(row.monthly),
    allTime: row.allTime === null ? null : Number(row.allTime),
    blockedMcc: row.blockedMcc,
    blockedCountries: row.blockedCountries,
  };
}

function amountOf(params: Params, decimalPlaces: number): number {
  const minor = decimalToMinor(params.amount, decimalPlaces);
  if (minor === undefined || minor <= 0) {
    const rule = `must be more than 0 with at most ${decimalPlaces} decimals (the card's)`;
    throw new WalletError(ResultCode.PARAM_INVALID, `amount ${rule}.`, { field: 'amount', rule });
  }
  return minor;
}

async function decisionInput(
  db: Executor,
  state: CardState,
  params: Params,
  amount: number,
  now: Date,
  engine?: DatabaseHandle,
): Promise<DecisionInput> {
  const [controls, spent, cvv] = await Promise.all([
    readControls(db, state.cardId, engine),
    spentNow(db, state.cardId, now, engine),
    cvvMatches(db, state.cardId, params.cvv),
  ]);
  const expiry = expiryMatches(params.expiry, state);
  return {
    cardStatus: state.status,
    expireMonth: state.expireMonth,
    expireYear: state.expireYear,
    cardCurrency: state.currency,
    currency: params.currency ?? state.currency,
    mcc: params.mcc,
    merchantCountry: params.merchantCountry,
    amount,
    controls,
    spent,
    available: state.balance - state.held,
    now,
    ...(cvv !== undefined ? { cvvMatches: cvv } : {}),
    ...(expiry !== undefined ? { expiryMatches: expiry } : {}),
  };
}

/** Step 1: ask the agency, when it has an endpoint and the rules pass, with nothing locked. */
export async function prepareAuthorization(
  options: { db: WalletDatabase; engine?: DatabaseHandle; app: AuthenticatedApp; params: Params },
  config: Pick<HandlerConfig, 'secretBox' | 'allowPrivateWebhooks'>,
): Promise<PreparedDecision> {
  const { db, app, params, engine } = options;
  // Every authorization asks this first (most apps have no endpoint): prepared with the engine.
  type EndpointRow = {
    url: string;
    fallback: string;
    timeout_ms: number;
    secret: string;
    previous_secret: string | null;
  };
  const [endpoint] = engine
    ? await engine.query<EndpointRow>(SPEND_DECISION_ENDPOINT.text, [app.id], SPEND_DECISION_ENDPOINT.name)
    : await spendRows<EndpointRow>(db, undefined, SPEND_DECISION_ENDPOINT, [app.id]);
  if (!endpoint) return { kind: 'no-endpoint' };
  // A requestId already answered is replayed by the transaction step: the agency is not asked again.
  if (params.requestId) {
    const [answered] = await db
      .select({ response: idempotencyKeys.response })
      .from(idempotencyKeys)
      .where(
        sql`${idempotencyKeys.appId} = ${app.id} and ${idempotencyKeys.requestId} = ${params.requestId}
            and ${idempotencyKeys.response} is not null and ${idempotencyKeys.createdAt} > now() - interval '24 hours'`,
      );
    if (answered) return { kind: 'no-endpoint' };
  }
  const now = new Date();
  const state = await readCardState(db, app, params.cardId, false);
  const amount = amountOf(params, state.decimalPlaces);
  const input = await decisionInput(db, state, params, amount, now);
  const reason = declineReasonOf(input);
  if (reason) return { kind: 'rules-declined', reason };
  const [drawn] = await rawRows<{ id: string | number }>(
    db,
    sql`select nextval(pg_get_serial_sequence('wallet.authorizations', 'id')) as id`,
  );
  const id = Number(drawn!.id);
  const fallback = endpoint.fallback === 'APPROVE' ? 'APPROVE' : 'DECLINE';
  const dp = state.decimalPlaces;
  const body = JSON.stringify({
    authorizationId: id,
    cardId: state.cardId,
    appUserId: state.appUserId,
    amount: minorToMajor(amount, dp),
    currency: input.currency,
    merchant: { name: params.merchantName, mcc: params.mcc, country: params.merchantCountry },
    availableBalance: minorToMajor(input.available, dp),
    createdAt: now.toISOString(),
  });
  const previousSecret = openPreviousSecret(config.secretBox, endpoint.previous_secret);
  const answer = await askAgency({
    url: endpoint.url,
    secret: revealSecret(config.secretBox, endpoint.secret),
    ...(previousSecret ? { previousSecret } : {}),
    body,
    timeoutMs: endpoint.timeout_ms,
    allowPrivate: config.allowPrivateWebhooks,
  });
  return { kind: 'asked', id, createdAt: now, answer, fallback };
}

/**
 * The agency's answer as the outcome: approved or the reason (with the agency's own words for
 * its decline), and who decided. Late or unavailable, the fallback decides.
 */
export function agencyOutcome(prepared: Extract<PreparedDecision, { kind: 'asked' }>): {
  reason: DeclineReason | null;
  decidedBy: DecidedBy;
  agencyReason: string | null;
} {
  const { answer } = prepared;
  if (answer.kind === 'APPROVED') return { reason: null, decidedBy: 'AGENCY', agencyReason: null };
  if (answer.kind === 'DECLINED')
    return { reason: 'AGENCY_DECLINED', decidedBy: 'AGENCY', agencyReason: answer.reason };
  if (prepared.fallback === 'APPROVE') return { reason: null, decidedBy: 'FALLBACK', agencyReason: null };
  const reason = answer.kind === 'LATE' ? 'AGENCY_TIMEOUT' : 'AGENCY_UNAVAILABLE';
  return { reason, decidedBy: 'FALLBACK', agencyReason: null };
}

/** Step 2, in the transaction that holds the requestId. */
export async function authorizeCard(options: {
  db: Executor;
  /** With the engine (the handler's), the statements run prepared (spend-statements.ts). */
  engine?: DatabaseHandle;
  app: AuthenticatedApp;
  params: Params;
  prepared?: unknown;
  now?: Date;
}): Promise<Authorization> {
  const { db, app, params, engine } = options;
  const prepared = (options.prepared as PreparedDecision | undefined) ?? { kind: 'no-endpoint' };
  const state = await readCardState(db, app, params.cardId, true, engine, params.cvv !== undefined);
  const amount = amountOf(params, state.decimalPlaces);
  const decidedAt = options.now ?? new Date();
  const now = prepared.kind === 'asked' ? prepared.createdAt : decidedAt;
  const input = await decisionInput(db, state, params, amount, decidedAt, engine);
  let reason = declineReasonOf(input);
  let decidedBy: DecidedBy = 'RULES';
  let agencyReason: string | null = null;
  if (!reason && prepared.kind === 'rules-declined') reason = prepared.reason;
  if (!reason && prepared.kind === 'asked') ({ reason, decidedBy, agencyReason } = agencyOutcome(prepared));
  const approved = reason === null;
  if (approved) {
    await spendRows(db, engine, SPEND_HOLD, [amount, state.cardAssetId]);
    await addToTotals(db, state.cardId, decidedAt, amount, engine);
  }
  const [inserted] = await spendRows<{ id: string | number }>(db, engine, SPEND_INSERT_AUTHORIZATION, [
    prepared.kind === 'asked' ? prepared.id : null,
    app.id,
    state.cardId,
    state.cardAssetId,
    state.userId,
    approved ? 'PENDING' : 'DECLINED',
    amount,
    approved ? amount : 0,
    input.currency,
    params.merchantName,
    params.mcc,
    params.merchantCountry,
    reason,
    decidedBy,
    approved ? decidedAt.toISOString() : null,
    now.toISOString(),
    decidedAt.toISOString(),
    agencyReason,
  ]);
  const row = await readAuthorization(db, app.id, { id: Number(inserted!.id) }, engine);
  if (!row) throw new Error('authorization insert returned no row');
  await moveInSummary(
    db,
    {
      appId: app.id,
      cardId: state.cardId,
      createdAt: now,
      currency: input.currency,
      decimalPlaces: state.decimalPlaces,
    },
    null,
    {
      status: row.status,
      declineReason: reason,
      amount,
      held: approved ? amount : 0,
      cleared: 0,
      refunded: 0,
    },
    engine,
  );
  const authorization = toAuthorization(row);
  await recordEvent({
    db,
    app,
    type: approved ? 'authorization.approved' : 'authorization.declined',
    data: authorization,
    now: decidedAt,
  });
  if (reason === 'CVV_MISMATCH') {
    await lockAfterCvvAttempts({ db, engine, app, card: state, now: decidedAt });
  }
  return authorization;
}

/** simulateAuthorize's handler (lib/wallet/contract/operations/simulate-authorize.ts). */
export const simulateAuthorizeHandler = bindHandler(
  simulateAuthorize,
  (context) => authorizeCard(context),
  (context, config) => prepareAuthorization(context, config),
);
