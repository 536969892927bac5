// The database schema: Postgres schema `wallet` (the wallet service's own data). One schema
// file and one set of migrations serve PGlite and PostgreSQL alike.
// Money columns are integers in minor units (cents); balances carry a CHECK so that no code
// path, however concurrent, can leave one below zero.
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  pgSchema,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

export const wallet = pgSchema('wallet');

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

/** The app a row belongs to. */
const appOf = () =>
  integer('app_id')
    .notNull()
    .references(() => apps.id);

/** The user a row belongs to: an address or a card is always one user's. */
const userOf = () =>
  integer('user_id')
    .notNull()
    .references(() => users.id);

export const agencies = wallet.table('agencies', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  createdAt: createdAt(),
});

export const apps = wallet.table('apps', {
  id: serial('id').primaryKey(),
  agencyId: integer('agency_id')
    .notNull()
    .references(() => agencies.id),
  appId: text('app_id').notNull().unique(),
  name: text('name').notNull(),
  /** HMAC key of docs/wallet-api.md "Signature"; the service needs it in clear to verify signatures. */
  secret: text('secret').notNull(),
  /**
   * The back-office key (docs/security.md "Rate limit"): a second HMAC key of the app, verified
   * when the agency's does not verify, whose calls count on the back-office's own budget. Sealed
   * like `secret`; null until provisioning gives the app one.
   */
  backofficeSecret: text('backoffice_secret'),
  /** Users registered under the app, kept in step by registration, so 4.2 never counts rows. */
  userCount: integer('user_count').notNull().default(0),
  /** Users holding at least one card (4.2 withCards' dataTotal), kept by a trigger on cards. */
  cardHolderCount: integer('card_holder_count').notNull().default(0),
  /**
   * The origins that may embed the card-details page in a frame (app/cardViewOrigins/set): its
   * CSP frame-ancestors; none: 'none' (docs/wallet-api.md "The card-details link").
   */
  cardViewOrigins: text('card_view_origins')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  createdAt: createdAt(),
});

export const users = wallet.table(
  'users',
  {
    id: serial('id').primaryKey(),
    appId: appOf(),
    appUserId: text('app_user_id').notNull(),
    email: text('email').notNull(),
    walletAccountType: text('wallet_account_type').notNull(),
    walletTokenHash: text('wallet_token_hash').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    birthday: text('birthday').notNull(),
    gender: text('gender'),
    mobile: text('mobile').notNull(),
    region: text('region').notNull(),
    documentType: text('document_type').notNull(),
    documentNo: text('document_no').notNull(),
    documentExpiryDate: text('document_expiry_date'),
    photos: text('photos').array().notNull(),
    occupation: text('occupation'),
    position: text('position'),
    annualIncome: text('annual_income'),
    detailedAddress: text('detailed_address'),
    cardUuid: text('card_uuid'),
    supportDocumentType: text('support_document_type'),
    supportDocumentUrl: text('support_document_url'),
    /** How many cards the user holds, kept by a trigger on cards (4.2 withCards). */
    cardCount: integer('card_count').notNull().default(0),
    /**
     * Whether the user holds a card: set by the same trigger with the first card and never again
     * changed. The card holders' index filters on it rather than on card_count, so that a second
     * card's count update changes no indexed column and stays a HOT update (docs/architecture.md
     * "Card holders and HOT updates").
     */
    hasCards: boolean('has_cards').notNull().default(false),
    registeredAt: timestamp('registered_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_app_user_id_key').on(t.appId, t.appUserId),
    uniqueIndex('users_app_email_key').on(t.appId, sql`lower(${t.email})`),
    // 4.2 pages through an app's users newest first; this index makes each page a range scan.
    // NULLS FIRST to match `order by ... desc` exactly (drizzle's .desc() says NULLS LAST):
    // with any mismatch PostgreSQL sorts every user instead of reading the index in order.
    index('users_app_registered_idx').on(
      t.appId,
      t.registeredAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // user/search (docs/wallet-api.md "Finding a user"): every key through an index, so its cost
    // does not grow with the number of users. Prefixes are ranges in the "C" collation (byte
    // order), which btree indexes serve for any prefix, also in a generic prepared plan.
    // 4.2 with withCards=true: the same order over card holders only.
    index('users_app_card_holders_idx')
      .on(t.appId, t.registeredAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.hasCards}`),
    index('users_search_app_user_id_idx').on(t.appId, sql`${t.appUserId} collate "C"`),
    index('users_search_email_idx').on(t.appId, sql`lower(${t.email}) collate "C"`),
    // A name prefix reads one of these two by its first name column; a full name reads the one
    // led by its longer part and compares the other part inside the index.
    index('users_search_first_last_idx').on(
      t.appId,
      sql`lower(${t.firstName}) collate "C"`,
      sql`lower(${t.lastName}) collate "C"`,
    ),
    index('users_search_last_first_idx').on(
      t.appId,
      sql`lower(${t.lastName}) collate "C"`,
      sql`lower(${t.firstName}) collate "C"`,
    ),
    index('users_search_mobile_idx').on(t.appId, sql`replace(${t.mobile}, '-', '')`),
    index('users_search_mobile_local_idx').on(t.appId, sql`split_part(${t.mobile}, '-', 2)`),
    // The cardholder's calls find their user by the walletToken's hash (me/*).
    uniqueIndex('users_wallet_token_hash_key').on(t.walletTokenHash),
  ],
);

export const assets = wallet.table(
  'assets',
  {
    id: serial('id').primaryKey(),
    appId: appOf(),
    /** null for the agency's own assets (paid from by 4.3); set for a user's (4.4). */
    userId: integer('user_id').references(() => users.id),
    /** CARD_MARGIN (agency), WALLET (a user's spendable asset), CARD (a card's own account). */
    type: text('type').notNull(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    currency: text('currency').notNull(),
    symbol: text('symbol').notNull(),
    icon: text('icon').notNull(),
    decimalPlaces: integer('decimal_places').notNull(),
    balance: bigint('balance', { mode: 'number' }).notNull().default(0),
    /**
     * What open holds keep of the balance (a card's approved authorizations,
     * docs/card-spending.md "Money model"): available = balance - held, never below zero.
     */
    held: bigint('held', { mode: 'number' }).notNull().default(0),
    isDefault: boolean('is_default').notNull().default(false),
    /**
     * How many ledger entries the asset has: kept by a trigger on ledger_entries (migration
     * 0003), so a ledger page's total and its sequence range never need a count over the rows.
     */
    ledgerCount: bigint('ledger_count', { mode: 'number' }).notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    check('assets_balance_non_negative', sql`${t.balance} >= 0`),
    check('assets_held_within_balance', sql`${t.held} >= 0 and ${t.held} <= ${t.balance}`),
    index('assets_app_user_idx').on(t.appId, t.userId),
    // Provisioning finds the agency's assets by code, idempotently.
    uniqueIndex('assets_agency_code_key')
      .on(t.appId, t.code)
      .where(sql`${t.userId} is null`),
  ],
);

export const cardCategories = wallet.table('card_categories', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  network: text('network').notNull(),
  type: text('type').notNull(),
  currency: text('currency').notNull(),
  currencySymbol: text('currency_symbol').notNull(),
  currencyIcon: text('currency_icon').notNull(),
  decimalPlaces: integer('decimal_places').notNull(),
  fee: bigint('fee', { mode: 'number' }).notNull(),
  /** Issuer BIN: the first six digits of numbers this category generates. */
  bin: text('bin').notNull(),
  level: integer('level').notNull(),
  feature: text('feature').notNull(),
  styleConfig: text('style_config').notNull(),
  validityYears: integer('validity_years').notNull(),
  createdAt: createdAt(),
});

export const addresses = wallet.table(
  'addresses',
  {
    id: serial('id').primaryKey(),
    appId: appOf(),
    userId: userOf(),
    country: text('country').notNull(),
    province: text('province'),
    city: text('city').notNull(),
    street: text('street').notNull(),
    detailedAddress: text('detailed_address'),
    postalCode: text('postal_code'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    mobile: text('mobile').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('addresses_user_idx').on(t.userId),
    // At most one default address per user, whatever the concurrency.
    uniqueIndex('addresses_one_default_key')
      .on(t.userId)
      .where(sql`${t.isDefault}`),
  ],
);

export const cards = wallet.table(
  'cards',
  {
    id: serial('id').primaryKey(),
    appId: appOf(),
    userId: userOf(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => cardCategories.id),
    /** The asset the fee was paid from (marginAssetId in the spec). */
    paymentAssetId: integer('payment_asset_id')
      .notNull()
      .references(() => assets.id),
    /** The card's own account (cardAssetId in the spec). */
    cardAssetId: integer('card_asset_id')
      .notNull()
      .references(() => assets.id),
    paidBy: text('paid_by').notNull(),
    fee: bigint('fee', { mode: 'number' }).notNull(),
    /**
     * The number and CVV sealed together with the master key (card-secrets.ts); null only on a row
     * from before migration 0029 that the start-up step has not sealed yet (plainCardNumber set).
     */
    sealedSecrets: text('sealed_secrets'),
    /** What may be shown of the number: its first six, last four and length (the mask). */
    first6: text('first6').notNull(),
    last4: text('last4').notNull(),
    numberLength: smallint('number_length').notNull(),
    /** HMAC-SHA256 of the number under a key derived from the master key: "already bound" (4006). */
    fingerprint: text('fingerprint').unique(),
    /**
     * The whole number in plain text, only on a row from before migration 0029 until the start-up
     * step seals it (docs/security.md "Card numbers at rest"); then null.
     */
    plainCardNumber: text('card_number'),
    cardUuid: uuid('card_uuid').notNull().unique(),
    embossedName: text('embossed_name').notNull(),
    cardHolder: text('card_holder').notNull(),
    expireMonth: text('expire_month').notNull(),
    expireYear: text('expire_year').notNull(),
    status: text('status').notNull(),
    cardAccountStatus: text('card_account_status').notNull(),
    channel: text('channel').notNull(),
    needDelivery: boolean('need_delivery').notNull(),
    addressId: integer('address_id').references(() => addresses.id),
    cardImageUrl: text('card_image_url'),
    rejectReason: text('reject_reason'),
    activeTime: timestamp('active_time', { withTimezone: true, mode: 'date' }),
    /** Why the card reached its status (lock and cancel reasons); written into its history. */
    statusReason: text('status_reason'),
    /**
     * Where cancelling the card moved its balance: the owner's wallet asset (card/cancel) or the
     * replacement card's asset (card/replace); a refund to the cancelled card follows it
     * (docs/card-spending.md "Rules"). Null while the card is not cancelled.
     */
    balanceMovedTo: integer('balance_moved_to').references(() => assets.id),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('cards_user_idx').on(t.userId, t.id),
    // card/list: the app's cards in issue order, and of one status (docs/wallet-api.md "card/list").
    index('cards_app_created_idx').on(t.appId, t.createdAt.desc(), t.id.desc()),
    index('cards_app_status_created_idx').on(t.appId, t.status, t.createdAt.desc(), t.id.desc()),
    // user/search by a card's last four digits.
    index('cards_search_last4_idx').on(t.appId, t.last4),
    // The start-up step finds the rows still plain without reading every card.
    index('cards_plain_number_idx')
      .on(t.id)
      .where(sql`${t.plainCardNumber} is not null`),
    // Each card is sealed (with its fingerprint) or, before the start-up step, plain: never both.
    check(
      'cards_number_sealed_or_plain',
      sql`(${t.plainCardNumber} is null) = (${t.sealedSecrets} is not null) and (${t.sealedSecrets} is null) = (${t.fingerprint} is null)`,
    ),
    // A refund to a cancelled card follows its balance to the replacement card by its asset.
    index('cards_card_asset_idx').on(t.cardAssetId),
  ],
);

/**
 * Every status a card has had, oldest first (card/detail's history): written by a trigger on
 * cards (migration 0003) for the insert and for every status change, in the same transaction,
 * so no code path can change a status without its history.
 */
export const cardStatusHistory = wallet.table(
  'card_status_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    cardId: integer('card_id')
      .notNull()
      .references(() => cards.id),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    reason: text('reason'),
    createdAt: createdAt(),
  },
  (t) => [index('card_status_history_card_idx').on(t.cardId, t.id)],
);

/**
 * asset/transfer (docs/wallet-api.md "Transfers"): each transfer, with its two ledger entries
 * pointing at it.
 */
export const transfers = wallet.table('transfers', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  appId: appOf(),
  fromAssetId: integer('from_asset_id')
    .notNull()
    .references(() => assets.id),
  toAssetId: integer('to_asset_id')
    .notNull()
    .references(() => assets.id),
  /** Minor units, > 0. */
  amount: bigint('amount', { mode: 'number' }).notNull(),
  createdAt: createdAt(),
});

/** Every balance change, so that balances can always be re-derived and audited. */
export const ledgerEntries = wallet.table(
  'ledger_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    assetId: integer('asset_id')
      .notNull()
      .references(() => assets.id),
    /** Signed, minor units: negative for a debit. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    balanceAfter: bigint('balance_after', { mode: 'number' }).notNull(),
    /**
     * PROVISION, CREDIT, CARD_FEE, TRANSFER_IN, TRANSFER_OUT, CARD_REFUND, CARD_SPEND,
     * MERCHANT_REFUND, DEPOSIT, DISPUTE_CREDIT (the ledger's `type`).
     */
    reason: text('reason').notNull(),
    cardId: integer('card_id').references(() => cards.id),
    transferId: bigint('transfer_id', { mode: 'number' }).references(() => transfers.id),
    /** The deposit a DEPOSIT entry credits: at most one entry per deposit (the unique index). */
    depositId: integer('deposit_id'),
    /**
     * The entry's number within its asset's ledger, 1, 2, 3...: set by a trigger from
     * assets.ledger_count (migration 0003), so page N of a ledger is a range of this index.
     */
    seq: bigint('seq', { mode: 'number' })
      .notNull()
      .default(sql`null`),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('ledger_asset_seq_key').on(t.assetId, t.seq),
    // asset/ledger filtered by type: that type's entries of the asset, newest first.
    index('ledger_asset_reason_seq_idx').on(t.assetId, t.reason, t.seq),
    index('ledger_card_idx').on(t.cardId),
    uniqueIndex('ledger_deposit_key')
      .on(t.depositId)
      .where(sql`${t.depositId} is not null`),
    check('ledger_amount_non_zero', sql`${t.amount} <> 0`),
  ],
);

/**
 * Nonces seen per app within the timestamp window (docs/wallet-api.md "Signature"), shared by every
 * instance.
 */
export const usedNonces = wallet.table(
  'used_nonces',
  {
    appId: integer('app_id').notNull(),
    nonce: text('nonce').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.appId, t.nonce] }), index('used_nonces_created_idx').on(t.createdAt)],
);

/**
 * requestId records (docs/wallet-api.md "requestId (idempotency)"): the first successful result of
 * a mutating call, for 24 h.
 */
export const idempotencyKeys = wallet.table(
  'idempotency_keys',
  {
    appId: integer('app_id').notNull(),
    requestId: text('request_id').notNull(),
    operation: text('operation').notNull(),
    paramsHash: text('params_hash').notNull(),
    /** The JSON text of the result's data, replayed byte for byte (jsonb would reorder keys). */
    response: text('response'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.appId, t.requestId] }), index('idempotency_created_idx').on(t.createdAt)],
);

/**
 * The rate limit's shared counts (docs/wallet-api.md "Rate limit"): requests per app, second and
 * instance. Each instance adds its own counts in batches and reads the others', so no request waits
 * on a row lock and every instance sees what all allow together (http/rate-limit.ts).
 */
export const rateCounters = wallet.table(
  'rate_counters',
  {
    /** The app's appId, counted once the call's signature holds (docs/security.md "Rate limit"). */
    appKey: text('app_key').notNull(),
    second: bigint('second', { mode: 'number' }).notNull(),
    instance: text('instance').notNull(),
    hits: integer('hits').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.appKey, t.second, t.instance] }),
    index('rate_counters_second_idx').on(t.second),
  ],
);

// ---------------------------------------------------------------- events and webhooks
// (docs/wallet-api.md "Events and webhooks")

/** Where an app's events are delivered. */
export const webhookEndpoints = wallet.table(
  'webhook_endpoints',
  {
    id: serial('id').primaryKey(),
    appId: appOf(),
    url: text('url').notNull(),
    /** '*', or the subscribed types, sorted and comma-separated. */
    events: text('events').notNull(),
    description: text('description'),
    /** The signing secret, sealed with the master key (secrets/secret-box.ts). */
    secret: text('secret').notNull(),
    /** The secret before the last webhook/rotateSecret, sealed; signs Wallet-Signature-Previous ... */
    previousSecret: text('previous_secret'),
    /** ... until then (docs/wallet-api.md "webhook/rotateSecret"). */
    previousSecretUntil: timestamp('previous_secret_until', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [index('webhook_endpoints_app_idx').on(t.appId, t.id)],
);

/**
 * The outbox: every change the service makes, written in the change's own transaction. `body` is
 * the JSON text delivered, fixed when written, so every attempt sends (and signs) the same bytes.
 * Kept 30 days (event/prune-events.ts).
 */
export const events = wallet.table(
  'events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** evt_ and 24 URL-safe characters: the id receivers deduplicate on. */
    publicId: text('public_id').notNull().unique(),
    appId: appOf(),
    type: text('type').notNull(),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('events_app_idx').on(t.appId, t.id),
    index('events_app_type_idx').on(t.appId, t.type, t.id),
    index('events_created_idx').on(t.createdAt),
  ],
);

/**
 * One event to one endpoint: the delivery worker's queue. A due row (PENDING, next_attempt_at
 * passed, no live claim) is claimed by one instance at a time (claimed_until), so each attempt
 * is made once; a claim outlives the attempt's 10 s timeout, and an instance that died with one
 * leaves it to lapse and be taken again.
 */
export const eventDeliveries = wallet.table(
  'event_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    eventId: bigint('event_id', { mode: 'number' })
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    endpointId: integer('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    /** PENDING, DELIVERED or FAILED. */
    status: text('status').notNull().default('PENDING'),
    /** Every attempt made, redeliveries included. */
    attempts: integer('attempts').notNull().default(0),
    /** Failures since the delivery was last queued: the position in the retry schedule. */
    failuresInRound: integer('failures_in_round').notNull().default(0),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true, mode: 'date' }),
    lastStatusCode: integer('last_status_code'),
    lastError: text('last_error'),
    /** When the next attempt is due; null once DELIVERED or FAILED. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }),
    claimedUntil: timestamp('claimed_until', { withTimezone: true, mode: 'date' }),
    claimToken: text('claim_token'),
  },
  (t) => [
    uniqueIndex('event_deliveries_event_endpoint_key').on(t.eventId, t.endpointId),
    index('event_deliveries_endpoint_idx').on(t.endpointId),
    // The worker's claim: the due rows, soonest first.
    index('event_deliveries_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'PENDING'`),
  ],
);

// ---------------------------------------------------------------- card spending
// (docs/card-spending.md)

/**
 * Every authorization the network asked for, approved or declined (docs/card-spending.md
 * "Authorization"). Amounts in minor units: `held` is what the card asset's `held` keeps for it
 * while PENDING; `cleared` was posted (CARD_SPEND, the ledger entry `transaction_id`), `reversed`
 * released by the merchant, `refunded` given back (MERCHANT_REFUND). `approved_at` fixes the
 * spending windows it counts in.
 */
export const authorizations = wallet.table(
  'authorizations',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    appId: integer('app_id')
      .notNull()
      .references(() => apps.id),
    cardId: integer('card_id')
      .notNull()
      .references(() => cards.id),
    cardAssetId: integer('card_asset_id').notNull(),
    userId: integer('user_id').notNull(),
    /** PENDING, CLEARED, REVERSED, EXPIRED or DECLINED. */
    status: text('status').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    held: bigint('held', { mode: 'number' }).notNull().default(0),
    cleared: bigint('cleared', { mode: 'number' }).notNull().default(0),
    reversed: bigint('reversed', { mode: 'number' }).notNull().default(0),
    refunded: bigint('refunded', { mode: 'number' }).notNull().default(0),
    currency: text('currency').notNull(),
    merchantName: text('merchant_name').notNull(),
    mcc: text('mcc').notNull(),
    merchantCountry: text('merchant_country').notNull(),
    declineReason: text('decline_reason'),
    /** RULES, AGENCY or FALLBACK. */
    decidedBy: text('decided_by').notNull(),
    /** The agency's own words for an AGENCY_DECLINED (its answer's `reason`), else null. */
    agencyReason: text('agency_reason'),
    /** The CARD_SPEND ledger entry once cleared. */
    transactionId: bigint('transaction_id', { mode: 'number' }),
    approvedAt: timestamp('approved_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    // card/authorizations and authorization/list: keyset pages, newest first.
    index('authorizations_card_page_idx').on(t.cardId, t.createdAt.desc(), t.id.desc()),
    check('authorizations_agency_reason_length', sql`char_length(${t.agencyReason}) <= 200`),
    index('authorizations_app_page_idx').on(t.appId, t.createdAt.desc(), t.id.desc()),
    index('authorizations_user_page_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    // The expiry worker's claim and a cancel's open holds: PENDING ones only.
    index('authorizations_pending_idx')
      .on(t.approvedAt)
      .where(sql`${t.status} = 'PENDING'`),
    index('authorizations_card_pending_idx')
      .on(t.cardId)
      .where(sql`${t.status} = 'PENDING'`),
    uniqueIndex('authorizations_transaction_key').on(t.transactionId),
    check(
      'authorizations_amounts',
      sql`${t.amount} > 0 and ${t.held} >= 0 and ${t.cleared} >= 0 and ${t.reversed} >= 0 and ${t.refunded} >= 0 and ${t.refunded} <= ${t.cleared}`,
    ),
  ],
);

/** simulate/refund: each refund of a cleared authorization, with its MERCHANT_REFUND entry. */
export const cardRefunds = wallet.table(
  'card_refunds',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    appId: integer('app_id').notNull(),
    authorizationId: bigint('authorization_id', { mode: 'number' })
      .notNull()
      .references(() => authorizations.id),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    ledgerEntryId: bigint('ledger_entry_id', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('card_refunds_authorization_idx').on(t.authorizationId)],
);

/**
 * A card's spending controls (card/controls/set): limits in minor units (null: none), blocked
 * merchant categories and countries.
 */
export const cardControls = wallet.table('card_controls', {
  cardId: integer('card_id')
    .primaryKey()
    .references(() => cards.id),
  perTransaction: bigint('per_transaction', { mode: 'number' }),
  daily: bigint('daily', { mode: 'number' }),
  monthly: bigint('monthly', { mode: 'number' }),
  allTime: bigint('all_time', { mode: 'number' }),
  blockedMcc: text('blocked_mcc')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  blockedCountries: text('blocked_countries')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/**
 * What a card has spent per UTC window (docs/card-spending.md "Spending controls"), kept in step
 * by every authorization, clear, reversal, refund and expiry under the card asset's row lock, so
 * a decision reads three rows and never the card's history. `window`: 'D2026-11-25' (a day),
 * 'M2026-11' (a calendar month) or 'ALL'. No foreign key: an upsert here must not share-lock the
 * card's row, which a cancel holds.
 */
export const cardSpendTotals = wallet.table(
  'card_spend_totals',
  {
    cardId: integer('card_id').notNull(),
    window: text('window').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.cardId, t.window] })],
);

/**
 * The app's authorizations summed (authorization/summary, docs/card-spending.md "Summary"): per
 * UTC day of the authorization's createdAt, currency (with the card asset's decimal places),
 * status and declineReason ('' for none), and shard (card id % 8, so that authorizations of
 * different cards rarely queue on one row). Every state change of an authorization moves it
 * from one row to another with ONE upsert in its own transaction (summary-totals.ts), so the
 * summary reads at most a few rows per day and never the authorizations. Amounts in minor units;
 * a DECLINED one counts but holds no amount.
 */
export const authorizationDayTotals = wallet.table(
  'authorization_day_totals',
  {
    appId: integer('app_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    currency: text('currency').notNull(),
    decimalPlaces: integer('decimal_places').notNull(),
    status: text('status').notNull(),
    declineReason: text('decline_reason').notNull(),
    shard: integer('shard').notNull(),
    count: bigint('count', { mode: 'number' }).notNull().default(0),
    amount: bigint('amount', { mode: 'number' }).notNull().default(0),
    held: bigint('held', { mode: 'number' }).notNull().default(0),
    cleared: bigint('cleared', { mode: 'number' }).notNull().default(0),
    refunded: bigint('refunded', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({
      name: 'authorization_day_totals_pk',
      columns: [t.appId, t.day, t.currency, t.decimalPlaces, t.status, t.declineReason, t.shard],
    }),
  ],
);

/** The agency's decision endpoint per app (decision/set); the secret sealed like webhooks'. */
export const decisionEndpoints = wallet.table('decision_endpoints', {
  appId: integer('app_id')
    .primaryKey()
    .references(() => apps.id),
  /** Null: no endpoint (url given empty removed it); the settings and the secret stay. */
  url: text('url'),
  /** APPROVE or DECLINE: what an unavailable agency decides. */
  fallback: text('fallback').notNull(),
  timeoutMs: integer('timeout_ms').notNull(),
  /**
   * Sealed with the master key; drawn with the first URL (null until then) and kept by
   * decision/set unless rotateSecret=true.
   */
  secret: text('secret'),
  secretCreatedAt: timestamp('secret_created_at', { withTimezone: true, mode: 'date' }),
  /** The secret before the last rotation, sealed; signs Wallet-Signature-Previous until ... */
  previousSecret: text('previous_secret'),
  previousSecretUntil: timestamp('previous_secret_until', { withTimezone: true, mode: 'date' }),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
// ---------------------------------------------------------------- deposits and KYT
// (docs/deposits-and-kyt.md)

/**
 * Each app's derivation seed for deposit addresses, sealed with the master key like the app's
 * secret (secrets/secret-box.ts): created on the app's first deposit/address.
 */
export const depositSeeds = wallet.table('deposit_seeds', {
  appId: integer('app_id')
    .primaryKey()
    .references(() => apps.id),
  seed: text('seed').notNull(),
  createdAt: createdAt(),
});

/** One deposit address per user and chain, derived from the app's seed at the user's index. */
export const depositAddresses = wallet.table(
  'deposit_addresses',
  {
    id: serial('id').primaryKey(),
    appId: integer('app_id')
      .notNull()
      .references(() => apps.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    chain: text('chain').notNull(),
    address: text('address').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('deposit_addresses_user_chain_key').on(t.userId, t.chain),
    uniqueIndex('deposit_addresses_chain_address_key').on(t.chain, t.address),
  ],
);

/**
 * A deposit: one per (chain, tx_hash, log_index) whatever repeats or races (the unique index);
 * its status moves only by conditional updates in the crediting transaction.
 */
export const deposits = wallet.table(
  'deposits',
  {
    id: serial('id').primaryKey(),
    appId: integer('app_id')
      .notNull()
      .references(() => apps.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** The user's USD wallet asset, credited. */
    assetId: integer('asset_id')
      .notNull()
      .references(() => assets.id),
    chain: text('chain').notNull(),
    txHash: text('tx_hash').notNull(),
    logIndex: integer('log_index').notNull(),
    fromAddress: text('from_address').notNull(),
    address: text('address').notNull(),
    /** The token amount in millionths (USDT's 6 decimals). */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** `amount` rounded down to the asset's decimal places, in its minor units. */
    creditedAmount: bigint('credited_amount', { mode: 'number' }).notNull(),
    confirmations: integer('confirmations').notNull(),
    requiredConfirmations: integer('required_confirmations').notNull(),
    /** CONFIRMING, HELD, CREDITED, REJECTED. */
    status: text('status').notNull(),
    riskLevel: text('risk_level'),
    riskReasons: text('risk_reasons').array(),
    note: text('note'),
    createdAt: createdAt(),
    screenedAt: timestamp('screened_at', { withTimezone: true, mode: 'date' }),
    creditedAt: timestamp('credited_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('deposits_chain_tx_log_key').on(t.chain, t.txHash, t.logIndex),
    // deposit/list: newest first, by app, by status, by user: each page a range of one index.
    index('deposits_app_idx').on(t.appId, t.id),
    index('deposits_app_status_idx').on(t.appId, t.status, t.id),
    index('deposits_user_idx').on(t.userId, t.id),
    index('deposits_user_status_idx').on(t.userId, t.status, t.id),
    check('deposits_amount_positive', sql`${t.amount} > 0`),
  ],
);

/** An app's KYT rules (docs/deposits-and-kyt.md "KYT"); no row: the defaults. */
export const kytRules = wallet.table('kyt_rules', {
  appId: integer('app_id')
    .primaryKey()
    .references(() => apps.id),
  blockedAddresses: text('blocked_addresses').array().notNull(),
  reviewAddresses: text('review_addresses').array().notNull(),
  /** Millionths of the token, like deposits.amount. */
  reviewAmount: bigint('review_amount', { mode: 'number' }).notNull(),
  severeAmount: bigint('severe_amount', { mode: 'number' }).notNull(),
  /** false: deposit/release needs the back-office's approval (migration 0025). */
  apiRelease: boolean('api_release').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/**
 * The velocity rule's running totals: a user's screened deposits per hour (hours since the
 * epoch), so the last 24 hours are at most 24 rows of the primary key, never a scan of deposits.
 * Hours older than a day are deleted as the user's next deposit is screened.
 */
export const depositVelocity = wallet.table(
  'deposit_velocity',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    hour: bigint('hour', { mode: 'number' }).notNull(),
    /** Millionths of the token. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.hour] })],
);

/**
 * The first-deposit flag: a row once a user's first deposit has been screened. It also keeps the
 * velocity rule's total: the sum of the user's deposit_velocity rows, moved by the same statement
 * that writes them, so the rule reads one row (docs/deposits-and-kyt.md "The running totals").
 */
export const depositUsers = wallet.table('deposit_users', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id),
  firstDepositId: integer('first_deposit_id').notNull(),
  /** Millionths of the token: the sum of the user's deposit_velocity rows. */
  velocityAmount: bigint('velocity_amount', { mode: 'number' }).notNull().default(0),
  createdAt: createdAt(),
});

/**
 * An asset's money out, money in and net change per UTC day of its entries' created_at, kept by
 * statement triggers on ledger_entries in the transaction that writes the entries (migration
 * 0032, which also holds what counts as spent and received), so asset/daily reads at most `days`
 * rows of this key however many entries a day has (docs/architecture.md "Running totals").
 */
export const assetDayTotals = wallet.table(
  'asset_day_totals',
  {
    assetId: integer('asset_id')
      .notNull()
      .references(() => assets.id),
    day: date('day', { mode: 'string' }).notNull(),
    /** Minor units, positive: the day's debits that spend (CARD_FEE, TRANSFER_OUT, CARD_SPEND). */
    spent: bigint('spent', { mode: 'number' }).notNull().default(0),
    /** Minor units, positive: the day's credits that receive (not a card's refund going out). */
    received: bigint('received', { mode: 'number' }).notNull().default(0),
    /** Minor units, signed: the sum of every entry of the day. */
    net: bigint('net', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.assetId, t.day] })],
);

// ---------------------------------------------------------------- disputes
// (docs/disputes.md)

/**
 * A dispute of a cleared purchase (docs/disputes.md "A dispute"): the amount in minor units of the
 * authorization's currency; `credit_entry_id` is the DISPUTE_CREDIT ledger entry of a WON one (at
 * most one per dispute, the unique index).
 */
export const disputes = wallet.table(
  'disputes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    appId: appOf(),
    authorizationId: bigint('authorization_id', { mode: 'number' })
      .notNull()
      .references(() => authorizations.id),
    cardId: integer('card_id')
      .notNull()
      .references(() => cards.id),
    userId: integer('user_id').notNull(),
    /** OPEN, SUBMITTED, WON, LOST, WITHDRAWN or EXPIRED. */
    status: text('status').notNull(),
    reason: text('reason').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    explanation: text('explanation'),
    evidence: text('evidence'),
    dueBy: timestamp('due_by', { withTimezone: true, mode: 'date' }).notNull(),
    createdAt: createdAt(),
    submittedAt: timestamp('submitted_at', { withTimezone: true, mode: 'date' }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true, mode: 'date' }),
    creditEntryId: bigint('credit_entry_id', { mode: 'number' }),
  },
  (t) => [
    // What other disputes of a purchase claim (dispute/create's amount rule).
    index('disputes_authorization_idx').on(t.authorizationId),
    // dispute/list: keyset pages, newest first, by app, app and status, card, user.
    index('disputes_app_page_idx').on(t.appId, t.createdAt.desc(), t.id.desc()),
    index('disputes_app_status_page_idx').on(t.appId, t.status, t.createdAt.desc(), t.id.desc()),
    index('disputes_card_page_idx').on(t.cardId, t.createdAt.desc(), t.id.desc()),
    index('disputes_user_page_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    // The expiry worker's claim: OPEN ones only.
    index('disputes_open_due_idx')
      .on(t.dueBy)
      .where(sql`${t.status} = 'OPEN'`),
    // dispute/summary: OPEN and SUBMITTED counted by (app, status), the OPEN ones due soonest first.
    index('disputes_app_status_due_idx')
      .on(t.appId, t.status, t.dueBy, t.id)
      .where(sql`${t.status} in ('OPEN', 'SUBMITTED')`),
    uniqueIndex('disputes_credit_entry_key')
      .on(t.creditEntryId)
      .where(sql`${t.creditEntryId} is not null`),
    check('disputes_amount_positive', sql`${t.amount} > 0`),
  ],
);

/**
 * The card-details links (card/detailsLink, docs/wallet-api.md "The card-details link"): the
 * token's sha256 only, never the token; spent by the first open, which sets openedAt with one
 * conditional update, so two opens at once give one page.
 */
export const cardDetailLinks = wallet.table(
  'card_detail_links',
  {
    tokenHash: text('token_hash').primaryKey(),
    appId: appOf(),
    cardId: integer('card_id')
      .notNull()
      .references(() => cards.id),
    userId: userOf(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    openedAt: timestamp('opened_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('card_detail_links_card_idx').on(t.cardId),
    index('card_detail_links_expires_idx').on(t.expiresAt),
  ],
);
