// The statements the floor (bench/floor-server.ts) sends as plain text because the service has
// Drizzle render them, so there is no named statement of lib/wallet/service/db/statements.ts to
// import: card issuance (4.3: apply-card.ts), inside the requestId transaction of idempotency.ts
// (whose own statements, like asset/transfer's, are named statements of statements.ts that the
// floor imports). Copied from what bench/capture-sql.ts records the service running;
// bench/lib/verify-floor.ts checks on every run that the floor's trace of the same calls lists
// exactly these, in the service's order, so a change to the service's SQL shows up as a failed
// check rather than a quiet difference.
// Also here: user/search's statement parameters (a copy of the service's function, checked too),
// and card spending's statements in the order the service runs them (named ones imported from
// lib/wallet/service/spending/spend-statements.ts).
import {
  CLEAR_ASSET,
  CLEAR_AUTHORIZATION,
  CLEAR_LEDGER,
  SPEND_ADD_TOTALS,
  SPEND_ASSET_LOCK,
  SPEND_AUTHORIZATION,
  SPEND_CARD_SHARE,
  SPEND_CONTROLS,
  SPEND_DECISION_ENDPOINT,
  SPEND_HOLD,
  SPEND_INSERT_AUTHORIZATION,
  SPEND_LOCK_ASSET,
  SPEND_LOCK_AUTHORIZATION,
  SPEND_LOCK_CARD,
  SPEND_TOTALS_NOW,
} from '@/lib/wallet/service/spending/spend-statements';
import {
  mergeDeltas,
  summaryDeltas,
  summaryUpsert,
  summaryUpsertValues,
  type SummaryPlace,
  type SummaryState,
} from '@/lib/wallet/service/spending/summary-totals';

/** 4.3 after the claim: apply-card.ts's statements. */
export const ISSUANCE = {
  // The user, the category and the payment asset in one statement.
  applicationLookup:
    'select "wallet"."users"."id", "wallet"."users"."app_user_id", "wallet"."users"."email", "wallet"."users"."first_name", "wallet"."users"."last_name", "wallet"."card_categories"."id", "wallet"."card_categories"."code", "wallet"."card_categories"."name", "wallet"."card_categories"."network", "wallet"."card_categories"."type", "wallet"."card_categories"."currency", "wallet"."card_categories"."currency_symbol", "wallet"."card_categories"."currency_icon", "wallet"."card_categories"."decimal_places", "wallet"."card_categories"."fee", "wallet"."card_categories"."bin", "wallet"."card_categories"."level", "wallet"."card_categories"."feature", "wallet"."card_categories"."style_config", "wallet"."card_categories"."validity_years", "wallet"."card_categories"."created_at", "wallet"."assets"."id", "wallet"."assets"."currency", "wallet"."assets"."user_id" from "wallet"."users" left join "wallet"."card_categories" on "wallet"."card_categories"."id" = $1 left join "wallet"."assets" on ("wallet"."assets"."id" = $2 and "wallet"."assets"."app_id" = $3 and "wallet"."assets"."user_id" is null and "wallet"."assets"."type" <> \'CARD\') where ("wallet"."users"."app_id" = $4 and "wallet"."users"."app_user_id" = $5) limit $6',
  insertCardAsset:
    'insert into "wallet"."assets" ("id", "app_id", "user_id", "type", "code", "name", "currency", "symbol", "icon", "decimal_places", "balance", "held", "is_default", "ledger_count", "created_at") values (default, $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, default, $11, default, default) returning "id"',
  insertCard:
    'insert into "wallet"."cards" ("id", "app_id", "user_id", "category_id", "payment_asset_id", "card_asset_id", "paid_by", "fee", "sealed_secrets", "first6", "last4", "number_length", "fingerprint", "card_number", "card_uuid", "embossed_name", "card_holder", "expire_month", "expire_year", "status", "card_account_status", "channel", "need_delivery", "address_id", "card_image_url", "reject_reason", "active_time", "status_reason", "balance_moved_to", "created_at", "updated_at") values (default, $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, default, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23, $24, $25, default, default, $26, $27) on conflict ("fingerprint") do nothing returning "id", "app_id", "user_id", "category_id", "payment_asset_id", "card_asset_id", "paid_by", "fee", "sealed_secrets", "first6", "last4", "number_length", "fingerprint", "card_number", "card_uuid", "embossed_name", "card_holder", "expire_month", "expire_year", "status", "card_account_status", "channel", "need_delivery", "address_id", "card_image_url", "reject_reason", "active_time", "status_reason", "balance_moved_to", "created_at", "updated_at"',
  debitWithLedger: `with debited as (
          update "wallet"."assets" set balance = balance - $1
          where id = $2 and balance >= $3
          returning balance
        )
        insert into "wallet"."ledger_entries" (asset_id, amount, balance_after, reason, card_id)
        select $4, $5, balance, 'CARD_FEE', $6 from debited
        returning balance_after`,
  currentBalance: 'select "balance" from "wallet"."assets" where "wallet"."assets"."id" = $1',
} as const;

/**
 * A write of the spending operations: its text, its values from the operation's context, and
 * optionally when it runs and what it returns into the context. The writes of an operation are a
 * list run in order, so a statement the service adds (e.g. one more running total) is one more
 * entry here, and capture-sql's check says where it goes.
 */
export type SpendWrite<C> = {
  /** A named statement of spend-statements.ts, or a text as Drizzle renders it. */
  statement: { name?: string; text: string };
  values: (c: C) => unknown[];
  when?: (c: C) => boolean;
  /** Reads what the statement returned into the context (the ledger entry's id). */
  into?: (c: C, row: unknown[] | undefined) => void;
};

/** What an approved simulate/authorize writes with: the card, the amount and its windows. */
export type AuthorizeContext = {
  cardId: number;
  cardAssetId: number;
  amount: number;
  /** windowsOf(decidedAt): 'D2026-11-25', 'M2026-11'. */
  day: string;
  month: string;
};

/** What simulate/clear writes with. */
export type ClearContext = {
  authorizationId: number;
  cardId: number;
  cardAssetId: number;
  amount: number;
  /** What the authorization held, and the balance after the clear. */
  held: number;
  balanceAfter: number;
  updatedAt: string;
  /** The approval's windows (the totals move by amount - held there). */
  day: string;
  month: string;
  /** The CARD_SPEND entry's id, once inserted. */
  transactionId?: number;
  /** Where the authorization is counted in the summary, and what it counted while PENDING. */
  place: SummaryPlace;
  before: SummaryState;
};

/** simulate/authorize (authorize-card.ts): the prepare step's read, then the transaction's. */
export const AUTHORIZE = {
  /** Outside the transaction: whether the app has a decision endpoint (none in the bench). */
  decisionEndpoint: SPEND_DECISION_ENDPOINT,
  cardForShare: SPEND_CARD_SHARE,
  assetForUpdate: SPEND_ASSET_LOCK,
  controls: SPEND_CONTROLS,
  spent: SPEND_TOTALS_NOW,
  insert: SPEND_INSERT_AUTHORIZATION,
  read: SPEND_AUTHORIZATION,
} as const;

/** What an approved authorization writes before its row, in the service's order. */
export const AUTHORIZE_APPROVED_WRITES: readonly SpendWrite<AuthorizeContext>[] = [
  { statement: SPEND_HOLD, values: (c) => [c.amount, c.cardAssetId] },
  { statement: SPEND_ADD_TOTALS, values: (c) => [c.cardId, c.day, c.month, c.amount] },
];

/** An authorization's move in the summary's running totals (summary-totals.ts's moveInSummary). */
export type SummaryMove = {
  place: SummaryPlace;
  /** null: a new authorization. */
  before: SummaryState | null;
  after: SummaryState;
};

/**
 * The summary's upsert (docs/card-spending.md "Summary"), the last write of each state change:
 * `rows` is how many rows the move touches (a new authorization's one, a status move's two), so
 * the statement is the service's named one for that count.
 */
export function summaryWrite<C>(rows: number, move: (c: C) => SummaryMove): SpendWrite<C> {
  return {
    statement: summaryUpsert(rows),
    values: (c) => {
      const { place, before, after } = move(c);
      const merged = mergeDeltas(summaryDeltas(place, before, after));
      if (merged.length !== rows)
        throw new Error(`the summary move touches ${merged.length} rows, not ${rows}`);
      return summaryUpsertValues(merged);
    },
  };
}

/** What simulate/authorize writes after its row and its read: the new authorization counted. */
export const AUTHORIZE_ROW_WRITES: readonly SpendWrite<SummaryMove>[] = [summaryWrite(1, (m) => m)];

/** simulate/clear (clear-authorization.ts): lockAuthorization's reads in the house order. */
export const CLEAR = {
  read: SPEND_AUTHORIZATION,
  cardForShare: SPEND_LOCK_CARD,
  authorizationForUpdate: SPEND_LOCK_AUTHORIZATION,
  assetForUpdate: SPEND_LOCK_ASSET,
} as const;

/** What a clear writes, in the service's order (then it reads the authorization again). */
export const CLEAR_WRITES: readonly SpendWrite<ClearContext>[] = [
  { statement: CLEAR_ASSET, values: (c) => [c.balanceAfter, c.held, c.cardAssetId] },
  {
    statement: CLEAR_LEDGER,
    values: (c) => [c.cardAssetId, -c.amount, c.balanceAfter, c.cardId],
    into: (c, row) => (c.transactionId = Number(row![0])),
  },
  {
    statement: CLEAR_AUTHORIZATION,
    values: (c) => [c.amount, c.transactionId, c.updatedAt, c.authorizationId],
  },
  {
    statement: SPEND_ADD_TOTALS,
    values: (c) => [c.cardId, c.day, c.month, c.amount - c.held],
    when: (c) => c.amount !== c.held,
  },
  summaryWrite<ClearContext>(2, (c) => ({
    place: c.place,
    before: c.before,
    after: { ...c.before, status: 'CLEARED', held: 0, cleared: c.amount },
  })),
];
