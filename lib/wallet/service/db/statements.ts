// The hot path's SQL, as text: the statements every signed request and the frequent reads run,
// each selecting only the columns its answer uses, sent as named prepared statements on
// PostgreSQL (parsed and planned once per connection). The benchmark's floor server imports
// these same texts, so "the same SQL" is true by construction, not by comparison.
// Numbers come back as the driver gives them (int8 as text on pg): callers convert with Number().
import { createHash } from 'node:crypto';
import { APP_USER_ID_PATTERN, PERSON_NAME_PREFIX_PATTERN } from '@/lib/wallet/contract/patterns';

/**
 * docs/wallet-api.md "Signature": the app under its agency, with the signing secret (as stored: see
 * app-secrets.ts).
 */
export const APP_BY_CODES = {
  name: 'wallet_app_by_codes',
  text: `select a.id, a.app_id, a.secret, a.backoffice_secret, g.id as agency_id, g.code as agency_code
from wallet.apps a join wallet.agencies g on g.id = a.agency_id
where a.app_id = $1 and g.code = $2`,
} as const;

/** docs/wallet-api.md "Signature": a nonce is spent once per app; no row back means it was already used. */
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
  c.card_holder, c.first6, c.last4, c.number_length, c.card_uuid, c.expire_month, c.expire_year, c.status
from wallet.users u left join wallet.cards c on c.user_id = u.id
where u.app_id = $1 and u.app_user_id = $2
order by c.id`,
} as const;

const USER_ENTRY_COLUMNS = `id, app_user_id, email, wallet_account_type, document_no, document_type, first_name,
  last_name, mobile, region, registered_at`;

/** 4.2 with withCards: one page of card holders, newest first (users_app_card_holders_idx). */
export const CARD_HOLDERS_PAGE = {
  name: 'wallet_card_holders_page',
  text: `select ${USER_ENTRY_COLUMNS} from wallet.users where app_id = $1 and has_cards
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
  text: `select id, user_id, category_id, card_asset_id, payment_asset_id, card_holder, first6, last4, number_length,
  card_uuid, embossed_name, expire_month, expire_year, status, card_account_status, channel, reject_reason,
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

/** The smallest string greater than every string starting with `prefix` (code point order). */
export function prefixEnd(prefix: string): string {
  const chars = [...prefix];
  const last = chars.pop();
  if (last === undefined) return '\u{10FFFF}';
  const code = last.codePointAt(0)!;
  return code >= 0x10ffff ? `${prefix}\u{10FFFF}` : `${chars.join('')}${String.fromCodePoint(code + 1)}`;
}

export type PreparedStatement = { name: string; text: string; values: unknown[] };

/**
 * user/search (docs/wallet-api.md "Finding a user"): the statement for one query, of only the
 * branches whose key the query can be, each through its own index and bounded by the page size, so
 * the cost does not grow with the number of users. Keys: a cardId (1-10 digits), an appUserId (its
 * characters), whole or as a prefix of 3+ characters, an e-mail prefix of 3+ characters (whole
 * ranks as exact), a card's last four (4 digits), a mobile number (4+ digits, with or without its
 * region code), a first or last name prefix (a name's letters), a full name (fullNameBranches),
 * or a mix of keys in several words (wordMatches). Ranks: 0 an exact key (cardId, appUserId,
 * e-mail), 1 an exact secondary key (last four, mobile) or a whole full name, 2 a prefix of
 * appUserId or e-mail or of a full name, 3 a whole first or last name, 4 a name prefix; a user
 * found several ways keeps the best; ties card holders first, then newest registration.
 *
 * One named statement per shape (which branches) and page size, the size written into the text.
 * Every parameter is then a key the branches use, so PostgreSQL's generic plan of the statement
 * is as good as a plan made for the values, and PostgreSQL keeps it (no planning per call) as
 * long as its estimate says so. One statement for every shape, with absent keys as nulls, lost
 * to per-call plans from about 100k users on (a null branch is pruned only in a per-call plan),
 * and parameters for the page size made the generic plan's estimate grow with the users: the
 * 1.4x step of bench/RESULTS.md between 1k and 100k cards, of planning.
 */
export function userSearchStatement(appKey: number, rawQuery: string, pageSize: number): PreparedStatement {
  const q = rawQuery.trim().replace(/\s+/g, ' ');
  const size = Math.trunc(pageSize);
  if (!(size >= 1 && size <= 100)) throw new RangeError(`user/search page size ${pageSize}`);
  const values: unknown[] = [appKey];
  const param = (value: unknown, type: 'int' | 'text' = 'text') => {
    values.push(value);
    return `$${values.length}::${type}`;
  };
  const words = q.split(' ');
  // The whole text as one key: a word, a name with spaces ("van der"), a phone number with spaces.
  const { branches, shape } = singleKeyBranches(q, size, param, '');
  const phone = /^\d{4,}$/.test(q.replace(/[\s+()-]/g, ''));
  if (words.length > 1 && words.length <= MAX_SEARCH_WORDS && !phone) {
    if (words.every((w) => PERSON_NAME_PREFIX_PATTERN.test(w))) {
      branches.push(...fullNameBranches(words, size, param));
    } else {
      // A mix of keys ("hopper 0366", "grace 4155550100"): each word that is more than a name
      // drives through its own index; the other words must match the same user by any key.
      for (const [i, word] of words.entries()) {
        if (PERSON_NAME_PREFIX_PATTERN.test(word)) continue;
        // A word that is no key at all, driving or filtering, leaves no branch, and its filters'
        // parameters go too, as every parameter sent must be one the text uses.
        const mark = values.length;
        const others = words.filter((_, j) => j !== i).map((other) => wordMatches(other, param));
        const driven = others.includes('false')
          ? []
          : singleKeyBranches(word, size, param, others.join(' and ')).branches;
        if (driven.length === 0) values.length = mark;
        branches.push(...driven);
      }
    }
  }
  if (branches.length === 0) {
    // Nothing the query could be (say "é!"): an empty answer, from a statement of its own.
    return {
      name: `wallet_search_users_none`,
      text: `select ${USER_ENTRY_COLUMNS} from wallet.users where false and app_id = $1`,
      values: [appKey],
    };
  }
  const text = `with hits(user_id, rank) as (
  ${branches.map((b) => `(${b})`).join('\n  union all\n  ')}
), best as (
  select user_id, min(rank) as rank from hits group by user_id
)
select ${USER_ENTRY_COLUMNS}
from best b join wallet.users u on u.id = b.user_id and u.app_id = $1
order by b.rank, (u.card_count > 0) desc, u.registered_at desc, u.id desc
limit ${size}`;
  // One word: named by its shape. Several: by the text itself (a hash), one name per text.
  const name =
    words.length === 1 || branches.length === 0
      ? `wallet_search_users_${shape}_${size}`
      : `wallet_search_users_w_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
  return { name, text, values };
}

/** More words than this are no name nor mix of keys a caller gives: only the whole text is tried. */
const MAX_SEARCH_WORDS = 4;

type Param = (value: unknown, type?: 'int' | 'text') => string;

/**
 * The index-bound branches for one key `q` (a word, or a name with spaces), each `select user id,
 * rank`; `filter` (SQL over `u`, the user) narrows every branch before its limit.
 */
function singleKeyBranches(
  q: string,
  size: number,
  param: Param,
  filter: string,
): { branches: string[]; shape: string } {
  const lower = q.toLowerCase();
  const digits = q.replace(/[\s+()-]/g, '');
  const and = filter ? ` and ${filter}` : '';
  const branches: string[] = [];
  let shape = '';
  const cardsFrom = filter ? 'wallet.cards c join wallet.users u on u.id = c.user_id' : 'wallet.cards c';

  if (/^\d{1,10}$/.test(q) && Number(q) <= 2_147_483_647) {
    shape += 'c';
    branches.push(
      `select c.user_id, 0 from ${cardsFrom} where c.id = ${param(Number(q), 'int')} and c.app_id = $1${and}`,
    );
  }
  const prefix = q.length >= 3;
  if (APP_USER_ID_PATTERN.test(q)) {
    shape += 'a';
    const key = param(q);
    branches.push(
      prefix
        ? `select u.id, case when u.app_user_id = ${key} then 0 else 2 end from wallet.users u
     where u.app_id = $1 and u.app_user_id collate "C" >= ${key} and u.app_user_id collate "C" < ${param(prefixEnd(q))}${and}
     order by u.app_user_id collate "C" limit ${size}`
        : `select u.id, 0 from wallet.users u where u.app_id = $1 and u.app_user_id = ${key}${and}`,
    );
  }
  if (prefix && !/\s/.test(q)) {
    shape += 'e';
    const key = param(lower);
    branches.push(`select u.id, case when lower(u.email) = ${key} then 0 else 2 end from wallet.users u
     where u.app_id = $1 and lower(u.email) collate "C" >= ${key} and lower(u.email) collate "C" < ${param(prefixEnd(lower))}${and}
     order by lower(u.email) collate "C" limit ${size}`);
  }
  if (/^\d{4}$/.test(q)) {
    shape += 'l';
    branches.push(
      `select c.user_id, 1 from ${cardsFrom} where c.app_id = $1 and c.last4 = ${param(q)}${and} limit ${size}`,
    );
  }
  if (/^\d{4,}$/.test(digits)) {
    shape += 'm';
    const key = param(digits);
    branches.push(
      `select u.id, 1 from wallet.users u where u.app_id = $1 and replace(u.mobile, '-', '') = ${key}${and} limit ${size}`,
      `select u.id, 1 from wallet.users u where u.app_id = $1 and split_part(u.mobile, '-', 2) = ${key}${and} limit ${size}`,
    );
  }
  if (PERSON_NAME_PREFIX_PATTERN.test(q)) {
    shape += 'n';
    const from = param(lower);
    const to = param(prefixEnd(lower));
    for (const [column, other] of [
      ['first_name', 'last_name'],
      ['last_name', 'first_name'],
    ] as const) {
      // An exact name (3) before a longer one starting with it (4).
      branches.push(`select u.id, case when lower(u.${column}) = ${from} then 3 else 4 end from wallet.users u
     where u.app_id = $1 and lower(u.${column}) collate "C" >= ${from} and lower(u.${column}) collate "C" < ${to}${and}
     order by lower(u.${column}) collate "C", lower(u.${other}) collate "C" limit ${size}`);
    }
  }
  return { branches, shape };
}

/**
 * A full name: the words cut once into a first part and a last part, each a prefix of the first
 * name and of the last name, in either order ("grace hopper", "hopper grace", "gr hop", "mary ann
 * smith"). Per cut and order, two branches: both names whole (rank 1: equality on both columns of
 * users_search_first_last_idx), and both as prefixes (rank 2), the two ranges together in the index
 * condition of users_search_first_last_idx or users_search_last_first_idx, with no order, so the
 * scan stops at the page size whichever index PostgreSQL's generic plan takes (an ORDER BY let it
 * take the other index and sort every match: 10,000 rows for "gr ho" at 1M users).
 */
function fullNameBranches(words: string[], size: number, param: Param): string[] {
  const branches: string[] = [];
  for (let cut = 1; cut < words.length; cut++) {
    const a = words.slice(0, cut).join(' ').toLowerCase();
    const b = words.slice(cut).join(' ').toLowerCase();
    const [aFrom, aTo, bFrom, bTo] = [param(a), param(prefixEnd(a)), param(b), param(prefixEnd(b))];
    for (const [firstFrom, firstTo, lastFrom, lastTo] of [
      [aFrom, aTo, bFrom, bTo],
      [bFrom, bTo, aFrom, aTo],
    ] as const) {
      branches.push(
        `select u.id, 1 from wallet.users u
     where u.app_id = $1 and lower(u.first_name) collate "C" = ${firstFrom} and lower(u.last_name) collate "C" = ${lastFrom}
     limit ${size}`,
        `select u.id, 2 from wallet.users u
     where u.app_id = $1 and lower(u.first_name) collate "C" >= ${firstFrom} and lower(u.first_name) collate "C" < ${firstTo}
       and lower(u.last_name) collate "C" >= ${lastFrom} and lower(u.last_name) collate "C" < ${lastTo}
     limit ${size}`,
      );
    }
  }
  return branches;
}

/** Whether the user `u` matches one word by any key it could be (a mix of keys' other words). */
function wordMatches(word: string, param: Param): string {
  const lower = word.toLowerCase();
  const digits = word.replace(/[+()-]/g, '');
  const tests: string[] = [];
  if (PERSON_NAME_PREFIX_PATTERN.test(word)) {
    const key = param(lower);
    tests.push(`starts_with(lower(u.first_name), ${key})`, `starts_with(lower(u.last_name), ${key})`);
  }
  if (APP_USER_ID_PATTERN.test(word)) {
    tests.push(`starts_with(lower(u.email), ${param(lower)})`, `starts_with(u.app_user_id, ${param(word)})`);
  }
  if (/^\d{4,}$/.test(digits)) {
    const key = param(digits);
    tests.push(`replace(u.mobile, '-', '') = ${key}`, `split_part(u.mobile, '-', 2) = ${key}`);
  }
  if (/^\d{4}$/.test(word)) {
    tests.push(`exists (select 1 from wallet.cards w where w.user_id = u.id and w.last4 = ${param(word)})`);
  }
  if (/^\d{1,10}$/.test(word) && Number(word) <= 2_147_483_647) {
    tests.push(
      `exists (select 1 from wallet.cards w where w.user_id = u.id and w.id = ${param(Number(word), 'int')})`,
    );
  }
  return tests.length === 0 ? 'false' : `(${tests.join(' or ')})`;
}

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

// ---------------------------------------------------------------------------------------------
// The writes' hot path, sent inside the work's transaction (DatabaseHandle.queryIn).

/**
 * docs/wallet-api.md "requestId (idempotency)": the requestId claimed in the transaction of the
 * work it guards (request/idempotency.ts). A live record is left alone and nothing comes back (a
 * concurrent holder makes this wait on the primary key until it commits or rolls back); a record
 * past its 24 hours is taken over.
 */
export const CLAIM_REQUEST_ID = {
  name: 'wallet_claim_request_id',
  text: `insert into wallet.idempotency_keys (app_id, request_id, operation, params_hash) values ($1, $2, $3, $4)
on conflict (app_id, request_id) do update
  set operation = excluded.operation, params_hash = excluded.params_hash, response = null, created_at = now()
  where wallet.idempotency_keys.created_at < now() - interval '24 hours'
returning 1 as claimed`,
} as const;

/** A claimed requestId's record: what it was used for, and its stored answer (a replay). */
export const REQUEST_ID_RECORD = {
  name: 'wallet_request_id_record',
  text: `select operation, params_hash, response from wallet.idempotency_keys where app_id = $1 and request_id = $2`,
} as const;

/** The answer stored under the requestId, in the work's transaction. */
export const STORE_RESPONSE = {
  name: 'wallet_store_response',
  text: `update wallet.idempotency_keys set response = $3 where app_id = $1 and request_id = $2`,
} as const;

/**
 * asset/transfer (asset/transfer-asset.ts): both assets of the app ($1), $2 and $3, locked FOR
 * UPDATE in id order (two transfers in opposite directions cannot deadlock), with what the rules
 * need, their balances and ledger counts as they are under the lock, and the id the transfer will
 * have (one nextval, also for a refused transfer: ids may skip, as after any rollback). A card
 * asset comes with its card, held FOR SHARE and locked before any asset row: the `card` CTE is
 * read whole by the one-time filter `(select count(*) from card) >= 0`, which PostgreSQL
 * evaluates before it scans the assets, so this statement takes its locks in the order card/cancel
 * takes them (the card, then its asset: change-card-status.ts) and cannot deadlock with it; a
 * cancel of the card waits for this transfer, or this transfer sees the card CANCELLED. The card
 * is found through its owner's cards (cards_user_idx), not by card_asset_id (no index).
 */
export const TRANSFER_LOCK = {
  name: 'wallet_transfer_lock',
  text: `with card as materialized (
  select c.card_asset_id, c.status, c.user_id
    from wallet.assets ca join wallet.cards c on c.user_id = ca.user_id and c.card_asset_id = ca.id
   where ca.app_id = $1 and ca.id in ($2, $3) and ca.type = 'CARD'
     for share of c
)
select a.id, a.user_id, a.type, a.currency, a.decimal_places, a.balance, a.ledger_count,
  card.status as card_status, card.user_id as card_user_id,
  (select nextval('wallet.transfers_id_seq')) as transfer_id
from wallet.assets a left join card on card.card_asset_id = a.id
where a.app_id = $1 and a.id in ($2, $3) and (select count(*) from card) >= 0
order by a.id
for update of a`,
} as const;

/**
 * asset/transfer's writes, in one statement, under TRANSFER_LOCK's locks: both balances set to
 * what the lock's read leaves after moving the amount ($1 from, to $2; $3 to, to $4; amount $5),
 * the transfer row ($6, of app $7), its two ledger entries numbered by their assets' ledger_count
 * (counted here, so the ledger trigger has nothing to add: the same numbers it would give), and
 * the transfer.completed event ($8 public id, $9 type, $10 body, $11 time) with one delivery per
 * endpoint of the app subscribed to it (as record-event.ts's eventInsert: a row back per delivery
 * queued). The entries read the
 * updated rows and the transfer row, so they are written after both. With a requestId ($12), the
 * answer ($13) is stored in its record here too (idempotency.ts's storeAnswerWith): the row lock on
 * the source is held from TRANSFER_LOCK to the commit, and one round trip fewer under it is one
 * fewer wait for every transfer queued behind it (docs/wallet-api.md "Transfers").
 */
export const TRANSFER_WRITE = {
  name: 'wallet_transfer_write',
  text: `with moved as (
  update wallet.assets
     set balance = case id when $1 then $2::bigint else $4::bigint end, ledger_count = ledger_count + 1
   where id in ($1, $3)
  returning id, balance, ledger_count
), transfer as (
  insert into wallet.transfers (id, app_id, from_asset_id, to_asset_id, amount)
  values ($6, $7, $1, $3, $5)
  returning id
), entries as (
  insert into wallet.ledger_entries (asset_id, amount, balance_after, reason, transfer_id, seq)
  select moved.id, case moved.id when $1 then -$5::bigint else $5::bigint end, moved.balance,
    case moved.id when $1 then 'TRANSFER_OUT' else 'TRANSFER_IN' end, transfer.id, moved.ledger_count
    from moved, transfer
   order by moved.id <> $1
  returning 1
), event as (
  insert into wallet.events (public_id, app_id, type, body, created_at)
  values ($8, $7, $9, $10, $11::timestamptz)
  returning id
), answered as (
  update wallet.idempotency_keys set response = $13::text
   where app_id = $7 and request_id = $12::text
  returning 1
)
insert into wallet.event_deliveries (event_id, endpoint_id, next_attempt_at)
select event.id, endpoint.id, $11::timestamptz
  from event, wallet.webhook_endpoints endpoint
 where endpoint.app_id = $7
   and (endpoint.events = '*' or $9 = any(string_to_array(endpoint.events, ',')))
returning endpoint_id`,
} as const;

// asset/ledger (list-ledger.ts; docs/wallet-api.md "Ledgers"): the asset's count, then a page as
// an index range of its entries' numbers (or, filtered by type, an offset into the
// (asset, reason, seq) index), then the page's counterparts by primary key.
const LEDGER_ENTRY_COLUMNS = 'id, amount, balance_after, reason, card_id, transfer_id, created_at';

/** asset/ledger: the asset's entry count and decimal places, if it is the app's. */
export const LEDGER_ASSET = {
  name: 'wallet_ledger_asset',
  text: `select ledger_count, decimal_places from wallet.assets where id = $1 and app_id = $2`,
} as const;

/** asset/ledger: page N is the entries numbered ($3, $2] (ledger_asset_seq_key), newest first. */
export const LEDGER_PAGE = {
  name: 'wallet_ledger_page',
  text: `select ${LEDGER_ENTRY_COLUMNS} from wallet.ledger_entries
where asset_id = $1 and seq <= $2 and seq > $3
order by seq desc`,
} as const;

/** asset/ledger filtered by type: how many entries of the type (ledger_asset_reason_seq_idx). */
export const LEDGER_TYPE_COUNT = {
  name: 'wallet_ledger_type_count',
  text: `select count(*) as n from wallet.ledger_entries where asset_id = $1 and reason = $2`,
} as const;

/** asset/ledger filtered by type: one page of them, newest first. */
export const LEDGER_TYPE_PAGE = {
  name: 'wallet_ledger_type_page',
  text: `select ${LEDGER_ENTRY_COLUMNS} from wallet.ledger_entries
where asset_id = $1 and reason = $2
order by seq desc limit $3 offset $4`,
} as const;

/**
 * asset/ledger: the page's transfers ($2, an array of ids), each with its other asset (not $1, the
 * ledger's) and that asset's owner.
 */
export const LEDGER_TRANSFER_COUNTERPARTS = {
  name: 'wallet_ledger_transfer_counterparts',
  text: `select t.id, t.from_asset_id, t.to_asset_id, u.app_user_id
from wallet.transfers t
join wallet.assets other on other.id = case when t.from_asset_id = $1 then t.to_asset_id else t.from_asset_id end
left join wallet.users u on u.id = other.user_id
where t.id = any($2::bigint[])`,
} as const;

/** asset/ledger: the holders of the page's cards ($1, an array of ids). */
export const LEDGER_CARD_HOLDERS = {
  name: 'wallet_ledger_card_holders',
  text: `select c.id, u.app_user_id from wallet.cards c join wallet.users u on u.id = c.user_id
where c.id = any($1::int[])`,
} as const;
