// The back-office's wallet client against the real wallet route handlers over HTTP: every
// operation's typed result, every result code the real service can be driven to, as the right
// error class; and, against a small node:http server answering fixed bodies, the outcomes a
// correct service never produces for a validating client (service-side 1001-1003, 5000, garbled
// or missing answers). Log lines are collected throughout and checked for personal data at the end.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { creditAsset } from '@/lib/wallet/service/asset/credit-asset';
import type {
  Address,
  AddressCreated,
  Asset,
  CardApplication,
  CardCategory,
  RegisteredUser,
  UserCardSummary,
  UsersWithCardsPage,
} from '@/lib/wallet/contract/schemas';
import { walletOperations } from '@/lib/wallet/contract/operations';
import { signRequest } from '@/lib/wallet/contract/signature';
import { createTestDatabase, TEST_AGENCY, type TestDatabase } from '@/tests/helpers/wallet-db';
import { startWalletServer, type WalletTestServer } from '@/tests/helpers/wallet-server';
import {
  createWalletClient,
  type WalletClient,
  type WalletClientConfig,
  type WalletClientInput,
} from '@/lib/backoffice/wallet-client/create-wallet-client';
import {
  WalletAuthError,
  WalletClientError,
  WalletConflictError,
  WalletInputError,
  WalletInsufficientFundsError,
  WalletNotFoundError,
  WalletProtocolError,
  WalletRuleError,
  WalletServiceError,
  WalletUnavailableError,
} from '@/lib/backoffice/wallet-client/errors';

vi.setConfig({ testTimeout: 30_000, hookTimeout: 120_000 });

let db: TestDatabase;
let server: WalletTestServer;
let client: WalletClient;

/** Every log line of every client in this file, and what must never appear in one. */
const logLines: string[] = [];
const neverLogged = new Set<string>([TEST_AGENCY.appSecret]);

function makeClient(overrides: Partial<WalletClientConfig> = {}): WalletClient {
  return createWalletClient({
    baseUrl: server.baseUrl,
    agencyCode: TEST_AGENCY.agencyCode,
    appId: TEST_AGENCY.appId,
    secret: TEST_AGENCY.appSecret,
    log: (line) => logLines.push(line),
    ...overrides,
  });
}

/** The real fetch, counting and recording the URLs it is asked for. */
function recordingFetch(transform: (url: string) => string = (url) => url) {
  const urls: string[] = [];
  const wrapped: typeof fetch = (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    urls.push(url);
    return fetch(transform(url), init);
  };
  return { fetch: wrapped, urls };
}

beforeAll(async () => {
  db = await createTestDatabase();
  server = await startWalletServer();
  client = makeClient();
});

afterAll(async () => {
  await server?.close();
  await db?.close();
});

let userSeq = 0;
function kyc(appUserId: string): WalletClientInput<'registerAndKyc'> {
  return {
    appUserId,
    email: `${appUserId}@example.com`,
    firstName: 'Ada',
    lastName: 'Lovelace',
    birthday: '1990-04-12',
    mobile: '1-4155550100',
    region: 'United Kingdom',
    documentType: 'PASSPORT',
    documentNo: 'X1234567',
    photos: 'https://files.example.com/front.png,https://files.example.com/back.png',
  };
}

async function newUser(): Promise<string> {
  const appUserId = `client-user-${++userSeq}`;
  neverLogged.add(appUserId);
  await client.registerAndKyc(kyc(appUserId));
  return appUserId;
}

function address(appUserId: string): WalletClientInput<'addAddress'> {
  return {
    appUserId,
    country: 'GB',
    city: 'London',
    street: '12 St James Square',
    firstName: 'Ada',
    lastName: 'Lovelace',
    mobile: '44-2071234567',
  };
}

async function walletAssetId(appUserId: string): Promise<number> {
  const wallet = (await client.userAssetList({ appUserId })).find((a) => a.type === 'WALLET');
  if (!wallet) throw new Error('no WALLET asset');
  return wallet.assetId;
}

/** The rejection of `promise`, which must be a WalletClientError of `cls`. */
async function failure<E extends WalletClientError>(
  promise: Promise<unknown>,
  cls: new (...args: never[]) => E,
): Promise<E> {
  const error = await promise.then(
    () => {
      throw new Error(`expected a ${cls.name}, but the call succeeded`);
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(cls);
  return error as E;
}

function remember(card: { cardNumber: string }): void {
  neverLogged.add(card.cardNumber);
}

// ------------------------------------------------------------------ types

describe('types', () => {
  it('has one typed function per operation, without the five signing parameters', () => {
    expect(Object.keys(client).sort()).toEqual(Object.keys(walletOperations).sort());
    expectTypeOf(client.registerAndKyc).returns.resolves.toEqualTypeOf<RegisteredUser>();
    expectTypeOf(client.cardListAllByUser).returns.resolves.toEqualTypeOf<UsersWithCardsPage>();
    expectTypeOf(client.agencyApplyUserCard).returns.resolves.toEqualTypeOf<CardApplication>();
    expectTypeOf(client.userApplyCard).returns.resolves.toEqualTypeOf<CardApplication>();
    expectTypeOf(client.agencyAssetList).returns.resolves.toEqualTypeOf<Asset[]>();
    expectTypeOf(client.userCardList).returns.resolves.toEqualTypeOf<UserCardSummary[]>();
    expectTypeOf(client.addAddress).returns.resolves.toEqualTypeOf<AddressCreated>();
    expectTypeOf(client.categoryList).returns.resolves.toEqualTypeOf<CardCategory[]>();
    expectTypeOf(client.userAssetList).returns.resolves.toEqualTypeOf<Asset[]>();
    expectTypeOf(client.addressList).returns.resolves.toEqualTypeOf<Address[]>();
    expectTypeOf<WalletClientInput<'userCardList'>>().toEqualTypeOf<{ appUserId: string }>();
    for (const key of ['agencyCode', 'appId', 'timestamp', 'nonce', 'sign'] as const) {
      expectTypeOf<WalletClientInput<'agencyApplyUserCard'>>().not.toHaveProperty(key);
    }
    expectTypeOf<WalletClientInput<'agencyApplyUserCard'>['paymentAssetId']>().toEqualTypeOf<
      string | number
    >();
  });
});

// ------------------------------------------------------------------ success of all ten

describe('every operation succeeds with schema-valid data', () => {
  it('categoryList and agencyAssetList', async () => {
    const categories = await client.categoryList({});
    expect(walletOperations.categoryList.data.parse(categories)).toEqual(categories);
    expect(categories.some((c) => c.type === 'VIRTUAL')).toBe(true);
    expect(categories.some((c) => c.type === 'PHYSICAL')).toBe(true);
    const assets = await client.agencyAssetList({});
    expect(assets.map((a) => a.assetId)).toContain(db.agencyAssetId);
    expect(assets[0]).toMatchObject({ agencyCode: 'AG001', appId: 'app-1', currency: 'USD' });
  });

  it('registerAndKyc and userAssetList', async () => {
    const appUserId = `client-user-${++userSeq}`;
    neverLogged.add(appUserId);
    const user = await client.registerAndKyc({ ...kyc(appUserId), gender: 'FEMALE', occupation: '' });
    expect(user).toMatchObject({
      agencyCode: 'AG001',
      appId: 'app-1',
      appUserId,
      email: `${appUserId}@example.com`,
    });
    expect(user.walletToken.length).toBeGreaterThan(0);
    const assets = await client.userAssetList({ appUserId });
    expect(assets).toEqual([expect.objectContaining({ appUserId, type: 'WALLET', balance: 0 })]);
  });

  it('addAddress and addressList (an empty optional value counts as absent)', async () => {
    const appUserId = await newUser();
    const created = await client.addAddress({ ...address(appUserId), province: '', postalCode: 'SW1Y 4LE' });
    expect(created).toEqual({
      addressId: expect.any(Number),
      agencyCode: 'AG001',
      appId: 'app-1',
      appUserId,
    });
    const list = await client.addressList({ appUserId });
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      addressId: created.addressId,
      province: null,
      postalCode: 'SW1Y 4LE',
      isDefault: true,
    });
  });

  it('agencyApplyUserCard, userApplyCard, userCardList and cardListAllByUser', async () => {
    const appUserId = await newUser();
    const virtual = await client.agencyApplyUserCard({
      appUserId,
      paymentAssetId: db.agencyAssetId,
      categoryId: 1,
      embossedName: 'ADA LOVELACE',
    });
    remember(virtual);
    expect(virtual).toMatchObject({
      status: 'ACTIVE',
      cardAccountStatus: 'APPROVED',
      embossedName: 'ADA LOVELACE',
    });

    const wallet = await walletAssetId(appUserId);
    await creditAsset({ db: db.db, assetId: wallet, amountMinor: 10_000 });
    const { addressId } = await client.addAddress(address(appUserId));
    // Typed callers may pass the strings a form holds.
    const physical = await client.userApplyCard({
      appUserId,
      paymentAssetId: String(wallet),
      categoryId: '3',
      embossedName: 'ADA',
      needDelivery: 'true',
      addressId,
    });
    remember(physical);
    expect(physical).toMatchObject({ status: 'PENDING', cardAccountStatus: 'PENDING' });

    const cards = await client.userCardList({ appUserId });
    expect(cards.map((c) => c.cardId).sort()).toEqual([virtual.cardId, physical.cardId].sort());
    expect(cards.every((c) => c.appUserId === appUserId)).toBe(true);

    const page = await client.cardListAllByUser({ appUserId });
    expect(page).toMatchObject({ dataTotal: 1, haveNext: false });
    expect(page.list[0]?.cardList.map((c) => c.cardId).sort()).toEqual(cards.map((c) => c.cardId).sort());

    const firstPage = await client.cardListAllByUser({ pageNum: 1, pageSize: 1 });
    expect(firstPage.list).toHaveLength(1);
    expect(firstPage.haveNext).toBe(true);
  });

  it('card/controls/set: a clearable parameter given empty removes, absent leaves it', async () => {
    const appUserId = await newUser();
    const { cardId } = await client.agencyApplyUserCard({
      appUserId,
      paymentAssetId: db.agencyAssetId,
      categoryId: 1,
      embossedName: 'ADA LOVELACE',
    });
    const set = await client.cardControlsSet({
      appUserId,
      cardId,
      daily: '50.00',
      monthly: '900',
      blockedMcc: '7995',
    });
    expect(set.limits.map((l) => [l.interval, l.amount])).toEqual([
      ['DAILY', 50],
      ['MONTHLY', 900],
    ]);
    const removed = await client.cardControlsSet({ appUserId, cardId, daily: '', blockedMcc: '' });
    expect(removed).toEqual({
      limits: [expect.objectContaining({ interval: 'MONTHLY', amount: 900 })],
      blockedMcc: [],
      blockedCountries: [],
    });
  });

  it('replays a mutation with the same requestId: one card, the same answer', async () => {
    const appUserId = await newUser();
    const input = {
      appUserId,
      paymentAssetId: db.agencyAssetId,
      categoryId: 2,
      embossedName: 'ADA',
      requestId: 'client-replay-0001',
    };
    const first = await client.agencyApplyUserCard(input);
    const second = await client.agencyApplyUserCard(input);
    remember(first);
    expect(second).toEqual(first);
    expect(await client.userCardList({ appUserId })).toHaveLength(1);
  });

  it('never lets a caller set the signing parameters, even through a cast', async () => {
    const appUserId = await newUser();
    const forged = { appUserId, agencyCode: 'AG002', appId: 'app-2', sign: 'f'.repeat(64) };
    await expect(client.userCardList(forged as WalletClientInput<'userCardList'>)).resolves.toEqual([]);
  });
});

// ------------------------------------------------------------------ the request on the wire

describe('the signed request', () => {
  it('signs the spec path under a baseUrl with a path prefix', async () => {
    const rec = recordingFetch((url) => url.replace('/prefix/wallet/', '/wallet/'));
    const prefixed = makeClient({ baseUrl: `${server.baseUrl}/prefix/`, fetch: rec.fetch });
    const assets = await prefixed.agencyAssetList({});
    expect(assets.map((a) => a.assetId)).toContain(db.agencyAssetId);
    expect(rec.urls).toHaveLength(1);
    expect(rec.urls[0]!.startsWith(`${server.baseUrl}/prefix/wallet/api/agency/assetList?`)).toBe(true);
  });

  it('sends each parameter once, RFC 3986-encoded, empty ones left out, with a 64-hex sign', async () => {
    const appUserId = await newUser();
    const rec = recordingFetch();
    await makeClient({ fetch: rec.fetch }).addAddress({
      ...address(appUserId),
      street: "1 O'Brien (Rear) St*",
      province: '',
      isDefault: true,
    });
    const url = new URL(rec.urls[0]!);
    expect(url.pathname).toBe('/wallet/api/address/add');
    const names = [...url.searchParams.keys()];
    expect(new Set(names).size).toBe(names.length);
    expect(names).not.toContain('province');
    expect(url.search).toContain('street=1%20O%27Brien%20%28Rear%29%20St%2A');
    expect(url.searchParams.get('isDefault')).toBe('true');
    expect(url.searchParams.get('sign')).toMatch(/^[0-9a-f]{64}$/);
    expect(url.searchParams.get('nonce')).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
  });

  it('sends a clearable parameter given empty, unsigned after the signed ones: kyt/rules/set clears that list', async () => {
    const blocked = `0x${'c0'.repeat(20)}`;
    const review = `0x${'d0'.repeat(20)}`;
    expect(await client.kytRulesSet({ blockedAddresses: blocked, reviewAddresses: review })).toMatchObject({
      blockedAddresses: [blocked],
      reviewAddresses: [review],
    });
    const rec = recordingFetch();
    const cleared = await makeClient({ fetch: rec.fetch }).kytRulesSet({
      blockedAddresses: '',
      reviewAmount: '1000',
    });
    expect(cleared).toMatchObject({ blockedAddresses: [], reviewAddresses: [review], reviewAmount: 1000 });
    expect(rec.urls[0]!.endsWith('&blockedAddresses=')).toBe(true);
    expect(await client.kytRulesSet({ reviewAddresses: '' })).toMatchObject({ reviewAddresses: [] });
  });
});

describe('a back-office key the service refuses', () => {
  it('is sent again with the app secret once per call, admitted once, and the log says what to fix', async () => {
    const rec = recordingFetch();
    const lines: string[] = [];
    let admitted = 0;
    const misconfigured = makeClient({
      secret: 'a-back-office-key-this-service-lacks',
      fallbackSecret: TEST_AGENCY.appSecret,
      fetch: rec.fetch,
      log: (line) => lines.push(line),
      admit: async () => {
        admitted++;
      },
    });
    expect((await misconfigured.agencyAssetList({})).map((a) => a.assetId)).toContain(db.agencyAssetId);
    expect((await misconfigured.categoryList({})).length).toBeGreaterThan(0);
    expect(rec.urls).toHaveLength(4);
    expect(admitted).toBe(2);
    // Each resend is a new request: its own nonce and sign.
    const nonces = rec.urls.map((u) => new URL(u).searchParams.get('nonce'));
    expect(new Set(nonces).size).toBe(4);
    expect(lines.filter((l) => l.includes('WALLET_BACKOFFICE_SECRET'))).toHaveLength(1);
    // Without a fallback, the refusal is the error it always was.
    const plain = makeClient({ secret: 'a-back-office-key-this-service-lacks' });
    await expect(plain.agencyAssetList({})).rejects.toBeInstanceOf(WalletAuthError);
    // With a fallback the service refuses too, the second refusal is the answer: no third send.
    const rec2 = recordingFetch();
    const bothWrong = makeClient({
      secret: 'wrong-one-0123456',
      fallbackSecret: 'wrong-two-0123456',
      fetch: rec2.fetch,
    });
    await expect(bothWrong.agencyAssetList({})).rejects.toBeInstanceOf(WalletAuthError);
    expect(rec2.urls).toHaveLength(2);
  });
});

// ------------------------------------------------------------------ client-side refusals

describe('input the client refuses sends nothing', () => {
  it('a missing required field: 1001 wording, field named, no request', async () => {
    const appUserId = await newUser();
    const rec = recordingFetch();
    const counted = makeClient({ fetch: rec.fetch });
    const input = { appUserId, paymentAssetId: db.agencyAssetId, categoryId: 1 };
    const error = await failure(
      counted.agencyApplyUserCard(input as WalletClientInput<'agencyApplyUserCard'>),
      WalletInputError,
    );
    expect(error.code).toBeNull();
    expect(error.field).toBe('embossedName');
    expect(error.message).toBe('embossedName is required.');
    expect(error.staffMessage).toBe('The name on the card is required. Fill it in and try again.');
    expect(rec.urls).toEqual([]);
  });

  it('a bad embossedName: 1002 wording, the rule in the staff sentence, no request', async () => {
    const appUserId = await newUser();
    const rec = recordingFetch();
    const counted = makeClient({ fetch: rec.fetch });
    for (const embossedName of ['ada lovelace', 'ADA  LOVELACE', 'ABCDEFGHIJ KLMNOPQRST']) {
      const error = await failure(
        counted.agencyApplyUserCard({
          appUserId,
          paymentAssetId: db.agencyAssetId,
          categoryId: 1,
          embossedName,
        }),
        WalletInputError,
      );
      expect(error.field).toBe('embossedName');
      expect(error.message).toBe(
        'embossedName must be 1-20 upper-case letters A-Z with single spaces between words.',
      );
      expect(error.staffMessage).toContain('The name on the card is not valid: it must be 1-20 upper-case');
      expect(error.message).not.toContain(embossedName);
    }
    expect(rec.urls).toEqual([]);
  });

  it('a union rule failure digs out the branch rule, as the service does', async () => {
    const rec = recordingFetch();
    const error = await failure(
      makeClient({ fetch: rec.fetch }).agencyApplyUserCard({
        appUserId: 'anyone',
        paymentAssetId: 'abc',
        categoryId: 1,
        embossedName: 'ADA',
      }),
      WalletInputError,
    );
    expect(error.field).toBe('paymentAssetId');
    expect(error.message).toBe('paymentAssetId must be a positive whole number.');
    const page = await failure(
      makeClient({ fetch: rec.fetch }).cardListAllByUser({ pageSize: 500 }),
      WalletInputError,
    );
    expect(page.message).toBe('pageSize must be at most 100.');
    expect(rec.urls).toEqual([]);
  });

  it('input that is not an object', async () => {
    const error = await failure(client.userCardList(null as never), WalletInputError);
    expect(error.field).toBeUndefined();
    expect(error.code).toBeNull();
  });
});

// ------------------------------------------------------------------ codes from the real service

describe('every result code the real service gives becomes its error', () => {
  it('2001: wrong secret', async () => {
    const error = await failure(
      makeClient({ secret: 'not-the-secret' }).agencyAssetList({}),
      WalletAuthError,
    );
    expect(error.code).toBe(2001);
    expect(error.staffMessage).toContain('check the wallet app credentials');
  });

  it('2002: a clock ten minutes slow', async () => {
    const slow = makeClient({ now: () => Date.now() - 10 * 60_000 });
    const error = await failure(slow.agencyAssetList({}), WalletAuthError);
    expect(error.code).toBe(2002);
  });

  it('2003: the same nonce twice', async () => {
    const fixed = makeClient({ nonce: () => 'fixed-nonce-for-2003-test' });
    await expect(fixed.categoryList({})).resolves.toHaveLength(4);
    const error = await failure(fixed.categoryList({}), WalletAuthError);
    expect(error.code).toBe(2003);
  });

  it('2004: an app unknown under the agency', async () => {
    const error = await failure(makeClient({ appId: 'no-such-app' }).agencyAssetList({}), WalletAuthError);
    expect(error.code).toBe(2004);
    expect(error.field).toBeUndefined();
  });

  it('3001: unknown user', async () => {
    neverLogged.add('client-nobody-here');
    const error = await failure(
      client.userCardList({ appUserId: 'client-nobody-here' }),
      WalletNotFoundError,
    );
    expect(error).toMatchObject({ code: 3001, field: 'appUserId' });
    expect(error.serviceMessage).toContain('client-nobody-here');
    expect(error.message).not.toContain('client-nobody-here');
    expect(JSON.stringify(error)).not.toContain('client-nobody-here');
  });

  it('3002: registered twice', async () => {
    const appUserId = await newUser();
    const error = await failure(client.registerAndKyc(kyc(appUserId)), WalletConflictError);
    expect(error).toMatchObject({ code: 3002, field: 'appUserId' });
    expect(error.staffMessage).toBe('A user with this app user ID or e-mail is already registered.');
  });

  it('4001: an empty wallet pays for a card', async () => {
    const appUserId = await newUser();
    const paymentAssetId = await walletAssetId(appUserId);
    const error = await failure(
      client.userApplyCard({ appUserId, paymentAssetId, categoryId: 1, embossedName: 'ADA' }),
      WalletInsufficientFundsError,
    );
    expect(error.code).toBe(4001);
    expect(error.staffMessage).toMatch(/^The paying asset's balance is lower than the card fee\./);
  });

  it('4002: delivery without an address', async () => {
    const appUserId = await newUser();
    const error = await failure(
      client.agencyApplyUserCard({
        appUserId,
        paymentAssetId: db.agencyAssetId,
        categoryId: 3,
        embossedName: 'ADA',
        needDelivery: true,
      }),
      WalletRuleError,
    );
    expect(error).toMatchObject({ code: 4002, field: 'addressId' });
  });

  it('4003: an address that is not the user’s', async () => {
    const appUserId = await newUser();
    const error = await failure(
      client.agencyApplyUserCard({
        appUserId,
        paymentAssetId: db.agencyAssetId,
        categoryId: 3,
        embossedName: 'ADA',
        needDelivery: true,
        addressId: 999_999,
      }),
      WalletNotFoundError,
    );
    expect(error).toMatchObject({ code: 4003, field: 'addressId' });
  });

  it('4004: an unknown card category', async () => {
    const appUserId = await newUser();
    const error = await failure(
      client.agencyApplyUserCard({
        appUserId,
        paymentAssetId: db.agencyAssetId,
        categoryId: 999,
        embossedName: 'ADA',
      }),
      WalletNotFoundError,
    );
    expect(error).toMatchObject({ code: 4004, field: 'categoryId' });
  });

  it("4005: the agency pays from a user's wallet", async () => {
    const appUserId = await newUser();
    const error = await failure(
      client.agencyApplyUserCard({
        appUserId,
        paymentAssetId: await walletAssetId(appUserId),
        categoryId: 1,
        embossedName: 'ADA',
      }),
      WalletNotFoundError,
    );
    expect(error).toMatchObject({ code: 4005, field: 'paymentAssetId' });
  });

  it('4006: a card number that fails the Luhn check', async () => {
    const appUserId = await newUser();
    neverLogged.add('4532010000000012');
    const error = await failure(
      client.agencyApplyUserCard({
        appUserId,
        paymentAssetId: db.agencyAssetId,
        categoryId: 1,
        embossedName: 'ADA',
        cardNumber: '4532010000000012',
      }),
      WalletConflictError,
    );
    expect(error).toMatchObject({ code: 4006, field: 'cardNumber' });
  });

  it('4007: a requestId reused with other parameters', async () => {
    const appUserId = await newUser();
    const input = {
      appUserId,
      paymentAssetId: db.agencyAssetId,
      categoryId: 1,
      embossedName: 'ADA',
      requestId: 'client-reuse-0001',
    };
    remember(await client.agencyApplyUserCard(input));
    const error = await failure(
      client.agencyApplyUserCard({ ...input, embossedName: 'SOMEONE ELSE' }),
      WalletConflictError,
    );
    expect(error).toMatchObject({ code: 4007, field: 'requestId' });
  });
});

// ------------------------------------------------------------------ a misbehaving service

describe('answers a correct service never gives', () => {
  let fake: Server;
  let fakeBase: string;
  let respond: (req: IncomingMessage, res: ServerResponse) => void;
  const seen: { method: string; url: string }[] = [];

  beforeAll(async () => {
    fake = createServer((req, res) => {
      seen.push({ method: req.method ?? '', url: req.url ?? '' });
      respond(req, res);
    });
    await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
    fakeBase = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    fake.closeAllConnections();
    await new Promise<void>((resolve) => fake.close(() => resolve()));
  });

  function answer(status: number, body: string, contentType = 'application/json') {
    respond = (_req, res) => {
      res.writeHead(status, { 'content-type': contentType });
      res.end(body);
    };
  }

  const fakeClient = (overrides: Partial<WalletClientConfig> = {}) =>
    makeClient({ baseUrl: fakeBase, ...overrides });
  const apply = (c: WalletClient) =>
    c.agencyApplyUserCard({
      appUserId: 'client-fake-user',
      paymentAssetId: 1,
      categoryId: 1,
      embossedName: 'ADA',
    });

  it('reproduces the signature test vector of docs/wallet-api.md "Signature" on the wire', async () => {
    answer(200, '{"code":0,"msg":"success","data":[]}');
    const vector = fakeClient({ now: () => 1767225600000, nonce: () => 'abcdefghijklmnop' });
    await expect(vector.agencyAssetList({})).resolves.toEqual([]);
    const last = seen.at(-1)!;
    expect(last.method).toBe('POST');
    const url = new URL(last.url, fakeBase);
    expect(url.pathname).toBe('/wallet/api/agency/assetList');
    expect(url.searchParams.get('sign')).toBe(
      'a3cbe0697c17c998b5bbab71d7d06e1f967cc349a3c503f9c95be1001f9fca6f',
    );
  });

  it('sends GET for 4.6, signed as GET', async () => {
    answer(200, '{"code":0,"msg":"success","data":[]}');
    await fakeClient().userCardList({ appUserId: 'client-fake-user' });
    const last = seen.at(-1)!;
    expect(last.method).toBe('GET');
    const url = new URL(last.url, fakeBase);
    const pairs = [...url.searchParams].filter(([name]) => name !== 'sign');
    expect(url.searchParams.get('sign')).toBe(
      signRequest(TEST_AGENCY.appSecret, 'GET', '/wallet/api/user/cardList', pairs),
    );
  });

  it('code 0 with data off the contract -> WalletProtocolError', async () => {
    answer(200, '{"code":0,"msg":"success","data":{"unexpected":true}}');
    const error = await failure(fakeClient().agencyAssetList({}), WalletProtocolError);
    expect(error.code).toBe(0);
    answer(200, '{"code":0,"msg":"success"}');
    await failure(fakeClient().categoryList({}), WalletProtocolError);
  });

  it('an envelope of the wrong shape -> WalletProtocolError', async () => {
    answer(200, '{"code":"0"}');
    const error = await failure(fakeClient().agencyAssetList({}), WalletProtocolError);
    expect(error.code).toBeNull();
    answer(200, '{"code":1.5,"msg":"x"}');
    await failure(fakeClient().agencyAssetList({}), WalletProtocolError);
    answer(500, '{"code":0,"msg":"success","data":[]}');
    await failure(fakeClient().agencyAssetList({}), WalletProtocolError);
  });

  it('service-side 1001 / 1002 / 1003 -> WalletInputError naming the field', async () => {
    answer(
      200,
      '{"code":1002,"msg":"embossedName must be upper case.","data":{"field":"embossedName","rule":"must be upper case"}}',
    );
    const invalid = await failure(apply(fakeClient()), WalletInputError);
    expect(invalid).toMatchObject({ code: 1002, field: 'embossedName' });
    expect(invalid.staffMessage).toBe(
      'The name on the card is not valid: it must be upper case. Correct it and try again.',
    );

    answer(200, '{"code":1001,"msg":"categoryId is required.","data":{"field":"categoryId"}}');
    expect(await failure(apply(fakeClient()), WalletInputError)).toMatchObject({
      code: 1001,
      field: 'categoryId',
    });

    answer(
      200,
      '{"code":1003,"msg":"Parameter appUserId is given more than once.","data":{"field":"appUserId"}}',
    );
    expect(await failure(apply(fakeClient()), WalletInputError)).toMatchObject({
      code: 1003,
      field: 'appUserId',
    });
  });

  it('5000 with HTTP 500, and an unknown code -> WalletServiceError', async () => {
    answer(500, '{"code":5000,"msg":"An unexpected error occurred. Please try again later."}');
    const error = await failure(apply(fakeClient()), WalletServiceError);
    expect(error.code).toBe(5000);
    answer(200, '{"code":7001,"msg":"A newer rule."}');
    expect((await failure(apply(fakeClient()), WalletServiceError)).code).toBe(7001);
  });

  it('a plain-text 502, a non-JSON 200, a JSON non-envelope -> WalletUnavailableError', async () => {
    answer(502, 'Bad Gateway', 'text/plain');
    const gateway = await failure(apply(fakeClient()), WalletUnavailableError);
    expect(gateway).toMatchObject({ code: null, reason: 'http-status', httpStatus: 502 });
    // A mutation that got no answer may have happened: staff are told to check.
    expect(gateway.staffMessage).toContain('check before trying again');

    answer(200, '<html>hello</html>', 'text/html');
    expect(await failure(fakeClient().agencyAssetList({}), WalletUnavailableError)).toMatchObject({
      reason: 'body',
    });
    answer(200, '{"error":"upstream"}');
    expect(await failure(fakeClient().agencyAssetList({}), WalletUnavailableError)).toMatchObject({
      reason: 'body',
    });
  });

  it('a redirect is not followed: the signed query stays where it was sent', async () => {
    const before = seen.length;
    respond = (_req, res) => {
      res.writeHead(307, { location: `${fakeBase}/elsewhere` });
      res.end();
    };
    await failure(fakeClient().agencyAssetList({}), WalletUnavailableError);
    expect(seen.length).toBe(before + 1);
  });

  it('a service that never answers -> WalletUnavailableError after timeoutMs, no retry', async () => {
    const before = seen.length;
    respond = () => {};
    const started = Date.now();
    const error = await failure(apply(fakeClient({ timeoutMs: 200 })), WalletUnavailableError);
    expect(error.reason).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(seen.length).toBe(before + 1);
  });

  it('a refused connection -> WalletUnavailableError', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const error = await failure(
      makeClient({ baseUrl: `http://127.0.0.1:${port}` }).agencyAssetList({}),
      WalletUnavailableError,
    );
    expect(error).toMatchObject({ code: null, reason: 'network' });
    expect(error.staffMessage).toContain('Try again in a moment');
    expect(error.message).not.toContain('?');
  });
});

// ------------------------------------------------------------------ logs

describe('logging', () => {
  it('writes exactly one line per call', async () => {
    const lines: string[] = [];
    const counted = makeClient({ log: (line) => lines.push(line) });
    await counted.categoryList({});
    await failure(counted.userCardList({ appUserId: 'client-nobody-here' }), WalletNotFoundError);
    await failure(counted.userCardList({ appUserId: '' }), WalletInputError);
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/^\[wallet-client\] POST \/wallet\/api\/card\/categoryList -> 0 in \d+ ms$/);
    expect(lines[1]).toMatch(/^\[wallet-client\] GET \/wallet\/api\/user\/cardList -> 3001 in \d+ ms$/);
    expect(lines[2]).toBe('[wallet-client] GET /wallet/api/user/cardList -> not sent (invalid appUserId)');
  });

  it('never logs a query string, the secret, an appUserId or a card number (whole file)', () => {
    expect(logLines.length).toBeGreaterThan(40);
    for (const line of logLines) {
      expect(line).toMatch(/^\[wallet-client\] (GET|POST) \/wallet\/api\/[A-Za-z/]+ -> /);
      expect(line).not.toContain('?');
      for (const secret of neverLogged) expect(line).not.toContain(secret);
    }
  });
});
