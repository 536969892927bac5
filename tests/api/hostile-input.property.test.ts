// Property tests with fast-check: hostile query strings against every wallet operation, over
// HTTP against the real route handlers.
// (a) Raw, unsigned query strings: never HTTP 500, always the envelope, never success.
// (b) The same hostile values in each parameter of a correctly signed request: never HTTP 500,
//     always the envelope; a refusal changes nothing in the wallet state.
// (c) Hostile but acceptable text round-trips exactly (no injection, no mangling).
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apps, users } from '@/lib/wallet/service/db/schema';
import { creditAsset } from '@/lib/wallet/service/asset/credit-asset';
import { addressSchema, assetSchema, usersWithCardsPageSchema } from '@/lib/wallet/contract/schemas';
import { walletOperations, type WalletOperationName } from '@/lib/wallet/contract/operations';
import { ResultCode } from '@/lib/wallet/contract/result-codes';
import {
  callWallet,
  failureDataProblem,
  freshNonce,
  kycParams,
  signedOperationNames,
  type Envelope,
} from '../helpers/wallet-call';
import { createTestDatabase, TEST_AGENCY, type TestDatabase } from '../helpers/wallet-db';
import { startWalletServer, type WalletTestServer } from '../helpers/wallet-server';
import { ledgerMismatches, trackWalletState } from '../helpers/wallet-state';
import { depositOperationParams, setUpDeposits, type DepositFixture } from '../helpers/deposits';

const NUM_RUNS = 150;

let db: TestDatabase;
let server: WalletTestServer;
let base: string;
let userWallet = 0;
let addressId = 0;
let lifecycleCard = 0;
let replaceableCard = 0;
let spareAddress = 0;
let endpointId = 0;
let spareEndpoint = 0;
let issuedEvent = '';
/** A funded virtual card with authorizations to clear and reverse and a cleared transaction. */
let spend = { cardId: 0, clearId: 0, reverseId: 0, transactionId: 0 };
/** Disputes of spend's purchase: to submit, to withdraw, and one submitted for its outcome. */
let disputed = { openId: 0, withdrawId: 0, submittedId: 0 };
let deposits: DepositFixture;
// A public address (no DNS here); this server runs no delivery worker, so nothing is sent to it.
const HOOK_URL = 'https://93.184.215.14/hooks';

const HP_USER = 'hp-user';
const HOME = {
  country: 'US',
  city: 'San Francisco',
  street: '1 Market St',
  firstName: 'Jane',
  lastName: "O'Connor",
  mobile: '1-4155550100',
};

beforeAll(async () => {
  db = await createTestDatabase();
  server = await startWalletServer();
  base = server.baseUrl;
  let r = await callWallet(base, 'registerAndKyc', kycParams(HP_USER));
  expect(r.body.code, r.body.msg).toBe(0);
  r = await callWallet(base, 'userAssetList', { appUserId: HP_USER });
  userWallet = assetSchema.array().parse(r.body.data)[0]!.assetId;
  await creditAsset({ db: db.db, assetId: userWallet, amountMinor: 100_000_000 });
  r = await callWallet(base, 'addAddress', { appUserId: HP_USER, ...HOME });
  expect(r.body.code, r.body.msg).toBe(0);
  addressId = (r.body.data as { addressId: number }).addressId;
  r = await callWallet(base, 'agencyApplyUserCard', {
    appUserId: HP_USER,
    paymentAssetId: db.agencyAssetId,
    categoryId: 3,
    embossedName: 'JANE OCONNOR',
    needDelivery: true,
    addressId,
  });
  expect(r.body.code, r.body.msg).toBe(0);
  lifecycleCard = (r.body.data as { cardId: number }).cardId;
  r = await callWallet(base, 'agencyApplyUserCard', {
    appUserId: HP_USER,
    paymentAssetId: db.agencyAssetId,
    categoryId: 1,
    embossedName: 'JANE OCONNOR',
  });
  expect(r.body.code, r.body.msg).toBe(0);
  replaceableCard = (r.body.data as { cardId: number }).cardId;
  r = await callWallet(base, 'addAddress', { appUserId: HP_USER, ...HOME, city: 'Oakland' });
  expect(r.body.code, r.body.msg).toBe(0);
  spareAddress = (r.body.data as { addressId: number }).addressId;
  r = await callWallet(base, 'webhookAdd', { url: HOOK_URL, events: '*' });
  expect(r.body.code, r.body.msg).toBe(0);
  endpointId = (r.body.data as { endpointId: number }).endpointId;
  r = await callWallet(base, 'webhookAdd', { url: HOOK_URL, events: 'card.issued' });
  expect(r.body.code, r.body.msg).toBe(0);
  spareEndpoint = (r.body.data as { endpointId: number }).endpointId;
  r = await callWallet(base, 'eventList', { type: 'card.issued' });
  expect(r.body.code, r.body.msg).toBe(0);
  issuedEvent = (r.body.data as { list: { id: string }[] }).list[0]!.id;
  r = await callWallet(base, 'agencyApplyUserCard', {
    appUserId: HP_USER,
    paymentAssetId: db.agencyAssetId,
    categoryId: 1,
    embossedName: 'JANE OCONNOR',
  });
  expect(r.body.code, r.body.msg).toBe(0);
  const cardId = (r.body.data as { cardId: number }).cardId;
  r = await callWallet(base, 'cardDetail', { appUserId: HP_USER, cardId });
  await creditAsset({
    db: db.db,
    assetId: (r.body.data as { cardAssetId: number }).cardAssetId,
    amountMinor: 1_000_00,
  });
  const buy = async () => {
    const bought = await callWallet(base, 'simulateAuthorize', {
      cardId,
      amount: '1.00',
      merchantName: 'Cafe',
      mcc: '5812',
      merchantCountry: 'US',
    });
    expect(bought.body.code, bought.body.msg).toBe(0);
    return (bought.body.data as { authorizationId: number }).authorizationId;
  };
  const [clearId, reverseId, cleared] = [await buy(), await buy(), await buy()];
  r = await callWallet(base, 'simulateClear', { authorizationId: cleared });
  expect(r.body.code, r.body.msg).toBe(0);
  spend = {
    cardId,
    clearId,
    reverseId,
    transactionId: (r.body.data as { transactionId: number }).transactionId,
  };
  const dispute = async (requestId: string) => {
    const opened = await callWallet(base, 'disputeCreate', {
      transactionId: spend.transactionId,
      reason: 'NOT_RECEIVED',
      amount: '0.10',
      requestId,
    });
    expect(opened.body.code, opened.body.msg).toBe(0);
    return (opened.body.data as { disputeId: number }).disputeId;
  };
  disputed = {
    openId: await dispute('hp-dispute-open'),
    withdrawId: await dispute('hp-dispute-withdraw'),
    submittedId: await dispute('hp-dispute-settle'),
  };
  r = await callWallet(base, 'disputeSubmit', {
    disputeId: disputed.submittedId,
    evidence: 'Never delivered',
  });
  expect(r.body.code, r.body.msg).toBe(0);
  deposits = await setUpDeposits(
    async <T>(name: WalletOperationName, params: Record<string, string | number | boolean>) => {
      const answer = await callWallet<T>(base, name, params);
      expect(answer.body.code, answer.body.msg).toBe(0);
      return answer.body.data as T;
    },
    HP_USER,
    'hostile',
  );
});

afterAll(async () => {
  await server?.close();
  await db?.close();
});

// ------------------------------------------------------------------ hostile values

const HOSTILE: readonly string[] = [
  // SQL
  "' OR 1=1--",
  "' OR '1'='1",
  "'; DROP TABLE wallet.users; --",
  '1; SELECT pg_sleep(5)',
  "1' UNION SELECT secret FROM wallet.apps--",
  '"',
  "'",
  '\\',
  '\\x00',
  '$1',
  // markup and templates
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  '${7*7}',
  '{{7*7}}',
  // control characters
  '\u0000',
  'a\u0000b',
  '\r\n',
  'X\r\nSet-Cookie: a=b',
  '\t',
  '\u001b[31m',
  '\u007f',
  '\u0085',
  // unicode look-alikes and tricks
  'ＡＧ００１',
  'АG001',
  'app\u20111',
  'ADA LOVELACE\u200b',
  '\u202eevil',
  'e\u0301',
  '\ufeffAG001',
  '１',
  '٣',
  '😀',
  '\ufffd',
  'ß',
  'İ',
  // numbers
  '0',
  '-1',
  '-0',
  '1.5',
  '1e3',
  '1e309',
  'NaN',
  'Infinity',
  '0x10',
  '00000000001',
  '2147483647',
  '2147483648',
  '9007199254740993',
  '99999999999999999999999999999999',
  ' 1',
  '1 ',
  // percent-encoding garbage (sent literally when signed, raw when unsigned)
  '%E0%A4%A',
  '%',
  '%%',
  '%zz',
  '%00',
  '%C0%AE',
  '%FF%FE',
  '%2',
  '+',
  '&',
  '=',
  '#',
  '?',
  ';',
  // prototype pollution and type confusion
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  '{"__proto__":{"admin":true}}',
  '{"$ne":null}',
  '[]',
  '[object Object]',
  'null',
  'undefined',
  'true',
  'false',
  // paths and sizes
  '../../../etc/passwd',
  'https://evil.test/a.png',
  'javascript:alert(1)',
  'a'.repeat(300),
  'A'.repeat(5000),
  ' ',
  '',
];

const hostileValue: fc.Arbitrary<string> = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom(...HOSTILE) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }) },
  { weight: 1, arbitrary: fc.string({ maxLength: 30 }) },
  { weight: 1, arbitrary: fc.oneof(fc.integer(), fc.double(), fc.bigInt()).map(String) },
  {
    weight: 2,
    arbitrary: fc.tuple(fc.constantFrom(...HOSTILE), fc.constantFrom(...HOSTILE)).map(([a, b]) => a + b),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(
        fc.constantFrom('AG001', 'app-1', HP_USER, 'US', 'JANE', '1', 'x@example.com'),
        fc.constantFrom(...HOSTILE),
      )
      .map(([a, b]) => a + b),
  },
);

// The signed operations: the cardholder's (me/*) carry a walletToken instead, and their hostile
// input is tests/api/cardholder-channel.test.ts's.
const OPERATIONS = signedOperationNames();
const KNOWN_FAILURE_CODES = new Set<number>(
  Object.values(ResultCode).filter((c) => c !== 0 && c !== ResultCode.INTERNAL),
);

const allParamNames = [
  ...new Set(OPERATIONS.flatMap((op) => Object.keys(walletOperations[op].params.shape))),
];
const EXTRA_NAMES = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'prototype', 'x'];

const rawName: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...allParamNames, ...EXTRA_NAMES, '') },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 12 }) },
  { weight: 1, arbitrary: fc.constantFrom(...HOSTILE) },
);

const rawPair: fc.Arbitrary<string> = fc
  .tuple(rawName, hostileValue, fc.constantFrom('raw', 'encoded', 'bare'))
  .map(([name, value, how]) =>
    how === 'encoded'
      ? `${encodeURIComponent(name)}=${encodeURIComponent(value)}`
      : how === 'bare'
        ? name
        : `${name}=${value}`,
  );

type RawQuery = { kind: 'raw'; query: string } | { kind: 'auth-shaped'; pairs: string[]; sign: string };

const AUTH_NAMES = new Set(['agencyCode', 'appId', 'timestamp', 'nonce', 'sign']);

/** Raw query strings for one operation: noise, and calls shaped like real ones but not signed right. */
function rawQueryFor(op: WalletOperationName): fc.Arbitrary<RawQuery> {
  const ownNames = Object.keys(walletOperations[op].params.shape).filter((n) => !AUTH_NAMES.has(n));
  const ownPair: fc.Arbitrary<string> = fc
    .tuple(ownNames.length > 0 ? fc.constantFrom(...ownNames) : rawName, hostileValue, fc.boolean())
    .map(([name, value, encoded]) => (encoded ? `${name}=${encodeURIComponent(value)}` : `${name}=${value}`));
  return fc.oneof(
    {
      weight: 1,
      arbitrary: fc
        .string({ unit: 'binary', maxLength: 80 })
        .map((query) => ({ kind: 'raw' as const, query })),
    },
    { weight: 1, arbitrary: fc.webSegment().map((query) => ({ kind: 'raw' as const, query })) },
    { weight: 1, arbitrary: fc.webQueryParameters().map((query) => ({ kind: 'raw' as const, query })) },
    {
      weight: 2,
      arbitrary: fc
        .array(rawPair, { maxLength: 8 })
        .map((pairs) => ({ kind: 'raw' as const, query: pairs.join('&') })),
    },
    // Looks like a real call (the right app, a fresh timestamp and nonce) but is not signed right.
    {
      weight: 4,
      arbitrary: fc
        .tuple(
          fc.array(fc.oneof({ weight: 4, arbitrary: ownPair }, { weight: 1, arbitrary: rawPair }), {
            maxLength: 6,
          }),
          fc.oneof(hostileValue, fc.stringMatching(/^[0-9a-f]{64}$/)),
        )
        .map(([pairs, sign]) => ({ kind: 'auth-shaped' as const, pairs, sign })),
    },
  );
}

function materialise(q: RawQuery): string {
  if (q.kind === 'raw') return q.query;
  return [
    `agencyCode=${TEST_AGENCY.agencyCode}`,
    `appId=${TEST_AGENCY.appId}`,
    `timestamp=${Date.now()}`,
    `nonce=${freshNonce()}`,
    ...q.pairs,
    `sign=${encodeURIComponent(q.sign)}`,
  ].join('&');
}

// ------------------------------------------------------------------ checks

type Sent = { status: number; text: string; body: Envelope | undefined };

function parseEnvelope(text: string): Envelope | undefined {
  try {
    return JSON.parse(text) as Envelope;
  } catch {
    return undefined;
  }
}

/** Never 500; always HTTP 200 with the JSON envelope: an integer code and a string msg. */
function assertEnvelope(sent: Sent, context: string): Envelope {
  const { status, text, body } = sent;
  if (status === 500) throw new Error(`HTTP 500 for ${context}: ${text}`);
  if (status !== 200) throw new Error(`HTTP ${status} for ${context}: ${text.slice(0, 200)}`);
  if (!body || typeof body !== 'object')
    throw new Error(`not a JSON envelope for ${context}: ${text.slice(0, 200)}`);
  if (!Number.isInteger(body.code))
    throw new Error(`code is not an integer for ${context}: ${text.slice(0, 200)}`);
  if (typeof body.msg !== 'string' || body.msg.length === 0)
    throw new Error(`msg missing for ${context}: ${text.slice(0, 200)}`);
  if (body.code !== 0) {
    if (!KNOWN_FAILURE_CODES.has(body.code))
      throw new Error(`unexpected code ${body.code} for ${context}: ${body.msg}`);
    const problem = failureDataProblem(body);
    if (problem) throw new Error(`failure data for ${context}: ${problem}`);
  }
  return body;
}

async function sendRaw(op: WalletOperationName, query: string): Promise<Sent> {
  const { method, path } = walletOperations[op];
  const response = await fetch(`${base}${path}?${query}`, { method });
  const text = await response.text();
  return { status: response.status, text, body: parseEnvelope(text) };
}

// ------------------------------------------------------------------ valid calls per operation

let regSeq = 0;

/** Parameters that make each operation succeed (for the mutating ones, at least the first time). */
function validParams(op: WalletOperationName): Record<string, string | number | boolean> {
  switch (op) {
    case 'registerAndKyc': {
      const id = `hp-reg-${++regSeq}`;
      return kycParams(id);
    }
    case 'cardListAllByUser':
      return { appUserId: HP_USER, email: `${HP_USER}@example.com`, pageNum: 1, pageSize: 20 };
    case 'agencyApplyUserCard':
      return {
        appUserId: HP_USER,
        paymentAssetId: db.agencyAssetId,
        categoryId: 1,
        embossedName: 'JANE OCONNOR',
        needDelivery: false,
        addressId,
      };
    case 'userApplyCard':
      return {
        appUserId: HP_USER,
        paymentAssetId: userWallet,
        categoryId: 2,
        embossedName: 'JANE OCONNOR',
        needDelivery: true,
        addressId,
      };
    case 'addAddress':
      return { appUserId: HP_USER, ...HOME, province: 'California', postalCode: '94105', isDefault: false };
    case 'userCardList':
    case 'userAssetList':
    case 'addressList':
      return { appUserId: HP_USER };
    case 'agencyAssetList':
    case 'categoryList':
      return {};
    // One delivered card goes through its whole life in catalogue order in the sanity check:
    // activate, lock, unlock, cancel.
    case 'cardDetail':
    case 'cardActivate':
    case 'cardUnlock':
      return { appUserId: HP_USER, cardId: lifecycleCard };
    case 'cardLock':
    case 'cardCancel':
      return { appUserId: HP_USER, cardId: lifecycleCard, reason: 'LOST' };
    // Its own card, replaced once; the requestId makes a repeat a replay of that success.
    case 'cardReplace':
      return { appUserId: HP_USER, cardId: replaceableCard, reason: 'LOST', requestId: 'hp-replace' };
    case 'assetTransfer':
      return { fromAssetId: db.agencyAssetId, toAssetId: userWallet, amount: '0.01' };
    case 'assetLedger':
      return { assetId: userWallet, pageNum: 1, pageSize: 20 };
    case 'cardList':
      return { status: 'ACTIVE', type: 'VIRTUAL', sort: 'oldest', pageSize: 5 };
    case 'assetDaily':
      return { assetId: userWallet, days: 7 };
    case 'addressUpdate':
      return { appUserId: HP_USER, addressId, city: 'Oakland' };
    case 'addressDelete':
      // A spare address, deleted once; the requestId makes a repeat a replay of that success.
      return { appUserId: HP_USER, addressId: spareAddress, requestId: 'hp-delete-spare' };
    case 'userSearch':
      return { q: 'hp-u', pageSize: 5 };
    case 'userDetail':
      return { appUserId: HP_USER };
    case 'webhookAdd':
      return { url: HOOK_URL, events: 'card.issued,card.status_changed', description: 'Our server' };
    case 'webhookList':
      return {};
    case 'webhookDelete':
      return { endpointId: spareEndpoint, requestId: 'hp-delete-endpoint' };
    case 'webhookRotateSecret':
      return { endpointId };
    case 'eventList':
      return { type: 'card.issued', pageNum: 1, pageSize: 20 };
    case 'eventRedeliver':
      return { eventId: issuedEvent, endpointId };
    case 'webhookTest':
      return { endpointId };
    case 'simulateAuthorize':
      return {
        cardId: spend.cardId,
        amount: '0.01',
        merchantName: 'Cafe',
        mcc: '5812',
        merchantCountry: 'US',
      };
    case 'simulateClear':
      return { authorizationId: spend.clearId, amount: '0.50', requestId: 'hp-clear-once' };
    case 'simulateReverse':
      return { authorizationId: spend.reverseId, amount: '0.01', requestId: 'hp-reverse-once' };
    case 'simulateRefund':
      return { transactionId: spend.transactionId, amount: '0.01', requestId: 'hp-refund-once' };
    case 'cardAuthorizations':
      return { appUserId: HP_USER, cardId: spend.cardId, pageSize: 5 };
    case 'authorizationList':
      return { status: 'PENDING', pageSize: 5 };
    case 'authorizationSummary':
      return { status: 'PENDING', from: '2026-01-01' };
    case 'authorizationDetail':
      return { authorizationId: spend.clearId };
    case 'cardControls':
      return { appUserId: HP_USER, cardId: spend.cardId };
    case 'cardControlsSet':
      return { appUserId: HP_USER, cardId: spend.cardId, blockedMcc: '7995', requestId: 'hp-controls-once' };
    case 'decisionSet':
    case 'decisionGet':
      return {};
    case 'depositAddress':
    case 'simulateDeposit':
    case 'simulateConfirm':
    case 'depositList':
    case 'depositRelease':
    case 'kytRules':
    case 'kytRulesSet':
      return depositOperationParams(op, HP_USER, deposits, 'hostile')!;
    case 'disputeCreate':
      return {
        transactionId: spend.transactionId,
        reason: 'OTHER',
        amount: '0.01',
        requestId: 'hp-dispute-once',
      };
    case 'disputeSubmit':
      return { disputeId: disputed.openId, evidence: 'The order never came', requestId: 'hp-submit-once' };
    case 'disputeWithdraw':
      return { disputeId: disputed.withdrawId, requestId: 'hp-withdraw-once' };
    case 'disputeDetail':
      return { disputeId: disputed.openId };
    case 'disputeList':
      return { status: 'OPEN', pageSize: 5 };
    case 'simulateDisputeOutcome':
      return { disputeId: disputed.submittedId, outcome: 'LOST', requestId: 'hp-outcome-once' };
    case 'cardDetailsLink':
      return { appUserId: HP_USER, cardId: spend.cardId };
    case 'appCardViewOrigins':
      return {};
    case 'appCardViewOriginsSet':
      return { origins: 'https://app.example.com' };
    case 'userWalletTokenRotate':
      return { appUserId: HP_USER };
    case 'simulateExpireCard':
      // A card of its own: expiring the spending card would decline every purchase after.
      return { cardId: lifecycleCard };
    case 'disputeSummary':
      return { dueWithinDays: 7 };
    case 'meCards':
    case 'meCardAuthorizations':
    case 'meCardFreeze':
    case 'meCardUnfreeze':
    case 'meCardDetailsLink':
      throw new Error(`${op} is the cardholder's, not signed: tests/api/cardholder-channel.test.ts`);
  }
}

const signedCase = (op: WalletOperationName) => {
  // Every parameter of the operation (the signed auth ones too) and a few names it does not know.
  // `sign` is left out: a second sign is always 1003, and (a) covers hostile signs.
  const names = [
    ...Object.keys(walletOperations[op].params.shape).filter((n) => n !== 'sign'),
    ...EXTRA_NAMES,
  ];
  return fc
    .uniqueArray(fc.constantFrom(...names), { minLength: 1, maxLength: 2 })
    .chain((targets) =>
      fc.tuple(
        fc.constant(targets),
        fc.array(hostileValue, { minLength: targets.length, maxLength: targets.length }),
      ),
    );
};

// ------------------------------------------------------------------ properties

describe('(a) raw unsigned query strings', () => {
  it('sanity: a correct call succeeds and the raw path reaches the handlers', async () => {
    const r = await callWallet(base, 'categoryList', {});
    expect(r.body.code).toBe(0);
    const sent = await sendRaw('categoryList', '');
    expect(assertEnvelope(sent, 'empty query').code).toBe(1001);
  });

  it.each(OPERATIONS)('%s: never 500, always an envelope, never success', async (op) => {
    await fc.assert(
      fc.asyncProperty(rawQueryFor(op), async (q) => {
        const query = materialise(q);
        const sent = await sendRaw(op, query);
        const body = assertEnvelope(sent, `${op} ?${JSON.stringify(query)}`);
        if (body.code === 0) throw new Error(`unsigned call succeeded: ${op} ?${query}`);
      }),
      { numRuns: NUM_RUNS },
    );
  });
});

describe('(b) hostile values in correctly signed requests', () => {
  it('sanity: every operation succeeds with its valid parameters', async () => {
    for (const op of OPERATIONS) {
      const r = await callWallet(base, op, validParams(op));
      expect(r.body.code, `${op}: ${r.body.msg}`).toBe(0);
    }
  });

  it.each(OPERATIONS)('%s: never 500, always an envelope; a refusal changes nothing', async (op) => {
    let refused = 0;
    // Nothing else runs in between, so the state after one call is the state before the next.
    const tracked = await trackWalletState(db.db);
    let state = await tracked.current();
    await fc.assert(
      fc.asyncProperty(signedCase(op), async ([targets, values]) => {
        const params: Record<string, string | number | boolean> = validParams(op);
        targets.forEach((name, i) => {
          params[name] = values[i]!;
        });
        const before = state;
        const r = await callWallet(base, op, params);
        const body = assertEnvelope(r, `${op} ${JSON.stringify(params)}`);
        state = await tracked.current();
        if (body.code !== 0) {
          refused++;
          expect(state, `${op} refused with ${body.code} (${body.msg}) but changed the state`).toEqual(
            before,
          );
        }
      }),
      { numRuns: NUM_RUNS },
    );
    expect(refused).toBeGreaterThan(0);
  });

  it('left every ledger summing to its balance and the user counter right', async () => {
    expect(await ledgerMismatches(db.db)).toEqual([]);
    const r = await callWallet(base, 'cardListAllByUser', { pageSize: 1 });
    const page = usersWithCardsPageSchema.parse(r.body.data);
    const rows = await db.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.appId, (await appKey())!));
    expect(page.dataTotal).toBe(rows.length);
  });
});

async function appKey(): Promise<number | undefined> {
  const [row] = await db.db.select({ id: apps.id }).from(apps).where(eq(apps.appId, TEST_AGENCY.appId));
  return row?.id;
}

describe('(c) acceptable hostile text is stored and returned exactly', () => {
  // Text the rules accept: no control characters, no leading or trailing space, within length.
  const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
  const acceptableText = (max: number) =>
    fc
      .oneof(
        fc.constantFrom(...HOSTILE),
        fc.string({ unit: 'binary', minLength: 1, maxLength: max }),
        fc
          .tuple(fc.constantFrom(...HOSTILE), fc.string({ unit: 'grapheme', maxLength: 10 }))
          .map(([a, b]) => a + b),
      )
      .filter((v) => v.length >= 1 && v.length <= max && !CONTROL.test(v) && v.trim() === v);

  it('registerAndKyc region round-trips through 4.2 regionDesc', async () => {
    let n = 0;
    await fc.assert(
      fc.asyncProperty(acceptableText(64), async (region) => {
        const appUserId = `hp-rt-${++n}`;
        const r = await callWallet(base, 'registerAndKyc', kycParams(appUserId, { region }));
        assertEnvelope(r, `region ${JSON.stringify(region)}`);
        expect(r.body.code, r.body.msg).toBe(0);
        const list = await callWallet(base, 'cardListAllByUser', { appUserId });
        const page = usersWithCardsPageSchema.parse(list.body.data);
        expect(page.list[0]?.regionDesc).toBe(region);
      }),
      { numRuns: 100 },
    );
  });

  it('addAddress city, street, province and detailedAddress round-trip through address/list', async () => {
    const appUserId = 'hp-addr-rt';
    expect((await callWallet(base, 'registerAndKyc', kycParams(appUserId))).body.code).toBe(0);
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          city: acceptableText(64),
          street: acceptableText(128),
          province: acceptableText(64),
          detailedAddress: acceptableText(200),
        }),
        async (fields) => {
          const r = await callWallet(base, 'addAddress', { appUserId, ...HOME, ...fields, isDefault: true });
          assertEnvelope(r, `address ${JSON.stringify(fields)}`);
          expect(r.body.code, r.body.msg).toBe(0);
          const id = (r.body.data as { addressId: number }).addressId;
          const listed = addressSchema
            .array()
            .parse((await callWallet(base, 'addressList', { appUserId })).body.data);
          expect(listed[0]).toMatchObject({ addressId: id, isDefault: true, ...fields });
        },
      ),
      { numRuns: 100 },
    );
  });
});
