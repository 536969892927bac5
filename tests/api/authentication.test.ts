// Authentication of every wallet operation over HTTP (docs/wallet-api.md "Signature"): the app
// under its agency (2004), the signature (2001), the ±300 s timestamp window (2002) and the per-app
// nonce (2003), checked in that order and before any business logic; plus the HTTP surface of the
// envelope.
import { sql } from 'drizzle-orm';
import { rawRows } from '@/lib/db/open';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { creditAsset } from '@/lib/wallet/service/asset/credit-asset';
import { walletOperations, type WalletOperationName } from '@/lib/wallet/contract/operations';
import {
  callWallet,
  freshNonce,
  kycParams,
  signedUrl,
  type CallOptions,
  type Envelope,
} from '../helpers/wallet-call';
import { createTestDatabase, OTHER_AGENCY, TEST_AGENCY, type TestDatabase } from '../helpers/wallet-db';
import { startWalletServer, type WalletTestServer } from '../helpers/wallet-server';
import { depositOperationParams, setUpDeposits, type DepositFixture } from '../helpers/deposits';

type Params = Record<string, string>;
type AppContext = {
  agencyCode: string;
  appId: string;
  appSecret: string;
  appUserId: string;
  userAssetId: number;
  agencyAssetId: number;
  /** Cards and an address the card programme's operations act on (see setUpProgramme). */
  cards: {
    pending: number;
    toLock: number;
    locked: number;
    toCancel: number;
    toReplace: number;
    any: number;
  };
  addressId: number;
  keptAddressId: number;
  /** A webhook endpoint, another to delete, and an event (docs/wallet-api.md "Endpoints and events"). */
  endpointId: number;
  spareEndpointId: number;
  eventId: string;
  /** Authorizations on the `any` card to clear and reverse, and a cleared one's transaction. */
  spend: { clearId: number; reverseId: number; transactionId: number };
  /** Disputes of a purchase: to submit, to withdraw, one submitted for its outcome; the purchase. */
  disputes: { openId: number; withdrawId: number; submittedId: number; purchaseId: number };
  deposits: DepositFixture;
};

const opNames = Object.keys(walletOperations) as WalletOperationName[];
// A public address (no DNS here); this file's server runs no delivery worker: nothing is sent.
const HOOK_URL = 'https://93.184.215.14/hooks';

const SIGNATURE_MISMATCH = { code: 2001, msg: 'The signature does not match the request.' };
const TIMESTAMP_EXPIRED = {
  code: 2002,
  msg: 'The timestamp is more than 300 seconds away from the service clock.',
};
const NONCE_USED = { code: 2003, msg: 'The nonce has already been used by this app.' };
const appUnknown = (appId: string, agencyCode: string) => ({
  code: 2004,
  msg: `App ${appId} is not registered under agency ${agencyCode}.`,
});

let db: TestDatabase;
let server: WalletTestServer;
let main: AppContext;
let other: AppContext;
let categoryId: number;
let registrations = 0;

/** Parameters with which each operation succeeds (code 0) for the app's user, every time. */
function validParams(name: WalletOperationName, ctx: AppContext): Params {
  switch (name) {
    case 'registerAndKyc':
      return kycParams(`auth-new-${ctx.appId}-${++registrations}`);
    case 'agencyApplyUserCard':
      return {
        appUserId: ctx.appUserId,
        paymentAssetId: String(ctx.agencyAssetId),
        categoryId: String(categoryId),
        embossedName: 'JANE DOE',
      };
    case 'userApplyCard':
      return {
        appUserId: ctx.appUserId,
        paymentAssetId: String(ctx.userAssetId),
        categoryId: String(categoryId),
        embossedName: 'JANE DOE',
      };
    case 'addAddress':
      return {
        appUserId: ctx.appUserId,
        country: 'US',
        city: 'San Francisco',
        street: '1 Market Street',
        firstName: 'Jane',
        lastName: "O'Connor",
        mobile: '1-4155550100',
      };
    case 'userCardList':
    case 'userAssetList':
    case 'addressList':
      return { appUserId: ctx.appUserId };
    // A status change succeeds once per card; its fixed requestId makes every repeat a replay
    // of that success (docs/wallet-api.md "requestId (idempotency)"), so these too answer 0 every time.
    case 'cardActivate':
      return {
        appUserId: ctx.appUserId,
        cardId: String(ctx.cards.pending),
        requestId: `auth-activate-${ctx.appId}`,
      };
    case 'cardLock':
      return {
        appUserId: ctx.appUserId,
        cardId: String(ctx.cards.toLock),
        reason: 'LOST',
        requestId: `auth-lock-${ctx.appId}`,
      };
    case 'cardUnlock':
      return {
        appUserId: ctx.appUserId,
        cardId: String(ctx.cards.locked),
        requestId: `auth-unlock-${ctx.appId}`,
      };
    case 'cardCancel':
      return {
        appUserId: ctx.appUserId,
        cardId: String(ctx.cards.toCancel),
        reason: 'OTHER',
        requestId: `auth-cancel-${ctx.appId}`,
      };
    case 'cardReplace':
      return {
        appUserId: ctx.appUserId,
        cardId: String(ctx.cards.toReplace),
        reason: 'LOST',
        requestId: `auth-replace-${ctx.appId}`,
      };
    case 'cardDetail':
      return { appUserId: ctx.appUserId, cardId: String(ctx.cards.any) };
    case 'assetTransfer':
      return { fromAssetId: String(ctx.agencyAssetId), toAssetId: String(ctx.userAssetId), amount: '0.01' };
    case 'assetLedger':
    case 'assetDaily':
      return { assetId: String(ctx.userAssetId) };
    case 'addressUpdate':
      return { appUserId: ctx.appUserId, addressId: String(ctx.keptAddressId), city: 'Oakland' };
    case 'addressDelete':
      return {
        appUserId: ctx.appUserId,
        addressId: String(ctx.addressId),
        requestId: `auth-delete-${ctx.appId}`,
      };
    case 'userSearch':
      return { q: ctx.appUserId };
    case 'userDetail':
      return { appUserId: ctx.appUserId };
    case 'webhookAdd':
      return { url: HOOK_URL, events: '*' };
    case 'webhookDelete':
      return { endpointId: String(ctx.spareEndpointId), requestId: `auth-hook-delete-${ctx.appId}` };
    case 'eventRedeliver':
      return { eventId: ctx.eventId, endpointId: String(ctx.endpointId) };
    case 'webhookTest':
    case 'webhookRotateSecret':
      return { endpointId: String(ctx.endpointId) };
    case 'simulateAuthorize':
      return {
        cardId: String(ctx.cards.any),
        amount: '0.01',
        merchantName: 'Cafe',
        mcc: '5812',
        merchantCountry: 'US',
      };
    case 'simulateClear':
      return { authorizationId: String(ctx.spend.clearId), requestId: `auth-clear-${ctx.appId}` };
    case 'simulateReverse':
      return { authorizationId: String(ctx.spend.reverseId), requestId: `auth-reverse-${ctx.appId}` };
    case 'authorizationDetail':
      return { authorizationId: String(ctx.spend.clearId) };
    case 'simulateRefund':
      return { transactionId: String(ctx.spend.transactionId), requestId: `auth-refund-${ctx.appId}` };
    case 'cardAuthorizations':
    case 'cardControls':
      return { appUserId: ctx.appUserId, cardId: String(ctx.cards.any) };
    case 'cardControlsSet':
      return { appUserId: ctx.appUserId, cardId: String(ctx.cards.any), blockedMcc: '7995' };
    // Each dispute step succeeds once; its fixed requestId makes every repeat a replay of it.
    case 'disputeCreate':
      return {
        transactionId: String(ctx.disputes.purchaseId),
        reason: 'OTHER',
        amount: '0.01',
        requestId: `auth-dispute-${ctx.appId}`,
      };
    case 'disputeSubmit':
      return {
        disputeId: String(ctx.disputes.openId),
        evidence: 'Never delivered',
        requestId: `auth-dispute-submit-${ctx.appId}`,
      };
    case 'disputeWithdraw':
      return { disputeId: String(ctx.disputes.withdrawId), requestId: `auth-dispute-withdraw-${ctx.appId}` };
    case 'disputeDetail':
      return { disputeId: String(ctx.disputes.openId) };
    case 'simulateDisputeOutcome':
      return {
        disputeId: String(ctx.disputes.submittedId),
        outcome: 'LOST',
        requestId: `auth-dispute-outcome-${ctx.appId}`,
      };
    default:
      return depositOperationParams(name, ctx.appUserId, ctx.deposits, `auth-${ctx.appId}`) ?? {};
  }
}

const as = (ctx: AppContext, options: CallOptions = {}): CallOptions => ({
  agencyCode: ctx.agencyCode,
  appId: ctx.appId,
  secret: ctx.appSecret,
  ...options,
});

function call(name: WalletOperationName, ctx: AppContext, options: CallOptions = {}) {
  return callWallet(server.baseUrl, name, validParams(name, ctx), as(ctx, options));
}

function urlFor(name: WalletOperationName, ctx: AppContext, options: CallOptions = {}): string {
  return signedUrl(server.baseUrl, name, validParams(name, ctx), as(ctx, options));
}

type Sent = { status: number; headers: Headers; body: Envelope; text: string };

async function send(target: string, method: string): Promise<Sent> {
  const response = await fetch(target, { method });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: JSON.parse(text) as Envelope, text };
}

const sendOp = (name: WalletOperationName, target: string) => send(target, walletOperations[name].method);

/** Rewrites the raw query pairs of a URL (still percent-encoded), leaving the path alone. */
function editQuery(target: string, edit: (pairs: string[]) => string[]): string {
  const [path, query = ''] = target.split('?') as [string, string?];
  return `${path}?${edit(query.split('&')).join('&')}`;
}

function setParam(target: string, name: string, encodedValue: string): string {
  return editQuery(target, (pairs) =>
    pairs.map((p) => (p.startsWith(`${name}=`) ? `${name}=${encodedValue}` : p)),
  );
}

function paramOf(target: string, name: string): string {
  const value = new URL(target).searchParams.get(name);
  if (value === null) throw new Error(`${name} missing from ${target}`);
  return value;
}

/** A deterministic permutation that moves every pair (a rotation of the reversed list). */
function shuffle<T>(items: T[]): T[] {
  const reversed = [...items].reverse();
  const k = Math.max(1, Math.floor(reversed.length / 3));
  return [...reversed.slice(k), ...reversed.slice(0, k)];
}

async function snapshot(): Promise<unknown> {
  const tables = [
    'users',
    'cards',
    'assets',
    'ledger_entries',
    'addresses',
    'idempotency_keys',
    'used_nonces',
  ];
  const [row] = await rawRows<Record<string, unknown>>(
    db.db,
    sql.raw(
      `select ${tables.map((t) => `(select count(*)::int from wallet.${t}) as ${t}`).join(', ')},
        (select json_agg(json_build_array(id, balance::text) order by id) from wallet.assets) as balances,
        (select json_agg(json_build_array(id, user_count) order by id) from wallet.apps) as user_counts`,
    ),
  );
  return row;
}

/** Records a nonce as used by app-1, as an earlier accepted call would have. */
async function spendNonce(nonce: string): Promise<void> {
  await db.db.execute(
    sql`insert into wallet.used_nonces (app_id, nonce) select id, ${nonce} from wallet.apps where app_id = ${TEST_AGENCY.appId}`,
  );
}

async function setUpApp(
  app: { agencyCode: string; appId: string; appSecret: string },
  appUserId: string,
  agencyAssetId: number,
): Promise<AppContext> {
  const options: CallOptions = { agencyCode: app.agencyCode, appId: app.appId, secret: app.appSecret };
  const registered = await callWallet(server.baseUrl, 'registerAndKyc', kycParams(appUserId), options);
  expect(registered.body.code).toBe(0);
  const listed = await callWallet<{ assetId: number; type: string }[]>(
    server.baseUrl,
    'userAssetList',
    { appUserId },
    options,
  );
  const wallet = listed.body.data?.find((a) => a.type === 'WALLET');
  if (!wallet) throw new Error(`no WALLET asset for ${appUserId}: ${listed.text}`);
  await creditAsset({ db: db.db, assetId: wallet.assetId, amountMinor: 1_000_000 });
  const call = async <T>(name: WalletOperationName, params: Record<string, string | number | boolean>) => {
    const r = await callWallet<T>(server.baseUrl, name, params, options);
    if (r.body.code !== 0) throw new Error(`${name} failed in set-up: ${r.text}`);
    return r.body.data as T;
  };
  const { addressId } = await call<{ addressId: number }>('addAddress', {
    appUserId,
    country: 'US',
    city: 'Austin',
    street: '1 Main St',
    firstName: 'Jane',
    lastName: 'Doe',
    mobile: '1-5125550100',
  });
  const issue = async (physical: boolean) =>
    (
      await call<{ cardId: number }>('agencyApplyUserCard', {
        appUserId,
        paymentAssetId: agencyAssetId,
        categoryId: physical ? 3 : 1,
        embossedName: 'JANE DOE',
        needDelivery: physical,
        ...(physical ? { addressId } : {}),
      })
    ).cardId;
  const cards = {
    pending: await issue(true),
    toLock: await issue(false),
    locked: await issue(false),
    toCancel: await issue(false),
    toReplace: await issue(false),
    any: await issue(false),
  };
  await call('cardLock', { appUserId, cardId: cards.locked, reason: 'STOLEN' });
  // A second address, so that deleting the first leaves the user one to update.
  const kept = await call<{ addressId: number }>('addAddress', {
    appUserId,
    country: 'US',
    city: 'Dallas',
    street: '2 Elm St',
    firstName: 'Jane',
    lastName: 'Doe',
    mobile: '1-5125550100',
  });
  const endpoint = await call<{ endpointId: number }>('webhookAdd', { url: HOOK_URL, events: '*' });
  const spare = await call<{ endpointId: number }>('webhookAdd', { url: HOOK_URL, events: 'card.issued' });
  const events = await call<{ list: { id: string }[] }>('eventList', {
    type: 'user.registered',
    pageSize: 1,
  });
  const { cardAssetId } = await call<{ cardAssetId: number }>('cardDetail', { appUserId, cardId: cards.any });
  await creditAsset({ db: db.db, assetId: cardAssetId, amountMinor: 100_00 });
  const purchase = {
    cardId: cards.any,
    amount: '1.00',
    merchantName: 'Cafe',
    mcc: '5812',
    merchantCountry: 'US',
  };
  const clearId = (await call<{ authorizationId: number }>('simulateAuthorize', purchase)).authorizationId;
  const reverseId = (await call<{ authorizationId: number }>('simulateAuthorize', purchase)).authorizationId;
  const cleared = (await call<{ authorizationId: number }>('simulateAuthorize', purchase)).authorizationId;
  const { transactionId } = await call<{ transactionId: number }>('simulateClear', {
    authorizationId: cleared,
  });
  // A purchase of its own: simulate/refund refunds spend's in full.
  const disputed = (await call<{ authorizationId: number }>('simulateAuthorize', purchase)).authorizationId;
  const purchaseId = (await call<{ transactionId: number }>('simulateClear', { authorizationId: disputed }))
    .transactionId;
  const dispute = async () =>
    (
      await call<{ disputeId: number }>('disputeCreate', {
        transactionId: purchaseId,
        reason: 'NOT_RECEIVED',
        amount: '0.10',
      })
    ).disputeId;
  const disputes = {
    openId: await dispute(),
    withdrawId: await dispute(),
    submittedId: await dispute(),
    purchaseId,
  };
  await call('disputeSubmit', { disputeId: disputes.submittedId, evidence: 'Never delivered' });
  return {
    ...app,
    appUserId,
    userAssetId: wallet.assetId,
    agencyAssetId,
    cards,
    addressId,
    keptAddressId: kept.addressId,
    endpointId: endpoint.endpointId,
    spareEndpointId: spare.endpointId,
    eventId: events.list[0]!.id,
    spend: { clearId, reverseId, transactionId },
    disputes,
    deposits: await setUpDeposits(call, appUserId, `auth-${app.appId}`),
  };
}

beforeAll(async () => {
  db = await createTestDatabase();
  server = await startWalletServer();
  main = await setUpApp(TEST_AGENCY, 'auth-user-1', db.agencyAssetId);
  other = await setUpApp(OTHER_AGENCY, 'auth-user-2', db.otherAgencyAssetId);
  const categories = await callWallet<{ categoryId: number; type: string }[]>(
    server.baseUrl,
    'categoryList',
    {},
  );
  const virtual = categories.body.data?.find((c) => c.type === 'VIRTUAL');
  if (!virtual) throw new Error(`no VIRTUAL category: ${categories.text}`);
  categoryId = virtual.categoryId;
});

afterAll(async () => {
  await server?.close();
  await db?.close();
});

// ---------------------------------------------------------------- accepted

describe('a correctly signed call is accepted', () => {
  it.each(opNames)('%s: code 0, JSON, no-store, envelope with data', async (name) => {
    const { status, headers, body } = await sendOp(name, urlFor(name, main));
    expect(status).toBe(200);
    expect(headers.get('content-type')).toMatch(/^application\/json(;|$)/);
    expect(headers.get('cache-control')).toBe('no-store');
    expect(Object.keys(body).sort()).toEqual(['code', 'data', 'msg']);
    expect(body).toMatchObject({ code: 0, msg: 'success' });
  });

  it.each(opNames)('%s: under the second agency and app, with its own secret', async (name) => {
    expect((await call(name, other)).body).toMatchObject({ code: 0, msg: 'success' });
  });

  it.each(opNames)('%s: the sign in upper-case hex (the service lowercases it)', async (name) => {
    const target = urlFor(name, main);
    const upper = setParam(target, 'sign', paramOf(target, 'sign').toUpperCase());
    expect(paramOf(upper, 'sign')).toMatch(/^[0-9A-F]{64}$/);
    expect((await sendOp(name, upper)).body).toMatchObject({ code: 0 });
  });

  it.each(opNames)('%s: the query pairs in another order than signed', async (name) => {
    const target = urlFor(name, main);
    const shuffled = editQuery(target, shuffle);
    expect(shuffled).not.toBe(target);
    expect(new URL(shuffled).searchParams.size).toBe(new URL(target).searchParams.size);
    expect((await sendOp(name, shuffled)).body).toMatchObject({ code: 0 });
  });

  it.each(opNames)('%s: timestamp 299 s in the past', async (name) => {
    expect((await call(name, main, { timestamp: Date.now() - 299_000 })).body).toMatchObject({ code: 0 });
  });

  it.each(opNames)('%s: timestamp 299 s in the future', async (name) => {
    expect((await call(name, main, { timestamp: Date.now() + 299_000 })).body).toMatchObject({ code: 0 });
  });

  it.each(opNames)(
    '%s: an empty parameter added after signing (empty values are not signed)',
    async (name) => {
      expect((await call(name, main, { extraQuery: 'memo=' })).body).toMatchObject({ code: 0 });
    },
  );

  it.each(opNames)('%s: the same nonce under another app (nonces are per app)', async (name) => {
    const nonce = freshNonce();
    expect((await call(name, main, { nonce })).body).toMatchObject({ code: 0 });
    const target = urlFor(name, other, { nonce });
    expect((await sendOp(name, target)).body).toMatchObject({ code: 0 });
    expect((await sendOp(name, target)).body).toEqual(NONCE_USED);
  });

  it("values encoded differently than signed (+ for space, raw ' ( ), lower-case hex) still verify", async () => {
    const params = kycParams('auth-encoding-1', { lastName: "O'Neil", region: 'Hong Kong (SAR)' });
    const target = signedUrl(server.baseUrl, 'registerAndKyc', params);
    const recoded = target
      .replaceAll('%20', '+')
      .replaceAll('%27', "'")
      .replaceAll('%28', '(')
      .replaceAll('%29', ')')
      .replaceAll('%3A', '%3a')
      .replaceAll('%2F', '%2f');
    expect(recoded).toContain("O'Neil");
    expect(recoded).toContain('Hong+Kong+(SAR)');
    expect(recoded).toContain('%3a%2f%2f');
    const { body } = await sendOp('registerAndKyc', recoded);
    expect(body).toMatchObject({ code: 0, data: { appUserId: 'auth-encoding-1' } });
  });

  it('a nonce of exactly 16 and of 64 characters', async () => {
    for (const nonce of ['A'.repeat(15) + freshNonce().slice(0, 1), `${freshNonce()}${'_'.repeat(48)}`]) {
      expect(nonce.length === 16 || nonce.length === 64).toBe(true);
      expect((await call('categoryList', main, { nonce })).body).toMatchObject({ code: 0 });
    }
  });
});

// ---------------------------------------------------------------- refused

describe('a refused call', () => {
  let before: unknown;
  beforeEach(async () => {
    before = await snapshot();
  });
  // Refused by authentication: nothing changed, and no nonce was recorded.
  afterEach(async () => {
    expect(await snapshot()).toEqual(before);
  });

  describe('2001: the signature does not match', () => {
    it.each(opNames)('%s: signed with a wrong secret', async (name) => {
      const { status, body } = await call(name, main, { secret: 'wrong-secret' });
      expect(status).toBe(200);
      expect(body).toEqual(SIGNATURE_MISMATCH);
    });

    it.each(opNames)("%s: app-1 signing with the other app's secret", async (name) => {
      expect((await call(name, main, { secret: OTHER_AGENCY.appSecret })).body).toEqual(SIGNATURE_MISMATCH);
    });

    it.each(opNames)('%s: an unsigned parameter added after signing', async (name) => {
      expect((await call(name, main, { extraQuery: 'foo=bar' })).body).toEqual(SIGNATURE_MISMATCH);
    });

    it.each(opNames)('%s: a signed value changed after signing (nonce)', async (name) => {
      const target = setParam(urlFor(name, main), 'nonce', freshNonce());
      expect((await sendOp(name, target)).body).toEqual(SIGNATURE_MISMATCH);
    });

    it.each(opNames)('%s: a signed value changed after signing (timestamp + 1 ms)', async (name) => {
      const target = urlFor(name, main);
      const tampered = setParam(target, 'timestamp', String(Number(paramOf(target, 'timestamp')) + 1));
      expect((await sendOp(name, tampered)).body).toEqual(SIGNATURE_MISMATCH);
    });

    it.each(opNames)("%s: signed for another operation's path", async (name) => {
      const otherOp = opNames[(opNames.indexOf(name) + 1) % opNames.length]!;
      const signPath = walletOperations[otherOp].path;
      expect(signPath).not.toBe(walletOperations[name].path);
      expect((await call(name, main, { signPath })).body).toEqual(SIGNATURE_MISMATCH);
    });

    it.each(opNames)('%s: signed with the base URL prefix in the path', async (name) => {
      const signPath = `/prefix${walletOperations[name].path}`;
      expect((await call(name, main, { signPath })).body).toEqual(SIGNATURE_MISMATCH);
    });

    it.each(opNames)('%s: signed for the other HTTP method', async (name) => {
      const signMethod = walletOperations[name].method === 'POST' ? 'GET' : 'POST';
      expect((await call(name, main, { signMethod })).body).toEqual(SIGNATURE_MISMATCH);
    });

    it.each(opNames)('%s: a sign one character short, one too long, and twice as long', async (name) => {
      const target = urlFor(name, main);
      const sign = paramOf(target, 'sign');
      for (const wrong of [sign.slice(0, -1), `${sign}0`, `${sign}${sign}`]) {
        expect((await sendOp(name, setParam(target, 'sign', wrong))).body).toEqual(SIGNATURE_MISMATCH);
      }
    });

    it.each(opNames)('%s: a sign differing in its last character', async (name) => {
      const target = urlFor(name, main);
      const sign = paramOf(target, 'sign');
      const wrong = sign.slice(0, -1) + (sign.endsWith('0') ? '1' : '0');
      expect((await sendOp(name, setParam(target, 'sign', wrong))).body).toEqual(SIGNATURE_MISMATCH);
    });

    it('a sign that is not hex, of the right length', async () => {
      expect((await call('agencyAssetList', main, { sign: 'z'.repeat(64) })).body).toEqual(
        SIGNATURE_MISMATCH,
      );
    });

    it('a sign in base64 of the right HMAC', async () => {
      const target = urlFor('agencyAssetList', main);
      const base64 = Buffer.from(paramOf(target, 'sign'), 'hex').toString('base64');
      expect(
        (await sendOp('agencyAssetList', setParam(target, 'sign', encodeURIComponent(base64)))).body,
      ).toEqual(SIGNATURE_MISMATCH);
    });
  });

  describe('2002: the timestamp is outside ±300 s', () => {
    it.each(opNames)('%s: 301 s in the past', async (name) => {
      const { status, body } = await call(name, main, { timestamp: Date.now() - 301_000 });
      expect(status).toBe(200);
      expect(body).toEqual(TIMESTAMP_EXPIRED);
    });

    it.each(opNames)('%s: 301 s in the future', async (name) => {
      expect((await call(name, main, { timestamp: Date.now() + 301_000 })).body).toEqual(TIMESTAMP_EXPIRED);
    });

    it('in seconds instead of milliseconds', async () => {
      const seconds = Math.floor(Date.now() / 1000);
      expect((await call('agencyAssetList', main, { timestamp: seconds })).body).toEqual(TIMESTAMP_EXPIRED);
    });

    it('zero, and the largest accepted number of digits', async () => {
      expect((await call('agencyAssetList', main, { timestamp: 0 })).body).toEqual(TIMESTAMP_EXPIRED);
      expect((await call('agencyAssetList', main, { timestamp: '999999999999999' })).body).toEqual(
        TIMESTAMP_EXPIRED,
      );
    });

    it('a day in the past', async () => {
      expect((await call('agencyAssetList', main, { timestamp: Date.now() - 86_400_000 })).body).toEqual(
        TIMESTAMP_EXPIRED,
      );
    });
  });

  describe('2004: the app is not under the agency', () => {
    it.each(opNames)('%s: an unknown agencyCode', async (name) => {
      const { status, body } = await call(name, main, { agencyCode: 'NOPE' });
      expect(status).toBe(200);
      expect(body).toEqual(appUnknown(TEST_AGENCY.appId, 'NOPE'));
    });

    it.each(opNames)('%s: a known app under the wrong agency (app-2 with AG001)', async (name) => {
      expect((await call(name, other, { agencyCode: TEST_AGENCY.agencyCode })).body).toEqual(
        appUnknown(OTHER_AGENCY.appId, TEST_AGENCY.agencyCode),
      );
    });

    it.each(opNames)('%s: app-1 under AG002', async (name) => {
      expect((await call(name, main, { agencyCode: OTHER_AGENCY.agencyCode })).body).toEqual(
        appUnknown(TEST_AGENCY.appId, OTHER_AGENCY.agencyCode),
      );
    });

    it.each(opNames)('%s: an unknown appId', async (name) => {
      expect((await call(name, main, { appId: 'ghost-app' })).body).toEqual(
        appUnknown('ghost-app', TEST_AGENCY.agencyCode),
      );
    });

    it('agency codes and app ids are case-sensitive', async () => {
      expect((await call('agencyAssetList', main, { agencyCode: 'ag001' })).body).toEqual(
        appUnknown('app-1', 'ag001'),
      );
      expect((await call('agencyAssetList', main, { appId: 'APP-1' })).body).toEqual(
        appUnknown('APP-1', 'AG001'),
      );
    });
  });

  describe('the checks run in the order of docs/wallet-api.md "Order of checks"', () => {
    it.each(opNames)('%s: unknown app and a bad signature -> 2004 (app before signature)', async (name) => {
      expect((await call(name, main, { appId: 'ghost-app', secret: 'wrong' })).body).toEqual(
        appUnknown('ghost-app', TEST_AGENCY.agencyCode),
      );
    });

    it.each(opNames)('%s: unknown agency and a stale timestamp -> 2004', async (name) => {
      expect(
        (await call(name, main, { agencyCode: 'NOPE', timestamp: Date.now() - 3_600_000 })).body,
      ).toEqual(appUnknown(TEST_AGENCY.appId, 'NOPE'));
    });

    it.each(opNames)(
      '%s: a bad signature and a stale timestamp -> 2001 (signature before timestamp)',
      async (name) => {
        const options = { secret: 'wrong', timestamp: Date.now() - 3_600_000 };
        expect((await call(name, main, options)).body).toEqual(SIGNATURE_MISMATCH);
      },
    );

    it('a bad signature and a used nonce -> 2001', async () => {
      const nonce = freshNonce();
      await spendNonce(nonce);
      before = await snapshot();
      expect((await call('agencyAssetList', main, { nonce, secret: 'wrong' })).body).toEqual(
        SIGNATURE_MISMATCH,
      );
    });

    it('a stale timestamp and a used nonce -> 2002 (timestamp before nonce)', async () => {
      const nonce = freshNonce();
      await spendNonce(nonce);
      before = await snapshot();
      expect((await call('agencyAssetList', main, { nonce, timestamp: Date.now() - 301_000 })).body).toEqual(
        TIMESTAMP_EXPIRED,
      );
    });

    it('a used nonce but a correct request otherwise -> 2003', async () => {
      const nonce = freshNonce();
      await spendNonce(nonce);
      before = await snapshot();
      expect((await call('agencyAssetList', main, { nonce })).body).toEqual(NONCE_USED);
    });
  });
});

// ---------------------------------------------------------------- replay

describe('2003: a replayed nonce', () => {
  it.each(opNames)('%s: the identical URL sent twice; the second has no effect', async (name) => {
    const target = urlFor(name, main);
    expect((await sendOp(name, target)).body).toMatchObject({ code: 0 });
    const before = await snapshot();
    const { status, body } = await sendOp(name, target);
    expect(status).toBe(200);
    expect(body).toEqual(NONCE_USED);
    expect(await snapshot()).toEqual(before);
  });

  it.each(opNames)('%s: the same nonce with other parameters and a new sign', async (name) => {
    const nonce = freshNonce();
    expect((await call(name, main, { nonce })).body).toMatchObject({ code: 0 });
    expect((await call(name, main, { nonce, timestamp: Date.now() - 1000 })).body).toEqual(NONCE_USED);
  });

  it('a nonce refused for its signature or its timestamp is not spent', async () => {
    const nonce = freshNonce();
    expect((await call('agencyAssetList', main, { nonce, secret: 'wrong' })).body).toEqual(
      SIGNATURE_MISMATCH,
    );
    expect((await call('agencyAssetList', main, { nonce, timestamp: Date.now() - 301_000 })).body).toEqual(
      TIMESTAMP_EXPIRED,
    );
    expect((await call('agencyAssetList', main, { nonce, agencyCode: 'NOPE' })).body).toEqual(
      appUnknown('app-1', 'NOPE'),
    );
    expect((await call('agencyAssetList', main, { nonce })).body).toMatchObject({ code: 0 });
  });

  it('a nonce is spent by an authenticated call that then fails its business rule', async () => {
    const nonce = freshNonce();
    const first = await callWallet(server.baseUrl, 'userCardList', { appUserId: 'nobody-here' }, { nonce });
    expect(first.body).toEqual({ code: 3001, msg: 'User nobody-here is not registered under this app.' });
    const second = await callWallet(server.baseUrl, 'userCardList', { appUserId: 'nobody-here' }, { nonce });
    expect(second.body).toEqual(NONCE_USED);
  });

  it('nonces are case-sensitive', async () => {
    const nonce = `aB${freshNonce()}`;
    expect((await call('agencyAssetList', main, { nonce })).body).toMatchObject({ code: 0 });
    expect((await call('agencyAssetList', main, { nonce: nonce.toUpperCase() })).body).toMatchObject({
      code: 0,
    });
  });
});

// ---------------------------------------------------------------- HTTP surface

describe('the HTTP surface', () => {
  it.each(opNames)('%s: the other HTTP method is 405', async (name) => {
    const method = walletOperations[name].method === 'POST' ? 'GET' : 'POST';
    const response = await fetch(urlFor(name, main), { method });
    expect(response.status).toBe(405);
    await response.arrayBuffer();
  });

  it.each(opNames)('%s: an error envelope is exactly { code, msg }, JSON, no-store', async (name) => {
    const { status, headers, body, text } = await sendOp(name, urlFor(name, main, { secret: 'wrong' }));
    expect(status).toBe(200);
    expect(headers.get('content-type')).toMatch(/^application\/json(;|$)/);
    expect(headers.get('cache-control')).toBe('no-store');
    expect(Object.keys(body).sort()).toEqual(['code', 'msg']);
    expect(text).toBe(JSON.stringify(SIGNATURE_MISMATCH));
  });

  it.each([
    [
      '1001',
      urlFor2('agencyAssetList', { sign: null }),
      { code: 1001, msg: 'sign is required.', data: { field: 'sign' } },
    ],
    [
      '1002',
      urlFor2('agencyAssetList', { nonce: 'short' }),
      {
        code: 1002,
        msg: `nonce must be 16-64 characters of A-Z, a-z, 0-9, '_' or '-'.`,
        data: { field: 'nonce', rule: "must be 16-64 characters of A-Z, a-z, 0-9, '_' or '-'" },
      },
    ],
    [
      '1003',
      urlFor2('agencyAssetList', { extraQuery: 'appId=app-1' }),
      { code: 1003, msg: 'Parameter appId is given more than once.', data: { field: 'appId' } },
    ],
    ['2002', urlFor2('agencyAssetList', { timestamp: 1 }), TIMESTAMP_EXPIRED],
    ['2004', urlFor2('agencyAssetList', { agencyCode: 'NOPE' }), appUnknown('app-1', 'NOPE')],
  ])(
    'the %s envelope is exactly { code, msg } (with data: { field } for a parameter), JSON, no-store',
    async (_code, build, expected) => {
      const { status, headers, body } = await sendOp('agencyAssetList', build());
      expect(status).toBe(200);
      expect(headers.get('content-type')).toMatch(/^application\/json(;|$)/);
      expect(headers.get('cache-control')).toBe('no-store');
      expect(Object.keys(body).sort()).toEqual(Object.keys(expected).sort());
      expect(body).toEqual(expected);
    },
  );

  it('the 2003 envelope is exactly { code, msg }, JSON, no-store', async () => {
    const target = urlFor('categoryList', main);
    await sendOp('categoryList', target);
    const { headers, body } = await sendOp('categoryList', target);
    expect(headers.get('content-type')).toMatch(/^application\/json(;|$)/);
    expect(headers.get('cache-control')).toBe('no-store');
    expect(body).toEqual(NONCE_USED);
  });
});

/** A URL built lazily (the server's address is known only after beforeAll). */
function urlFor2(name: WalletOperationName, options: CallOptions): () => string {
  return () => urlFor(name, main, options);
}
