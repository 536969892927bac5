// The hot path's SQL, as text: the statements every signed request and the frequent reads run,
// each selecting only the columns its answer uses, sent as named prepared statements on
// PostgreSQL (parsed and planned once per connection). The benchmark's floor server imports
// these same texts, so "the same SQL" is true by construction, not by comparison.
// Numbers come back as the driver gives them (int8 as text on pg): callers convert with Number().

/** DESIGN §2: the app under its agency, with the signing secret (as stored: see app-secrets.ts). */
export const APP_BY_CODES = {
  name: 'wallet_app_by_codes',
  text: `select a.id, a.app_id, a.secret, g.id as agency_id, g.code as agency_code
from wallet.apps a join wallet.agencies g on g.id = a.agency_id
where a.app_id = $1 and g.code = $2`,
} as const;

/** DESIGN §2: a nonce is spent once per app; no row back means it was already used. */
export const SPEND_NONCE = {
  name: 'wallet_spend_nonce',
  text: `insert into wallet.used_nonces (app_id, nonce) values ($1, $2) on conflict do nothing returning 1 as spent`,
} as const;

/** The card category catalogue (insert-only: provisioning), held in memory by the service. */
export const CATEGORIES = {
  name: 'wallet_categories',
  text: `select id, name, network, type, currency, currency_symbol, currency_icon, decimal_places, fee,
  level, feature, style_config
from wallet.card_categories order by id`,
} as const;

/** 4.5: the agency's own assets (no user). */
export const AGENCY_ASSETS = {
  name: 'wallet_agency_assets',
  text: `select id, name, balance, currency, decimal_places, is_default, icon, symbol, type
from wallet.assets where app_id = $1 and user_id is null order by id`,
} as const;

/**
 * 4.6: one user and their cards in one round trip (a user without cards is one row of nulls),
 * oldest card first.
 */
export const USER_WITH_CARDS = {
  name: 'wallet_user_with_cards',
  text: `select u.id as user_id, u.email, c.id, c.category_id, c.card_asset_id, c.payment_asset_id,
  c.card_holder, c.card_number, c.card_uuid, c.expire_month, c.expire_year, c.status
from wallet.users u left join wallet.cards c on c.user_id = u.id
where u.app_id = $1 and u.app_user_id = $2
order by c.id`,
} as const;

const USER_ENTRY_COLUMNS = `id, app_user_id, email, wallet_account_type, document_no, document_type, first_name,
  last_name, mobile, region, registered_at`;

/** 4.2 with withCards: one page of card holders, newest first (users_app_card_holders_idx). */
export const CARD_HOLDERS_PAGE = {
  name: 'wallet_card_holders_page',
  text: `select ${USER_ENTRY_COLUMNS} from wallet.users where app_id = $1 and card_count > 0
order by registered_at desc, id desc limit $2 offset $3`,
} as const;

/** 4.2, unfiltered: one page of users, newest first (a range scan of users_app_registered_idx). */
export const USERS_PAGE = {
  name: 'wallet_users_page',
  text: `select ${USER_ENTRY_COLUMNS} from wallet.users where app_id = $1
order by registered_at desc, id desc limit $2 offset $3`,
} as const;

/** 4.2 by appUserId (unique per app): the one user, or none. */
export const USERS_BY_APP_USER_ID = {
  name: 'wallet_users_by_app_user_id',
  text: `select ${USER_ENTRY_COLUMNS} from wallet.users where app_id = $1 and app_user_id = $2 and card_count >= $3`,
} as const;

/** 4.2 by e-mail (unique per app, case-insensitively: users_app_email_key). */
export const USERS_BY_EMAIL = {
  name: 'wallet_users_by_email',
  text: `select ${USER_ENTRY_COLUMNS} from wallet.users where app_id = $1 and lower(email) = lower($2) and card_count >= $3`,
} as const;

/** 4.2 by both: the one user only when the two agree. */
export const USERS_BY_APP_USER_ID_AND_EMAIL = {
  name: 'wallet_users_by_app_user_id_and_email',
  text: `select ${USER_ENTRY_COLUMNS} from wallet.users
where app_id = $1 and app_user_id = $2 and lower(email) = lower($3) and card_count >= $4`,
} as const;

/** 4.2's unfiltered totals: the app's counters of users and of card holders (no count(*)). */
export const USER_COUNT = {
  name: 'wallet_user_count',
  text: `select user_count, card_holder_count from wallet.apps where id = $1`,
} as const;

/** 4.2: the cards of one page of users (cards_user_idx), oldest first. */
export const CARDS_OF_USERS = {
  name: 'wallet_cards_of_users',
  text: `select id, user_id, category_id, card_asset_id, payment_asset_id, card_holder, card_number, card_uuid,
  embossed_name, expire_month, expire_year, status, card_account_status, channel, reject_reason,
  active_time, updated_at
from wallet.cards where user_id = any($1::int[]) order by id`,
} as const;

/** Housekeeping, at most once a minute per process: nonces past the window. */
export const PRUNE_NONCES = {
  name: 'wallet_prune_nonces',
  text: `delete from wallet.used_nonces where created_at < $1::timestamptz`,
} as const;

/** Housekeeping: requestId records past their 24 h (they hold results such as wallet tokens). */
export const PRUNE_IDEMPOTENCY = {
  name: 'wallet_prune_idempotency',
  text: `delete from wallet.idempotency_keys where created_at < $1::timestamptz`,
} as const;

/**
 * user/search (DESIGN §8): every key through its own index, each branch bounded by the page
 * size, so the cost does not grow with the number of users. Ranks: 0 an exact key (cardId,
 * appUserId, e-mail), 1 an exact secondary key (a card's last four, a mobile number), 2 a prefix
 * of appUserId or e-mail, 3 a name prefix. A user found several ways keeps the best rank; ties
 * newest registration first. Absent keys are null and their branch is empty.
 * $1 app, $2 cardId, $3 appUserId, $4 e-mail (lower), $5 last four, $6 mobile digits,
 * $7/$8 appUserId prefix range, $9/$10 e-mail prefix range, $11/$12 name prefix range, $13 size.
 *
 * Unnamed, so PostgreSQL plans it with each call's values (a custom plan) at every size. Its best
 * plan depends on the values: a null key's branch is pruned, a range's rows come from the
 * statistics. A named statement gets PostgreSQL's generic plan once it looks cheaper, which at
 * 1k cards it did (and at 100k no longer: a step of 1.4x in the bench between the two sizes),
 * and which on skewed data (every user with one mobile number) seq-scans the users: 130 ms a
 * call at 1M cards, measured. Planning costs about 0.5 ms a call, the same at every size.
 */
export const SEARCH_USERS = {
  text: `with hits as (
  (select c.user_id, 0 as rank from wallet.cards c where c.id = $2::int and c.app_id = $1)
  union all
  (select u.id, 0 from wallet.users u where u.app_id = $1 and u.app_user_id = $3::text)
  union all
  (select u.id, 0 from wallet.users u where u.app_id = $1 and lower(u.email) = $4::text)
  union all
  (select c.user_id, 1 from wallet.cards c where c.app_id = $1 and right(c.card_number, 4) = $5::text limit $13)
  union all
  (select u.id, 1 from wallet.users u where u.app_id = $1 and replace(u.mobile, '-', '') = $6::text limit $13)
  union all
  (select u.id, 1 from wallet.users u where u.app_id = $1 and split_part(u.mobile, '-', 2) = $6::text limit $13)
  union all
  (select u.id, 2 from wallet.users u where u.app_id = $1
     and u.app_user_id collate "C" >= $7::text and u.app_user_id collate "C" < $8::text
     order by u.app_user_id collate "C" limit $13)
  union all
  (select u.id, 2 from wallet.users u where u.app_id = $1
     and lower(u.email) collate "C" >= $9::text and lower(u.email) collate "C" < $10::text
     order by lower(u.email) collate "C" limit $13)
  union all
  (select u.id, 3 from wallet.users u where u.app_id = $1
     and lower(u.first_name) collate "C" >= $11::text and lower(u.first_name) collate "C" < $12::text
     order by lower(u.first_name) collate "C" limit $13)
  union all
  (select u.id, 3 from wallet.users u where u.app_id = $1
     and lower(u.last_name) collate "C" >= $11::text and lower(u.last_name) collate "C" < $12::text
     order by lower(u.last_name) collate "C" limit $13)
), best as (
  select user_id, min(rank) as rank from hits group by user_id
)
select ${USER_ENTRY_COLUMNS}
from best b join wallet.users u on u.id = b.user_id and u.app_id = $1
order by b.rank, u.registered_at desc, u.id desc
limit $13`,
} as const;

/**
 * Rate limit: reserve up to $4 requests for this instance ($3) in second $2, out of what the
 * window (seconds $2-1 and $2, every instance) leaves of the limit $5. Answers the grant (0 when
 * the window is full). Each instance writes only its own row, so reservations never queue on a
 * shared row's lock; two racing reservations can overshoot by one grant at most.
 */
export const RATE_RESERVE = {
  name: 'wallet_rate_reserve',
  text: `with total as (
  select coalesce(sum(hits), 0)::int as t from wallet.rate_counters
  where app_key = $1 and second between $2::bigint - 1 and $2::bigint
), granted as (
  select greatest(0, least($4::int, $5::int - t))::int as n from total
), reserved as (
  insert into wallet.rate_counters (app_key, second, instance, hits)
  select $1, $2, $3, n from granted where n > 0
  on conflict (app_key, second, instance) do update set hits = rate_counters.hits + excluded.hits
  returning 1
)
select n from granted`,
} as const;

/** Rate limit housekeeping: counts older than a minute are of no use. */
export const RATE_PRUNE = {
  name: 'wallet_rate_prune',
  text: `delete from wallet.rate_counters where second < $1`,
} as const;
