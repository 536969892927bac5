// The statements of the spending hot path (simulate/authorize's transaction, simulate/clear), as
// named prepared statements: with the engine at hand (an operation's handler has it) they run
// prepared through engine.queryIn, as asset/transfer's do (db/statements.ts), so PostgreSQL plans
// each once per connection and the service renders no SQL per request; bench/floor-server.ts
// sends the same ones. Without the engine (a cancel's reversals, the expiry worker) the same text
// runs as a plain statement on the Drizzle handle (spendRows).
import { sql, type SQL } from 'drizzle-orm';
import { rawRows, type DatabaseHandle } from '@/lib/db/open';
import type { Executor } from '../context';

export type SpendStatement = { name: string; text: string };

/** Rows of a spending statement: prepared by name with the engine, else as a plain statement. */
export function spendRows<T>(
  db: Executor,
  engine: DatabaseHandle | undefined,
  statement: SpendStatement,
  values: unknown[],
): Promise<T[]> {
  if (engine) return engine.queryIn<T>(db, statement.text, values, statement.name);
  return rawRows<T>(db, withValues(statement.text, values));
}

/** The statement's text with its $n placeholders bound to `values`, as Drizzle SQL. */
function withValues(text: string, values: unknown[]): SQL {
  const parts = text.split(/\$(\d+)/);
  return sql.join(
    parts.map((part, i) => (i % 2 === 0 ? sql.raw(part) : sql`${values[Number(part) - 1]}`)),
    sql.raw(''),
  );
}

/**
 * simulate/authorize's prepare step, on the pool: the app's decision endpoint, if it has a URL,
 * with its rotated-out secret while the overlap lasts (else null).
 */
export const SPEND_DECISION_ENDPOINT: SpendStatement = {
  name: 'wallet_spend_decision_endpoint',
  text: `select url, fallback, timeout_ms, secret,
       case when previous_secret_until > now() then previous_secret end as previous_secret
  from wallet.decision_endpoints where app_id = $1 and url is not null and secret is not null`,
};

/** The card and its owner, the card's row FOR SHARE (a cancel in progress is waited for). */
export const SPEND_CARD_SHARE: SpendStatement = {
  name: 'wallet_spend_card_share',
  text: `select c.id, c.user_id, u.app_user_id, c.card_asset_id, c.status, c.expire_month, c.expire_year
  from wallet.cards c join wallet.users u on u.id = c.user_id
 where c.id = $1 and c.app_id = $2
   for share of c`,
};

/** The card asset FOR UPDATE: what a decision needs of it. */
export const SPEND_ASSET_LOCK: SpendStatement = {
  name: 'wallet_spend_asset_lock',
  text: `select currency, decimal_places, balance, held from wallet.assets where id = $1 for update`,
};

/** A card's controls (no row: none set). */
export const SPEND_CONTROLS: SpendStatement = {
  name: 'wallet_spend_controls',
  text: `select per_transaction, daily, monthly, all_time, blocked_mcc, blocked_countries
  from wallet.card_controls where card_id = $1`,
};

/** The card's running totals in the windows of now: $2 the day, $3 the month. */
export const SPEND_TOTALS_NOW: SpendStatement = {
  name: 'wallet_spend_totals_now',
  text: `select "window", amount from wallet.card_spend_totals where card_id = $1 and "window" in ($2, $3, 'ALL')`,
};

/** spend-totals.ts's addToTotals: the three windows ($2 day, $3 month, 'ALL') move by $4. */
export const SPEND_ADD_TOTALS: SpendStatement = {
  name: 'wallet_spend_add_totals',
  text: `insert into wallet.card_spend_totals (card_id, "window", amount)
values ($1, $2, $4), ($1, $3, $4), ($1, 'ALL', $4)
on conflict (card_id, "window") do update set amount = wallet.card_spend_totals.amount + excluded.amount`,
};

/** An approval's hold: the card asset's held rises by $1 (its CHECK keeps it within the balance). */
export const SPEND_HOLD: SpendStatement = {
  name: 'wallet_spend_hold',
  text: `update wallet.assets set held = held + $1 where id = $2`,
};

/**
 * The authorization, approved or declined; $1 its id when the prepare step drew one (an agency
 * was asked), else null for the next of the sequence; $18 the agency's reason of an
 * AGENCY_DECLINED, else null.
 */
export const SPEND_INSERT_AUTHORIZATION: SpendStatement = {
  name: 'wallet_spend_insert_authorization',
  text: `insert into wallet.authorizations
  (id, app_id, card_id, card_asset_id, user_id, status, amount, held, currency, merchant_name, mcc,
   merchant_country, decline_reason, decided_by, approved_at, created_at, updated_at, agency_reason)
values (coalesce($1::bigint, nextval('wallet.authorizations_id_seq')), $2, $3, $4, $5, $6, $7, $8, $9, $10, $11,
   $12, $13, $14, $15::timestamptz, $16::timestamptz, $17::timestamptz, $18)
returning id`,
};

/** One authorization of the app ($2) by id ($1), with its owner's appUserId and its asset's decimals. */
export const SPEND_AUTHORIZATION: SpendStatement = {
  name: 'wallet_spend_authorization',
  text: `select a.*, u.app_user_id, s.decimal_places
  from wallet.authorizations a
  join wallet.users u on u.id = a.user_id
  join wallet.assets s on s.id = a.card_asset_id
 where a.id = $1 and a.app_id = $2`,
};

/** lockAuthorization's locks after its first read: the card FOR SHARE, the authorization, the asset. */
export const SPEND_LOCK_CARD: SpendStatement = {
  name: 'wallet_spend_lock_card',
  text: `select status from wallet.cards where id = $1 for share`,
};
export const SPEND_LOCK_AUTHORIZATION: SpendStatement = {
  name: 'wallet_spend_lock_authorization',
  text: `select 1 from wallet.authorizations where id = $1 for update`,
};
export const SPEND_LOCK_ASSET: SpendStatement = {
  name: 'wallet_spend_lock_asset',
  text: `select balance, held from wallet.assets where id = $1 for update`,
};

/** A clear's writes: the asset's balance set to $1 and its held down by $2 (asset $3) ... */
export const CLEAR_ASSET: SpendStatement = {
  name: 'wallet_clear_asset',
  text: `update wallet.assets set balance = $1, held = held - $2 where id = $3`,
};
/** ... its CARD_SPEND entry (asset $1, amount $2, balance after $3, card $4; the trigger numbers it) ... */
export const CLEAR_LEDGER: SpendStatement = {
  name: 'wallet_clear_ledger',
  text: `insert into wallet.ledger_entries (asset_id, amount, balance_after, reason, card_id)
values ($1, $2, $3, 'CARD_SPEND', $4) returning id`,
};
/** ... and the authorization CLEARED ($1 cleared, $2 the entry, $3 the time, $4 the id). */
export const CLEAR_AUTHORIZATION: SpendStatement = {
  name: 'wallet_clear_authorization',
  text: `update wallet.authorizations
   set status = 'CLEARED', held = 0, cleared = $1, transaction_id = $2, updated_at = $3::timestamptz
 where id = $4`,
};
