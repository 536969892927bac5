// A deposit's hot path as text (docs/deposits-and-kyt.md "simulate/deposit", "How "credited at
// most once" holds", "The running totals"): the statements of a new deposit that reaches its
// confirmations and is screened and credited in one transaction, sent as named prepared
// statements through the engine (parsed and planned once per connection), as transfers' are
// (db/statements.ts). The benchmark's floor imports these same texts (bench/floor-deposit.ts).
// Numbers come back as the driver gives them (int8 as text on pg): callers convert with Number().
import { PgDialect } from 'drizzle-orm/pg-core';
import type { DatabaseHandle, DrizzleHandle } from '@/lib/db/open';
import type { EventData, EventType } from '@/lib/wallet/contract/schemas';
import type { AuthenticatedApp } from '../context';
import { eventInsert, newEvent, noteQueuedDeliveries, type NewEvent } from '../event/record-event';

/**
 * The deposit address's user (with the appUserId the answer shows) and its USD wallet asset. The
 * asset is found by app and user: assets_app_user_idx leads with app_id, and by user_id alone
 * PostgreSQL walked the whole index (19.7 ms a deposit at 1M cards, 0.95 ms at 1k).
 */
export const DEPOSIT_OWNER = {
  name: 'wallet_deposit_owner',
  text: `select da.user_id, u.app_user_id, a.id as asset_id, a.decimal_places
from wallet.deposit_addresses da
join wallet.users u on u.id = da.user_id
join wallet.assets a
  on a.app_id = da.app_id and a.user_id = da.user_id and a.type = 'WALLET' and a.currency = 'USD'
where da.app_id = $1 and da.chain = $2 and da.address = $3
order by a.id limit 1`,
} as const;

/**
 * The deposit, once per (chain, tx_hash, log_index): no row back means it is already one. The new
 * row comes back whole, and is locked by this transaction until it commits.
 */
export const DEPOSIT_INSERT = {
  name: 'wallet_deposit_insert',
  text: `insert into wallet.deposits (app_id, user_id, asset_id, chain, tx_hash, log_index, from_address,
  address, amount, credited_amount, confirmations, required_confirmations, status)
values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, 'CONFIRMING')
on conflict (chain, tx_hash, log_index) do nothing
returning id, app_id, user_id, asset_id, chain, tx_hash, log_index, from_address, address, amount,
  credited_amount, confirmations, required_confirmations, status, risk_level, risk_reasons, note,
  created_at, credited_at`,
} as const;

/**
 * The running totals of the velocity and first-deposit rules, noted for one deposit screened, in
 * one statement: the user's hours older than the last 24 deleted ($2 the oldest kept), this
 * hour's total raised ($3 the hour, $4 the amount), and the user's deposit_users row inserted
 * ($5 the deposit: its first) or its velocity total moved by what this deposit added and the
 * pruning took. That total is the sum of the user's remaining hours, so it answers the last 24
 * hours' total, this deposit included, from one row; first_deposit says whether the row is this
 * deposit's. A concurrent screening of the same user waits on the rows this one deletes and on its
 * deposit_users row, and then subtracts only what it deleted itself. Every sub-statement reads at
 * most a few rows of a primary key, however the user deposits.
 */
export const NOTE_SCREENED_DEPOSIT = {
  name: 'wallet_deposit_note_screened',
  text: `with pruned as (
  delete from wallet.deposit_velocity where user_id = $1 and hour < $2
  returning amount
), added as (
  insert into wallet.deposit_velocity (user_id, hour, amount) values ($1, $3, $4)
  on conflict (user_id, hour) do update set amount = wallet.deposit_velocity.amount + excluded.amount
), noted as (
  insert into wallet.deposit_users (user_id, first_deposit_id, velocity_amount) values ($1, $5, $4)
  on conflict (user_id) do update
  set velocity_amount = wallet.deposit_users.velocity_amount + excluded.velocity_amount
    - (select coalesce(sum(amount), 0) from pruned)
  returning velocity_amount, first_deposit_id = $5 as first_deposit
)
select velocity_amount::bigint as last_24_hours, first_deposit from noted`,
} as const;

/** The app's KYT rules (no row: the defaults). */
export const KYT_RULES = {
  name: 'wallet_kyt_rules',
  text: `select blocked_addresses, review_addresses, review_amount, severe_amount
from wallet.kyt_rules where app_id = $1`,
} as const;

/**
 * The verdict stored and the deposit moved out of CONFIRMING, if it still is: `CREDITED` (with
 * its credit time) or `HELD`. No row back means it had already left.
 */
export const DEPOSIT_SCREENED = {
  name: 'wallet_deposit_screened',
  text: `update wallet.deposits
   set status = $2, risk_level = $3, risk_reasons = $4::text[], screened_at = now(),
       credited_at = case when $2 = 'CREDITED' then now() end
 where id = $1 and status = 'CONFIRMING'
returning status, risk_level, risk_reasons, credited_at`,
} as const;

/**
 * The credit: the wallet's balance raised and its DEPOSIT entry ($1 the asset, $2 the minor
 * units, $3 the deposit; the ledger's unique index on deposit_id refuses a second entry).
 */
export const DEPOSIT_CREDIT = {
  name: 'wallet_deposit_credit',
  text: `with credited as (
  update wallet.assets set balance = balance + $2 where id = $1 returning id, balance
)
insert into wallet.ledger_entries (asset_id, amount, balance_after, reason, deposit_id)
select id, $2, balance, 'DEPOSIT', $3 from credited`,
} as const;

/**
 * record-event.ts's statement (eventInsert) prepared under one name: its text rendered once, with
 * a marker in each parameter, so that each event's values go into the slots the text expects
 * (the text never varies; rendering it per event would cost each deposit twice).
 */
export const EVENT_INSERT = (() => {
  const marks: NewEvent = {
    appKey: -424_242,
    id: '\u0000id',
    type: '\u0000type' as NewEvent['type'],
    body: '\u0000body',
    createdAt: '\u0000createdAt',
  };
  const probe = new PgDialect().sqlToQuery(eventInsert(marks));
  const keys = Object.keys(marks) as (keyof NewEvent)[];
  const slots = probe.params.map((value) => {
    const key = keys.find((k) => marks[k] === value);
    if (!key) throw new Error('eventInsert has a parameter deposit-statements.ts does not know');
    return key;
  });
  return {
    name: 'wallet_event_insert',
    text: probe.sql,
    values: (event: NewEvent) => slots.map((k) => event[k]),
  };
})();

/** recordEvent's event and deliveries (record-event.ts), as a prepared statement through the engine. */
export async function recordEventPrepared<T extends EventType>(
  engine: DatabaseHandle,
  db: DrizzleHandle,
  options: { app: AuthenticatedApp; type: T; data: EventData<T> & Record<string, unknown> },
): Promise<void> {
  const event = newEvent(options);
  const queued = await engine.queryIn(db, EVENT_INSERT.text, EVENT_INSERT.values(event), EVENT_INSERT.name);
  noteQueuedDeliveries(db, queued.length);
}
