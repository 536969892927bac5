// simulate/deposit's statements as the service has Drizzle render them (simulate-deposit.ts,
// deposit-records.ts, settle-deposit.ts, kyt/screening-totals.ts, kyt/kyt-rules.ts), for the
// floor (bench/floor-deposit.ts) to send as texts, as floor-sql.ts does for issuance. Copied
// from what bench/capture-sql.ts records; bench/lib/verify-floor.ts checks on every run that the
// floor's trace of a deposit lists exactly these, in the service's order.
// SCREENING_STATEMENTS: the same texts with values for EXPLAIN ANALYZE (bench/lib/deposits.ts).
import type { ExplainContext } from './deposits';

export const DEPOSIT_SQL = {
  owner: {
    text: `select "wallet"."deposit_addresses"."user_id", "wallet"."assets"."id", "wallet"."assets"."decimal_places" from "wallet"."deposit_addresses" inner join "wallet"."assets" on ("wallet"."assets"."user_id" = "wallet"."deposit_addresses"."user_id" and "wallet"."assets"."type" = $1 and "wallet"."assets"."currency" = $2) where ("wallet"."deposit_addresses"."app_id" = $3 and "wallet"."deposit_addresses"."chain" = $4 and "wallet"."deposit_addresses"."address" = $5) order by "wallet"."assets"."id" limit $6`,
  },
  insert: {
    text: `insert into wallet.deposits (app_id, user_id, asset_id, chain, tx_hash, log_index, from_address, address, amount, credited_amount, confirmations, required_confirmations, status) values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, 'CONFIRMING') on conflict (chain, tx_hash, log_index) do nothing returning id`,
  },
  findLocked: {
    text: `select d.id, d.app_id, d.user_id, d.asset_id, u.app_user_id, a.decimal_places, d.chain, d.tx_hash, d.log_index, d.from_address, d.address, d.amount, d.credited_amount, d.confirmations, d.required_confirmations, d.status, d.risk_level, d.risk_reasons, d.note, d.created_at, d.credited_at from wallet.deposits d join wallet.users u on u.id = d.user_id join wallet.assets a on a.id = d.asset_id where d.id = $1 and d.app_id = $2 for update of d`,
  },
  velocityPrune: {
    text: `delete from wallet.deposit_velocity where user_id = $1 and hour < $2`,
  },
  velocityAdd: {
    text: `insert into wallet.deposit_velocity (user_id, hour, amount) values ($1, $2, $3) on conflict (user_id, hour) do update set amount = wallet.deposit_velocity.amount + excluded.amount`,
  },
  velocityTotal: {
    text: `select coalesce(sum(amount), 0)::bigint as total from wallet.deposit_velocity where user_id = $1 and hour >= $2`,
  },
  firstDeposit: {
    text: `insert into wallet.deposit_users (user_id, first_deposit_id) values ($1, $2) on conflict (user_id) do nothing returning user_id`,
  },
  rules: {
    text: `select "app_id", "blocked_addresses", "review_addresses", "review_amount", "severe_amount", "updated_at" from "wallet"."kyt_rules" where "wallet"."kyt_rules"."app_id" = $1`,
  },
  moveStatus: {
    text: `update wallet.deposits set status = $1 , risk_level = $2, risk_reasons = $3::text[], screened_at = now() , credited_at = now() where id = $4 and status = $5 returning id`,
  },
  credit: {
    text: `with credited as ( update wallet.assets set balance = balance + $1 where id = $2 returning id, balance ) insert into wallet.ledger_entries (asset_id, amount, balance_after, reason, deposit_id) select id, $3, balance, 'DEPOSIT', $4 from credited`,
  },
  find: {
    text: `select d.id, d.app_id, d.user_id, d.asset_id, u.app_user_id, a.decimal_places, d.chain, d.tx_hash, d.log_index, d.from_address, d.address, d.amount, d.credited_amount, d.confirmations, d.required_confirmations, d.status, d.risk_level, d.risk_reasons, d.note, d.created_at, d.credited_at from wallet.deposits d join wallet.users u on u.id = d.user_id join wallet.assets a on a.id = d.asset_id where d.id = $1 and d.app_id = $2`,
  },
} as const;

const HOUR_MS = 3_600_000;
const hour = () => Math.floor(Date.now() / HOUR_MS);

/**
 * Each statement of a credited deposit, in the transaction's order, with values for a user of the
 * seeded history (the newest deposit's): EXPLAIN ANALYZE runs them, in a transaction rolled back.
 * The statements on a deposit's id are explained on the newest one (an update that matches no
 * CONFIRMING row plans as one that does) or, for the credit, on an id no deposit has.
 */
export const SCREENING_STATEMENTS: {
  query: string;
  text: string;
  values: (ctx: ExplainContext) => unknown[];
}[] = [
  {
    query: 'the deposit address’s user and wallet',
    text: DEPOSIT_SQL.owner.text,
    values: (c) => ['WALLET', 'USD', c.appKey, 'ETHEREUM', c.address, 1],
  },
  {
    query: 'the new deposit',
    text: DEPOSIT_SQL.insert.text,
    values: (c) => [
      c.appKey,
      c.userId,
      c.assetId,
      'ETHEREUM',
      c.txHash,
      0,
      c.address,
      c.address,
      1_000_000,
      100,
      12,
      12,
    ],
  },
  { query: 'the deposit, locked', text: DEPOSIT_SQL.findLocked.text, values: (c) => [c.lastId, c.appKey] },
  {
    query: 'velocity: the user’s hours older than 24 h deleted',
    text: DEPOSIT_SQL.velocityPrune.text,
    values: (c) => [c.userId, hour() - 23],
  },
  {
    query: 'velocity: this hour’s total raised',
    text: DEPOSIT_SQL.velocityAdd.text,
    values: (c) => [c.userId, hour(), 1_000_000],
  },
  {
    query: 'velocity: the user’s last 24 h',
    text: DEPOSIT_SQL.velocityTotal.text,
    values: (c) => [c.userId, hour() - 23],
  },
  {
    query: 'first deposit: the user’s row',
    text: DEPOSIT_SQL.firstDeposit.text,
    values: (c) => [c.userId, c.lastId],
  },
  { query: 'the app’s KYT rules', text: DEPOSIT_SQL.rules.text, values: (c) => [c.appKey] },
  {
    query: 'the status moved out of CONFIRMING',
    text: DEPOSIT_SQL.moveStatus.text,
    values: (c) => ['CREDITED', 'LOW', '{}', c.lastId, 'CONFIRMING'],
  },
  {
    query: 'the credit and its DEPOSIT entry',
    text: DEPOSIT_SQL.credit.text,
    values: (c) => [100, c.assetId, 100, c.nextId],
  },
  { query: 'the deposit read back', text: DEPOSIT_SQL.find.text, values: (c) => [c.lastId, c.appKey] },
];
