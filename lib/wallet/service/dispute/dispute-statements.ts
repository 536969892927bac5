// The statements of the dispute operations (docs/disputes.md "How it is built"), as named
// prepared statements like the spending hot path's (spending/spend-statements.ts, whose runner
// spendRows they use): with the engine at hand (an operation's handler has it) they run prepared,
// so PostgreSQL plans each once per connection and the service renders no SQL per request;
// without it (the expiry worker) the same text runs as a plain statement. bench/floor-dispute.ts
// sends the same ones.
import type { SpendStatement } from '../spending/spend-statements';

/** The columns of a dispute as the API answers it: its purchase's, its owner's, the asset's decimals. */
const DISPUTE_SELECT = `select d.*, a.transaction_id, a.currency, a.merchant_name, a.mcc, a.merchant_country,
       u.app_user_id, s.decimal_places
  from wallet.disputes d
  join wallet.authorizations a on a.id = d.authorization_id
  join wallet.users u on u.id = d.user_id
  join wallet.assets s on s.id = a.card_asset_id`;

/** One dispute of the app, whole. */
export const DISPUTE_READ: SpendStatement = {
  name: 'wallet_dispute_read',
  text: `${DISPUTE_SELECT}
 where d.id = $1 and d.app_id = $2`,
};

/** Disputes by id (the expiry worker's batch), whole, in id order. */
export const DISPUTE_READ_MANY: SpendStatement = {
  name: 'wallet_dispute_read_many',
  text: `${DISPUTE_SELECT}
 where d.id = any($1::bigint[])
 order by d.id`,
};

/** The authorization of a transaction of the app (no lock), as authorization-records.ts reads one. */
export const DISPUTE_PURCHASE: SpendStatement = {
  name: 'wallet_dispute_purchase',
  text: `select a.*, u.app_user_id, s.decimal_places
  from wallet.authorizations a
  join wallet.users u on u.id = a.user_id
  join wallet.assets s on s.id = a.card_asset_id
 where a.transaction_id = $1 and a.app_id = $2`,
};

/** The card's row FOR SHARE: a cancel or lock in progress is waited for. */
export const DISPUTE_CARD_SHARE: SpendStatement = {
  name: 'wallet_dispute_card_share',
  text: `select status from wallet.cards where id = $1 for share`,
};

/** The card's row FOR UPDATE: a FRAUDULENT dispute locks the card in its transaction. */
export const DISPUTE_CARD_UPDATE: SpendStatement = {
  name: 'wallet_dispute_card_update',
  text: `select status from wallet.cards where id = $1 for update`,
};

/** When the purchase cleared: its CARD_SPEND ledger entry's time. */
export const DISPUTE_CLEARED_AT: SpendStatement = {
  name: 'wallet_dispute_cleared_at',
  text: `select created_at from wallet.ledger_entries where id = $1`,
};

/** What the purchase's disputes that still claim part of it (OPEN, SUBMITTED, WON) claim. */
export const DISPUTE_CLAIMED: SpendStatement = {
  name: 'wallet_dispute_claimed',
  text: `select coalesce(sum(amount), 0) as claimed from wallet.disputes
 where authorization_id = $1 and status in ('OPEN', 'SUBMITTED', 'WON')`,
};

/** A new OPEN dispute: its id. */
export const DISPUTE_INSERT: SpendStatement = {
  name: 'wallet_dispute_insert',
  text: `insert into wallet.disputes
  (app_id, authorization_id, card_id, user_id, status, reason, amount, explanation, due_by, created_at)
values ($1, $2, $3, $4, 'OPEN', $5, $6, $7, $8, $9)
returning id`,
};

/** OPEN -> SUBMITTED with its evidence, or nothing (the dispute is not OPEN). */
export const DISPUTE_SUBMIT: SpendStatement = {
  name: 'wallet_dispute_submit',
  text: `update wallet.disputes set status = 'SUBMITTED', evidence = $3, submitted_at = $4
 where id = $1 and app_id = $2 and status = 'OPEN'
returning id`,
};

/** OPEN -> WITHDRAWN, or nothing. */
export const DISPUTE_WITHDRAW: SpendStatement = {
  name: 'wallet_dispute_withdraw',
  text: `update wallet.disputes set status = 'WITHDRAWN', resolved_at = $3
 where id = $1 and app_id = $2 and status = 'OPEN'
returning id`,
};

/** SUBMITTED -> WON or LOST ($3), or nothing (the dispute is not SUBMITTED). */
export const DISPUTE_SETTLE: SpendStatement = {
  name: 'wallet_dispute_settle',
  text: `update wallet.disputes set status = $3, resolved_at = $4
 where id = $1 and app_id = $2 and status = 'SUBMITTED'
returning id`,
};

/** A WON dispute's credit to the asset: its balance after. */
export const DISPUTE_CREDIT_ASSET: SpendStatement = {
  name: 'wallet_dispute_credit_asset',
  text: `update wallet.assets set balance = balance + $2 where id = $1 returning balance`,
};

/** The DISPUTE_CREDIT ledger entry: its id, the dispute's creditTransactionId. */
export const DISPUTE_CREDIT_ENTRY: SpendStatement = {
  name: 'wallet_dispute_credit_entry',
  text: `insert into wallet.ledger_entries (asset_id, amount, balance_after, reason, card_id)
values ($1, $2, $3, 'DISPUTE_CREDIT', $4)
returning id`,
};

/** The dispute keeps its credit's entry. */
export const DISPUTE_CREDITED: SpendStatement = {
  name: 'wallet_dispute_credited',
  text: `update wallet.disputes set credit_entry_id = $2 where id = $1`,
};

/** The expiry worker's claim: up to $2 OPEN disputes past dueBy ($1), expired, their ids. */
export const DISPUTE_EXPIRE: SpendStatement = {
  name: 'wallet_dispute_expire',
  text: `update wallet.disputes set status = 'EXPIRED', resolved_at = $1
 where id in (select id from wallet.disputes
               where status = 'OPEN' and due_by <= $1
               order by due_by
               limit $2
               for update skip locked)
returning id`,
};

/**
 * dispute/summary's counts: the app's OPEN and SUBMITTED disputes, and the OPEN ones due before
 * $2, each counted on disputes_app_status_due_idx (app, status, dueBy; OPEN and SUBMITTED only),
 * so the cost is the app's open disputes (which live at most 110 days), never all of them.
 */
export const DISPUTE_SUMMARY_COUNTS: SpendStatement = {
  name: 'wallet_dispute_summary_counts',
  text: `select
  (select count(*) from wallet.disputes where app_id = $1 and status = 'OPEN') as open,
  (select count(*) from wallet.disputes where app_id = $1 and status = 'SUBMITTED') as submitted,
  (select count(*) from wallet.disputes where app_id = $1 and status = 'OPEN' and due_by < $2) as due_soon`,
};

/** dispute/summary's soonest: up to $2 OPEN disputes of the app, the soonest dueBy first (then id). */
export const DISPUTE_SUMMARY_SOONEST: SpendStatement = {
  name: 'wallet_dispute_summary_soonest',
  text: `${DISPUTE_SELECT}
 where d.id in (select id from wallet.disputes
                 where app_id = $1 and status = 'OPEN'
                 order by due_by, id
                 limit $2)
 order by d.due_by, d.id`,
};
