// The floor: the least a correct wallet service has to do for the benchmarked operations, to
// compare the real service against. A bare node:http server over `pg` (one Pool, the service's
// default size of 10) that runs, statement for statement, the SQL the service runs: the same
// authentication (app + agency lookup, nonce insert, the once-a-minute prune), the same
// operation queries with the same parameters, the same transaction and statements for card
// issuance, and the same JSON shaping of the same result fields. No framework, no zod, no
// Drizzle. The harness proves the "same SQL" claim on every run: bench/capture-sql.ts records
// the statements the service's own functions run, and the floor's trace (/__trace) must list the
// same ones in the same order.
//
// The HMAC signature check IS in the floor. It is not SQL, but DESIGN §2 requires it of every
// request before any business logic, so any correct implementation pays it; it costs a few
// microseconds (one SHA-256 HMAC over ~150 bytes), and leaving it out would only flatter the floor.
// What the floor leaves out is what a framework adds: routing, zod validation (it checks only
// what it must to run the SQL safely), Drizzle's query building and row mapping, Next's request
// and response objects.
//
//   FLOOR_DATABASE_URL=postgres://... FLOOR_PORT=4100 tsx bench/floor-server.ts
import { createHash, timingSafeEqual, randomUUID } from 'node:crypto';
import http from 'node:http';
import pg from 'pg';
import { generateCardNumber } from '@/lib/wallet/contract/card-number';
import { minorToMajor } from '@/lib/wallet/contract/money';
import { signRequest } from '@/lib/wallet/contract/signature';

// ---------------------------------------------------------------------------------------------
// The statements, as Drizzle renders them for the service (checked against the service per run).

export const S = {
  appLookup:
    'select "wallet"."apps"."id", "wallet"."apps"."app_id", "wallet"."apps"."secret", "wallet"."agencies"."id", "wallet"."agencies"."code" from "wallet"."apps" inner join "wallet"."agencies" on "wallet"."apps"."agency_id" = "wallet"."agencies"."id" where ("wallet"."apps"."app_id" = $1 and "wallet"."agencies"."code" = $2) limit $3',
  nonceInsert:
    'insert into "wallet"."used_nonces" ("app_id", "nonce", "created_at") values ($1, $2, default) on conflict do nothing returning "nonce"',
  pruneNonces:
    'delete from "wallet"."used_nonces" where "wallet"."used_nonces"."created_at" < $1::timestamptz',
  pruneIdempotency:
    'delete from "wallet"."idempotency_keys" where "wallet"."idempotency_keys"."created_at" < $1::timestamptz',
  userColumns:
    'select "id", "app_id", "app_user_id", "email", "wallet_account_type", "wallet_token_hash", "first_name", "last_name", "birthday", "gender", "mobile", "region", "document_type", "document_no", "document_expiry_date", "photos", "occupation", "position", "annual_income", "detailed_address", "card_uuid", "support_document_type", "support_document_url", "registered_at" from "wallet"."users"',
  userCount: 'select "user_count" from "wallet"."apps" where "wallet"."apps"."id" = $1',
  cardsOfUsers:
    'select "wallet"."cards"."id", "wallet"."cards"."app_id", "wallet"."cards"."user_id", "wallet"."cards"."category_id", "wallet"."cards"."payment_asset_id", "wallet"."cards"."card_asset_id", "wallet"."cards"."paid_by", "wallet"."cards"."fee", "wallet"."cards"."card_number", "wallet"."cards"."card_uuid", "wallet"."cards"."embossed_name", "wallet"."cards"."card_holder", "wallet"."cards"."expire_month", "wallet"."cards"."expire_year", "wallet"."cards"."status", "wallet"."cards"."card_account_status", "wallet"."cards"."channel", "wallet"."cards"."need_delivery", "wallet"."cards"."address_id", "wallet"."cards"."card_image_url", "wallet"."cards"."reject_reason", "wallet"."cards"."active_time", "wallet"."cards"."created_at", "wallet"."cards"."updated_at", "wallet"."card_categories"."id", "wallet"."card_categories"."code", "wallet"."card_categories"."name", "wallet"."card_categories"."network", "wallet"."card_categories"."type", "wallet"."card_categories"."currency", "wallet"."card_categories"."currency_symbol", "wallet"."card_categories"."currency_icon", "wallet"."card_categories"."decimal_places", "wallet"."card_categories"."fee", "wallet"."card_categories"."bin", "wallet"."card_categories"."level", "wallet"."card_categories"."feature", "wallet"."card_categories"."style_config", "wallet"."card_categories"."validity_years", "wallet"."card_categories"."created_at" from "wallet"."cards" inner join "wallet"."card_categories" on "wallet"."cards"."category_id" = "wallet"."card_categories"."id" where "wallet"."cards"."user_id" in ',
  agencyAssets:
    'select "id", "app_id", "user_id", "type", "code", "name", "currency", "symbol", "icon", "decimal_places", "balance", "is_default", "created_at" from "wallet"."assets" where ("wallet"."assets"."app_id" = $1 and "wallet"."assets"."user_id" is null) order by "wallet"."assets"."id" asc',
  findUser:
    'select "id", "app_id", "app_user_id", "email", "wallet_account_type", "wallet_token_hash", "first_name", "last_name", "birthday", "gender", "mobile", "region", "document_type", "document_no", "document_expiry_date", "photos", "occupation", "position", "annual_income", "detailed_address", "card_uuid", "support_document_type", "support_document_url", "registered_at" from "wallet"."users" where ("wallet"."users"."app_id" = $1 and "wallet"."users"."app_user_id" = $2) limit $3',
  claimRequestId:
    'insert into "wallet"."idempotency_keys" ("app_id", "request_id", "operation", "params_hash", "response", "created_at") values ($1, $2, $3, $4, default, default) on conflict ("app_id","request_id") do update set "operation" = $5, "params_hash" = $6, "response" = $7, "created_at" = now() where "wallet"."idempotency_keys"."created_at" < now() - interval \'24 hours\' returning "request_id"',
  existingRequestId:
    'select "app_id", "request_id", "operation", "params_hash", "response", "created_at" from "wallet"."idempotency_keys" where ("wallet"."idempotency_keys"."app_id" = $1 and "wallet"."idempotency_keys"."request_id" = $2)',
  // 4.3's user, category and payment asset in one statement (apply-card.ts).
  applicationLookup:
    'select "wallet"."users"."id", "wallet"."users"."app_user_id", "wallet"."users"."first_name", "wallet"."users"."last_name", "wallet"."card_categories"."id", "wallet"."card_categories"."code", "wallet"."card_categories"."name", "wallet"."card_categories"."network", "wallet"."card_categories"."type", "wallet"."card_categories"."currency", "wallet"."card_categories"."currency_symbol", "wallet"."card_categories"."currency_icon", "wallet"."card_categories"."decimal_places", "wallet"."card_categories"."fee", "wallet"."card_categories"."bin", "wallet"."card_categories"."level", "wallet"."card_categories"."feature", "wallet"."card_categories"."style_config", "wallet"."card_categories"."validity_years", "wallet"."card_categories"."created_at", "wallet"."assets"."id", "wallet"."assets"."currency" from "wallet"."users" left join "wallet"."card_categories" on "wallet"."card_categories"."id" = $1 left join "wallet"."assets" on ("wallet"."assets"."id" = $2 and "wallet"."assets"."app_id" = $3 and "wallet"."assets"."user_id" is null and "wallet"."assets"."type" <> \'CARD\') where ("wallet"."users"."app_id" = $4 and "wallet"."users"."app_user_id" = $5) limit $6',
  insertCardAsset:
    'insert into "wallet"."assets" ("id", "app_id", "user_id", "type", "code", "name", "currency", "symbol", "icon", "decimal_places", "balance", "is_default", "created_at") values (default, $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, default) returning "id"',
  insertCard:
    'insert into "wallet"."cards" ("id", "app_id", "user_id", "category_id", "payment_asset_id", "card_asset_id", "paid_by", "fee", "card_number", "card_uuid", "embossed_name", "card_holder", "expire_month", "expire_year", "status", "card_account_status", "channel", "need_delivery", "address_id", "card_image_url", "reject_reason", "active_time", "created_at", "updated_at") values (default, $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23) on conflict ("card_number") do nothing returning "id", "app_id", "user_id", "category_id", "payment_asset_id", "card_asset_id", "paid_by", "fee", "card_number", "card_uuid", "embossed_name", "card_holder", "expire_month", "expire_year", "status", "card_account_status", "channel", "need_delivery", "address_id", "card_image_url", "reject_reason", "active_time", "created_at", "updated_at"',
  debitWithLedger: `with debited as (
          update "wallet"."assets" set balance = balance - $1
          where id = $2 and balance >= $3
          returning balance
        )
        insert into "wallet"."ledger_entries" (asset_id, amount, balance_after, reason, card_id)
        select $4, $5, balance, 'CARD_FEE', $6 from debited
        returning balance_after`,
  currentBalance: 'select "balance" from "wallet"."assets" where "wallet"."assets"."id" = $1',
  storeResponse:
    'update "wallet"."idempotency_keys" set "response" = $1 where ("wallet"."idempotency_keys"."app_id" = $2 and "wallet"."idempotency_keys"."request_id" = $3)',
} as const;

/** 4.2's page of users: Drizzle parenthesises a multi-term where and omits a zero offset. */
export function usersPageSql(filters: readonly string[], withOffset: boolean): string {
  const where = filters.length === 1 ? filters[0]! : `(${filters.join(' and ')})`;
  const limit = `$${filters.length + 1}`;
  const offset = withOffset ? ` offset $${filters.length + 2}` : '';
  return `${S.userColumns} where ${where} order by "wallet"."users"."registered_at" desc, "wallet"."users"."id" desc limit ${limit}${offset}`;
}

export function usersCountSql(filters: readonly string[]): string {
  return `select count(*)::int from "wallet"."users" where (${filters.join(' and ')})`;
}

export function cardsOfUsersSql(count: number): string {
  return `${S.cardsOfUsers}(${Array.from({ length: count }, (_, i) => `$${i + 1}`).join(', ')}) order by "wallet"."cards"."id" asc`;
}

// Column positions (array row mode, as Drizzle uses: a join repeats column names).
const U = {
  id: 0,
  appUserId: 2,
  email: 3,
  walletAccountType: 4,
  firstName: 6,
  lastName: 7,
  mobile: 10,
} as const;
const U2 = { region: 11, documentType: 12, documentNo: 13, registeredAt: 23 } as const;
const C = {
  id: 0,
  userId: 2,
  categoryId: 3,
  paymentAssetId: 4,
  cardAssetId: 5,
  cardNumber: 8,
  cardUuid: 9,
  embossedName: 10,
  cardHolder: 11,
  expireMonth: 12,
  expireYear: 13,
  status: 14,
  cardAccountStatus: 15,
  channel: 16,
  rejectReason: 20,
  activeTime: 21,
  updatedAt: 23,
} as const;
const K = 24; // the category's columns follow the card's 24
const G = {
  name: K + 2,
  network: K + 3,
  type: K + 4,
  currency: K + 5,
  currencySymbol: K + 6,
  currencyIcon: K + 7,
  decimalPlaces: K + 8,
  level: K + 11,
  feature: K + 12,
  styleConfig: K + 13,
} as const;
const A = {
  id: 0,
  type: 3,
  name: 5,
  currency: 6,
  symbol: 7,
  icon: 8,
  decimalPlaces: 9,
  balance: 10,
  isDefault: 11,
} as const;

type Row = unknown[];

// ---------------------------------------------------------------------------------------------
// Database access, with an optional trace of every statement (for the harness's SQL check).

let tracing = false;
let trace: string[] = [];

type Queryable = Pick<pg.Pool, 'query'> | pg.PoolClient;

async function rows(db: Queryable, text: string, values: unknown[]): Promise<Row[]> {
  if (tracing) trace.push(text);
  const result = await db.query<Row>({ text, values, rowMode: 'array' });
  return result.rows;
}

async function exec(db: Queryable, text: string, values: unknown[] = []): Promise<void> {
  if (tracing) trace.push(text);
  await db.query(text, values);
}

// ---------------------------------------------------------------------------------------------
// Envelope and errors

class Fail extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

const HEADERS = {
  'Content-Type': 'application/json; charset=utf-8',
  'Cache-Control': 'no-store',
  'X-Content-Type-Options': 'nosniff',
};

function send(res: http.ServerResponse, status: number, body: string): void {
  res.writeHead(status, { ...HEADERS, 'Content-Length': Buffer.byteLength(body) });
  res.end(body);
}

// ---------------------------------------------------------------------------------------------
// Authentication (DESIGN §2): app under agency (2004), signature (2001), timestamp (2002), nonce (2003)

type App = { id: number; appId: string; agencyId: number; agencyCode: string };

const TIMESTAMP_WINDOW_MS = 300_000;
const NONCE_RETENTION_MS = 15 * 60_000;
const IDEMPOTENCY_RETENTION_MS = 24 * 60 * 60_000;
let lastPrune = 0;

function required(pairs: Map<string, string>, name: string): string {
  const value = pairs.get(name);
  if (value === undefined || value === '') throw new Fail(1001, `Parameter ${name} is required.`);
  return value;
}

function int(pairs: Map<string, string>, name: string, min: number, max: number, fallback?: number): number {
  const raw = pairs.get(name);
  if (raw === undefined || raw === '') {
    if (fallback !== undefined) return fallback;
    throw new Fail(1001, `Parameter ${name} is required.`);
  }
  const n = Number(raw);
  if (!/^\d+$/.test(raw) || n < min || n > max) throw new Fail(1002, `Parameter ${name} is out of range.`);
  return n;
}

async function authenticate(pool: pg.Pool, method: string, path: string, pairs: Map<string, string>) {
  const agencyCode = required(pairs, 'agencyCode');
  const appId = required(pairs, 'appId');
  const timestamp = int(pairs, 'timestamp', 0, Number.MAX_SAFE_INTEGER);
  const nonce = required(pairs, 'nonce');
  const sign = required(pairs, 'sign');
  if (!/^[A-Za-z0-9_-]{16,64}$/.test(nonce)) throw new Fail(1002, 'Parameter nonce is malformed.');

  const [row] = await rows(pool, S.appLookup, [appId, agencyCode, 1]);
  if (!row) throw new Fail(2004, `App ${appId} is not registered under agency ${agencyCode}.`);
  const app: App = {
    id: row[0] as number,
    appId: row[1] as string,
    agencyId: row[3] as number,
    agencyCode: row[4] as string,
  };
  const expected = Buffer.from(signRequest(row[2] as string, method, path, pairs), 'utf8');
  const received = Buffer.from(sign.toLowerCase(), 'utf8');
  if (expected.length !== received.length || !timingSafeEqual(expected, received)) {
    throw new Fail(2001, 'The signature does not match the request.');
  }
  const now = Date.now();
  if (Math.abs(now - timestamp) > TIMESTAMP_WINDOW_MS) {
    throw new Fail(2002, 'The timestamp is more than 300 seconds away from the service clock.');
  }
  const inserted = await rows(pool, S.nonceInsert, [app.id, nonce]);
  if (inserted.length === 0) throw new Fail(2003, 'The nonce has already been used by this app.');
  if (now - lastPrune >= 60_000) {
    lastPrune = now;
    const nonceCutoff = new Date(now - NONCE_RETENTION_MS).toISOString();
    const idempotencyCutoff = new Date(now - IDEMPOTENCY_RETENTION_MS).toISOString();
    void exec(pool, S.pruneNonces, [nonceCutoff])
      .then(() => exec(pool, S.pruneIdempotency, [idempotencyCutoff]))
      .catch(() => undefined);
  }
  return app;
}

// ---------------------------------------------------------------------------------------------
// Shaping (the spec's records, field for field as lib/wallet/service/**/*-records.ts shape them)

const iso = (d: unknown) => (d as Date).toISOString();

function cardRecord(c: Row, email: string, mobile: string, agencyCode: string) {
  const cardNumber = c[C.cardNumber] as string;
  return {
    activeTime: c[C.activeTime] ? iso(c[C.activeTime]) : null,
    agencyCode,
    cardAccountStatus: c[C.cardAccountStatus],
    cardAssetId: c[C.cardAssetId],
    cardHolder: c[C.cardHolder],
    cardId: c[C.id],
    cardNumber,
    cardUUID: c[C.cardUuid],
    categoryId: c[C.categoryId],
    channel: c[C.channel],
    currency: c[G.currency],
    currencyIcon: c[G.currencyIcon],
    currencySymbol: c[G.currencySymbol],
    decimalPlaces: c[G.decimalPlaces],
    email,
    embossedName: c[C.embossedName],
    expireMonth: c[C.expireMonth],
    expireYear: c[C.expireYear],
    feature: c[G.feature],
    last4: cardNumber.slice(-4),
    level: c[G.level],
    marginAssetId: c[C.paymentAssetId],
    mobile,
    name: c[G.name],
    network: c[G.network],
    rejectReason: c[C.rejectReason] ?? '',
    status: c[C.status],
    styleConfig: c[G.styleConfig],
    type: c[G.type],
    updateTime: iso(c[C.updatedAt]),
    userId: c[C.userId],
  };
}

function userCardSummary(c: Row, appUserId: string, email: string, appId: string) {
  const cardNumber = c[C.cardNumber] as string;
  return {
    appId,
    appUserId,
    cardAssetId: c[C.cardAssetId],
    cardHolder: c[C.cardHolder],
    cardId: c[C.id],
    cardName: c[G.name],
    cardNumber,
    cardUUID: c[C.cardUuid],
    currency: c[G.currency],
    currencyIcon: c[G.currencyIcon],
    currencySymbol: c[G.currencySymbol],
    decimalPlaces: c[G.decimalPlaces],
    expireMonth: c[C.expireMonth],
    expireYear: c[C.expireYear],
    last4: cardNumber.slice(-4),
    marginAssetId: c[C.paymentAssetId],
    network: c[G.network],
    status: c[C.status],
    type: c[G.type],
    userEmail: email,
  };
}

// ---------------------------------------------------------------------------------------------
// The operations

/** 4.2: a page of users (offset), the total (the app's counter, or a 0/1 count when filtered), their cards. */
async function cardListAllByUser(pool: pg.Pool, app: App, pairs: Map<string, string>): Promise<string> {
  const pageNum = int(pairs, 'pageNum', 1, 1_000_000, 1);
  const pageSize = int(pairs, 'pageSize', 1, 100, 20);
  const appUserId = pairs.get('appUserId') || undefined;
  const email = pairs.get('email') || undefined;
  const filters = ['"wallet"."users"."app_id" = $1'];
  const values: unknown[] = [app.id];
  if (appUserId) {
    values.push(appUserId);
    filters.push(`"wallet"."users"."app_user_id" = $${values.length}`);
  }
  if (email) {
    values.push(email);
    filters.push(`lower("wallet"."users"."email") = lower($${values.length})`);
  }
  const offset = (pageNum - 1) * pageSize;
  const users = await rows(
    pool,
    usersPageSql(filters, offset > 0),
    offset > 0 ? [...values, pageSize, offset] : [...values, pageSize],
  );
  let dataTotal: number;
  if (filters.length > 1) {
    const [row] = await rows(pool, usersCountSql(filters), values);
    dataTotal = Number(row?.[0] ?? 0);
  } else {
    const [row] = await rows(pool, S.userCount, [app.id]);
    dataTotal = (row?.[0] as number | undefined) ?? 0;
  }
  const byUser = new Map<number, Row[]>();
  if (users.length > 0) {
    const ids = users.map((u) => u[U.id]);
    for (const card of await rows(pool, cardsOfUsersSql(ids.length), ids)) {
      const userId = card[C.userId] as number;
      const list = byUser.get(userId);
      if (list) list.push(card);
      else byUser.set(userId, [card]);
    }
  }
  const list = users.map((u) => {
    const userEmail = u[U.email] as string;
    const mobile = u[U.mobile] as string;
    return {
      agencyCode: app.agencyCode,
      appId: app.appId,
      appUserId: u[U.appUserId],
      email: userEmail,
      walletAccountType: u[U.walletAccountType],
      cardList: (byUser.get(u[U.id] as number) ?? []).map((c) =>
        cardRecord(c, userEmail, mobile, app.agencyCode),
      ),
      documentNo: u[U2.documentNo],
      documentType: u[U2.documentType],
      firstName: u[U.firstName],
      lastName: u[U.lastName],
      mobile,
      nickname: u[U.firstName],
      profilePhoto: '',
      regionCode: mobile.split('-')[0] ?? '',
      regionDesc: u[U2.region],
      registerTime: iso(u[U2.registeredAt]),
    };
  });
  return JSON.stringify({ dataTotal, haveNext: pageNum * pageSize < dataTotal, list });
}

/** 4.5: the app's own assets. */
async function agencyAssetList(pool: pg.Pool, app: App): Promise<string> {
  const assets = await rows(pool, S.agencyAssets, [app.id]);
  return JSON.stringify(
    assets.map((a) => ({
      agencyCode: app.agencyCode,
      appId: app.appId,
      appUserId: '',
      assetId: a[A.id],
      assetName: a[A.name],
      balance: minorToMajor(Number(a[A.balance]), a[A.decimalPlaces] as number),
      currency: a[A.currency],
      decimalPlaces: a[A.decimalPlaces],
      defaultAsset: a[A.isDefault] ? 1 : 0,
      icon: a[A.icon],
      symbol: a[A.symbol],
      type: a[A.type],
    })),
  );
}

/** 4.6: one user's cards. */
async function userCardList(pool: pg.Pool, app: App, pairs: Map<string, string>): Promise<string> {
  const appUserId = required(pairs, 'appUserId');
  const [user] = await rows(pool, S.findUser, [app.id, appUserId, 1]);
  if (!user) throw new Fail(3001, `User ${appUserId} is not registered under this app.`);
  const cards = await rows(pool, cardsOfUsersSql(1), [user[U.id]]);
  return JSON.stringify(cards.map((c) => userCardSummary(c, appUserId, user[U.email] as string, app.appId)));
}

const VOLATILE = new Set(['sign', 'timestamp', 'nonce']);

/** 4.3 with a requestId: the same transaction as runOnce + applyCard, statement for statement. */
async function agencyApplyUserCard(pool: pg.Pool, app: App, pairs: Map<string, string>): Promise<string> {
  const params = {
    agencyCode: required(pairs, 'agencyCode'),
    appId: required(pairs, 'appId'),
    timestamp: int(pairs, 'timestamp', 0, Number.MAX_SAFE_INTEGER),
    nonce: required(pairs, 'nonce'),
    sign: required(pairs, 'sign'),
    appUserId: required(pairs, 'appUserId'),
    paymentAssetId: int(pairs, 'paymentAssetId', 1, 2_147_483_647),
    categoryId: int(pairs, 'categoryId', 1, 2_147_483_647),
    embossedName: required(pairs, 'embossedName'),
    needDelivery: pairs.get('needDelivery') === 'true',
    requestId: required(pairs, 'requestId'),
  };
  if (!/^[A-Z]+(?: [A-Z]+)*$/.test(params.embossedName) || params.embossedName.length > 20) {
    throw new Fail(1002, 'Parameter embossedName is malformed.');
  }
  if (params.needDelivery || pairs.get('addressId') || pairs.get('cardNumber')) {
    throw new Fail(1002, 'The floor issues virtual cards without delivery or a supplied number only.');
  }
  const stable = Object.keys(params)
    .filter((name) => !VOLATILE.has(name))
    .sort()
    .map((name) => [name, params[name as keyof typeof params]]);
  const operation = 'agencyApplyUserCard';
  const fingerprint = createHash('sha256')
    .update(`${operation}\n${JSON.stringify(stable)}`)
    .digest('hex');

  const client = await pool.connect();
  try {
    await exec(client, 'begin');
    try {
      const response = await applyInTransaction(client, app, params, operation, fingerprint);
      await exec(client, 'commit');
      return response;
    } catch (error) {
      await exec(client, 'rollback');
      throw error;
    }
  } finally {
    client.release();
  }
}

async function applyInTransaction(
  tx: pg.PoolClient,
  app: App,
  params: {
    appUserId: string;
    paymentAssetId: number;
    categoryId: number;
    embossedName: string;
    requestId: string;
  },
  operation: string,
  fingerprint: string,
): Promise<string> {
  const claimed = await rows(tx, S.claimRequestId, [
    app.id,
    params.requestId,
    operation,
    fingerprint,
    operation,
    fingerprint,
    null,
  ]);
  if (claimed.length === 0) {
    const [existing] = await rows(tx, S.existingRequestId, [app.id, params.requestId]);
    if (!existing || existing[2] !== operation || existing[3] !== fingerprint) {
      throw new Fail(4007, 'requestId has already been used with other parameters.');
    }
    return existing[4] as string;
  }

  const [found] = await rows(tx, S.applicationLookup, [
    params.categoryId,
    params.paymentAssetId,
    app.id,
    app.id,
    params.appUserId,
    1,
  ]);
  if (!found) throw new Fail(3001, `User ${params.appUserId} is not registered under this app.`);
  // Positions in that row: the user's 4 columns, the category's 16, the asset's 2.
  const user = { id: found[0] as number, firstName: found[2] as string, lastName: found[3] as string };
  const category = found.slice(4, 20);
  if (category[0] === null) throw new Fail(4004, `Card category ${params.categoryId} does not exist.`);
  const asset = { id: found[20] as number | null, currency: found[21] as string };
  if (asset.id === null)
    throw new Fail(4005, `Payment asset ${params.paymentAssetId} is not one of the agency's assets.`);
  const catName = category[2] as string;
  const catType = category[4] as string;
  const currency = category[5] as string;
  const [symbol, icon, decimalPlaces, fee, bin] = [
    category[6] as string,
    category[7] as string,
    category[8] as number,
    Number(category[9]),
    category[10] as string,
  ];
  const validityYears = category[14] as number;
  if (asset.currency !== currency) throw new Fail(4005, 'Payment asset currency differs from the card.');

  const [cardAsset] = await rows(tx, S.insertCardAsset, [
    app.id,
    user.id,
    'CARD',
    `CARD_${currency}`,
    `${catName} (${currency})`,
    currency,
    symbol,
    icon,
    decimalPlaces,
    0,
    false,
  ]);
  const now = new Date();
  const physical = catType === 'PHYSICAL';
  const expiry = new Date(Date.UTC(now.getUTCFullYear() + validityYears, now.getUTCMonth(), 1));
  const nowIso = now.toISOString();
  let card: Row | undefined;
  // A taken number inserts nothing (on conflict do nothing): draw again, as the service does.
  for (let attempt = 1; !card; attempt++) {
    if (attempt > 5) throw new Error('no free card number');
    [card] = await rows(tx, S.insertCard, [
      app.id,
      user.id,
      params.categoryId,
      asset.id,
      cardAsset![0],
      'AGENCY',
      fee,
      generateCardNumber(bin),
      randomUUID(),
      params.embossedName,
      `${user.firstName} ${user.lastName}`,
      String(expiry.getUTCMonth() + 1).padStart(2, '0'),
      String(expiry.getUTCFullYear()),
      physical ? 'PENDING' : 'ACTIVE',
      physical ? 'PENDING' : 'APPROVED',
      'CRYPTO',
      false,
      null,
      null,
      null,
      physical ? null : nowIso,
      nowIso,
      nowIso,
    ]);
  }
  const [debited] = await rows(tx, S.debitWithLedger, [fee, asset.id, fee, asset.id, -fee, card[C.id]]);
  if (!debited) {
    await rows(tx, S.currentBalance, [asset.id]);
    throw new Fail(4001, `Payment asset ${String(asset.id)} holds less than the card fee.`);
  }
  const cardNumber = card[C.cardNumber] as string;
  const response = JSON.stringify({
    channel: card[C.channel],
    status: card[C.status],
    cardAccountStatus: card[C.cardAccountStatus],
    cardId: card[C.id],
    cardNumber,
    cardUUID: card[C.cardUuid],
    embossedName: card[C.embossedName],
    expiryMonth: card[C.expireMonth],
    expiryYear: card[C.expireYear],
    last4: cardNumber.slice(-4),
    msg: physical
      ? 'Card application accepted: the card will be produced and is pending activation.'
      : 'Card issued and active.',
  });
  await exec(tx, S.storeResponse, [response, app.id, params.requestId]);
  return response;
}

// ---------------------------------------------------------------------------------------------
// The server

type Route = {
  method: 'GET' | 'POST';
  run: (pool: pg.Pool, app: App, pairs: Map<string, string>) => Promise<string>;
};

const ROUTES: Record<string, Route> = {
  '/wallet/api/cardList/allByUser': { method: 'POST', run: cardListAllByUser },
  '/wallet/api/agency/assetList': { method: 'POST', run: (pool, app) => agencyAssetList(pool, app) },
  '/wallet/api/user/cardList': { method: 'GET', run: userCardList },
  '/wallet/api/agency/applyUserCard': { method: 'POST', run: agencyApplyUserCard },
};

function parsePairs(search: string): Map<string, string> {
  const pairs = new Map<string, string>();
  for (const [name, value] of new URLSearchParams(search)) {
    if (pairs.has(name)) throw new Fail(1003, `Parameter ${name} is given more than once.`);
    pairs.set(name, value);
  }
  return pairs;
}

export function createFloorServer(databaseUrl: string, poolSize = 10) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: poolSize });
  pool.on('error', () => undefined);

  const server = http.createServer((req, res) => {
    const url = req.url ?? '/';
    const q = url.indexOf('?');
    const path = q < 0 ? url : url.slice(0, q);
    if (path === '/__trace/start') {
      tracing = true;
      trace = [];
      return send(res, 200, '[]');
    }
    if (path === '/__trace/stop') {
      tracing = false;
      return send(res, 200, JSON.stringify(trace));
    }
    const route = ROUTES[path];
    if (!route || req.method !== route.method) {
      return send(res, 404, JSON.stringify({ code: 404, msg: 'Not found.' }));
    }
    // The request body is not used (parameters travel in the query); drain it.
    req.resume();
    void (async () => {
      try {
        const pairs = parsePairs(q < 0 ? '' : url.slice(q + 1));
        const app = await authenticate(pool, route.method, path, pairs);
        const data = await route.run(pool, app, pairs);
        send(res, 200, `{"code":0,"msg":"success","data":${data}}`);
      } catch (error) {
        if (error instanceof Fail)
          return send(res, 200, JSON.stringify({ code: error.code, msg: error.message }));
        console.error(
          `[floor] ${path} failed: ${(error as Error).name} ${(error as { code?: string }).code ?? ''}`,
        );
        send(
          res,
          500,
          JSON.stringify({ code: 5000, msg: 'An unexpected error occurred. Please try again later.' }),
        );
      }
    })();
  });
  return {
    server,
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await pool.end();
    },
  };
}

function main(): void {
  const databaseUrl = process.env.FLOOR_DATABASE_URL;
  const port = Number(process.env.FLOOR_PORT ?? 4100);
  if (!databaseUrl) {
    console.error('FLOOR_DATABASE_URL is required');
    process.exit(2);
  }
  const floor = createFloorServer(databaseUrl, Number(process.env.FLOOR_POOL_SIZE ?? 10));
  floor.server.listen(port, '127.0.0.1', () => console.log(`[floor] listening on http://127.0.0.1:${port}`));
  const shutdown = () => void floor.close().finally(() => process.exit(0));
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);
}

if (process.argv[1] && /floor-server\.[cm]?[jt]s$/.test(process.argv[1])) main();
