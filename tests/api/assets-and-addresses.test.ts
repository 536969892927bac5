// 4.5 agencyAssetList, 4.7 addAddress and the address/list extension over HTTP against the real
// route handlers: shapes field by field, app scoping, default-address rules, 3001, requestId
// idempotency and concurrent first additions.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idempotencyKeys } from '@/lib/wallet/service/db/schema';
import { creditAsset } from '@/lib/wallet/service/asset/credit-asset';
import {
  addressCreatedSchema,
  addressSchema,
  assetSchema,
  type Address,
  type AddressCreated,
} from '@/lib/wallet/contract/schemas';
import { callWallet, kycParams, type Envelope, failureDataProblem } from '../helpers/wallet-call';
import { createTestDatabase, OTHER_AGENCY, type TestDatabase } from '../helpers/wallet-db';
import { startWalletServer, type WalletTestServer } from '../helpers/wallet-server';
import { ledgerSumsToBalances, walletState } from '../helpers/wallet-state';

let db: TestDatabase;
let server: WalletTestServer;
let base: string;

const OTHER = {
  agencyCode: OTHER_AGENCY.agencyCode,
  appId: OTHER_AGENCY.appId,
  secret: OTHER_AGENCY.appSecret,
};
const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

type Result = { status: number; body: Envelope; text: string };
type Params = Record<string, string | number | boolean | undefined>;

beforeAll(async () => {
  db = await createTestDatabase();
  server = await startWalletServer();
  base = server.baseUrl;
});

afterAll(async () => {
  await server?.close();
  await db?.close();
});

function expectSuccess<T>(r: Result): T {
  expect(r.status).toBe(200);
  expect(r.body, r.body.msg).toMatchObject({ code: 0, msg: 'success' });
  expect(Object.keys(r.body).sort()).toEqual(['code', 'data', 'msg']);
  return r.body.data as T;
}

async function expectRefused(call: () => Promise<Result>, code: number): Promise<Result> {
  const before = await walletState(db.db);
  const r = await call();
  expect(r.status).toBe(200);
  expect(r.body.code, r.body.msg).toBe(code);
  expect(typeof r.body.msg).toBe('string');
  expect(failureDataProblem(r.body)).toBeNull();
  expect(await walletState(db.db)).toEqual(before);
  return r;
}

let seq = 0;
async function newUser(): Promise<string> {
  const appUserId = `aa-${++seq}`;
  const r = await callWallet(base, 'registerAndKyc', kycParams(appUserId));
  expect(r.body.code, r.body.msg).toBe(0);
  return appUserId;
}

const HOME: Params = {
  country: 'US',
  province: 'California',
  city: 'San Francisco',
  street: '1 Market St',
  detailedAddress: 'Suite 400, 4th floor',
  postalCode: '94105',
  firstName: 'Jane',
  lastName: "O'Connor",
  mobile: '1-4155550100',
};

const OFFICE: Params = {
  country: 'HK',
  city: 'Hong Kong',
  street: '8 Finance St',
  firstName: 'Mary-Jane',
  lastName: 'Smith',
  mobile: '852-91234567',
};

async function add(appUserId: string, fields: Params, options = {}): Promise<AddressCreated> {
  return addressCreatedSchema
    .strict()
    .parse(expectSuccess(await callWallet(base, 'addAddress', { appUserId, ...fields }, options)));
}

async function list(appUserId: string, options = {}): Promise<Address[]> {
  return addressSchema
    .strict()
    .array()
    .parse(expectSuccess(await callWallet(base, 'addressList', { appUserId }, options)));
}

describe('4.5 agencyAssetList', () => {
  it('lists the agency CARD_MARGIN asset field by field', async () => {
    const r = await callWallet(base, 'agencyAssetList', {});
    const assets = assetSchema.strict().array().parse(expectSuccess(r));
    expect(assets).toEqual([
      {
        agencyCode: 'AG001',
        appId: 'app-1',
        appUserId: '',
        assetId: db.agencyAssetId,
        assetName: expect.any(String),
        balance: 100000,
        currency: 'USD',
        decimalPlaces: 2,
        defaultAsset: 1,
        icon: expect.any(String),
        symbol: '$',
        type: 'CARD_MARGIN',
      },
    ]);
    expect(assets[0]!.assetName.length).toBeGreaterThan(0);
    expect(assets[0]!.icon.length).toBeGreaterThan(0);
    // balance is a JSON number in major units.
    expect(r.text).toContain('"balance":100000,');
  });

  it('OTHER_AGENCY sees only its own asset', async () => {
    const assets = assetSchema
      .strict()
      .array()
      .parse(expectSuccess(await callWallet(base, 'agencyAssetList', {}, OTHER)));
    expect(assets).toEqual([
      {
        agencyCode: 'AG002',
        appId: 'app-2',
        appUserId: '',
        assetId: db.otherAgencyAssetId,
        assetName: expect.any(String),
        balance: 100000,
        currency: 'USD',
        decimalPlaces: 2,
        defaultAsset: 1,
        icon: expect.any(String),
        symbol: '$',
        type: 'CARD_MARGIN',
      },
    ]);
    expect(db.otherAgencyAssetId).not.toBe(db.agencyAssetId);
  });

  it("does not list users' assets", async () => {
    await newUser();
    const assets = assetSchema.array().parse(expectSuccess(await callWallet(base, 'agencyAssetList', {})));
    expect(assets.map((a) => a.assetId)).toEqual([db.agencyAssetId]);
  });

  it('reports cents exactly as a major-unit number (100000.01, then 100000.1)', async () => {
    await creditAsset({ db: db.db, assetId: db.otherAgencyAssetId, amountMinor: 1 });
    let r = await callWallet(base, 'agencyAssetList', {}, OTHER);
    expect(assetSchema.array().parse(expectSuccess(r))[0]!.balance).toBe(100000.01);
    expect(r.text).toContain('"balance":100000.01,');
    await creditAsset({ db: db.db, assetId: db.otherAgencyAssetId, amountMinor: 9 });
    r = await callWallet(base, 'agencyAssetList', {}, OTHER);
    expect(assetSchema.array().parse(expectSuccess(r))[0]!.balance).toBe(100000.1);
    expect(await ledgerSumsToBalances(db.db)).toBe(true);
    // This app's balance did not move.
    const mine = assetSchema.array().parse(expectSuccess(await callWallet(base, 'agencyAssetList', {})));
    expect(mine[0]!.balance).toBe(100000);
  });
});

describe('4.7 addAddress and the address/list extension', () => {
  it('returns exactly {addressId, agencyCode, appId, appUserId}', async () => {
    const appUserId = await newUser();
    const r = await callWallet(base, 'addAddress', { appUserId, ...HOME });
    const created = addressCreatedSchema.strict().parse(expectSuccess(r));
    expect(created).toEqual({
      addressId: expect.any(Number),
      agencyCode: 'AG001',
      appId: 'app-1',
      appUserId,
    });
    expect(Number.isInteger(created.addressId) && created.addressId > 0).toBe(true);
  });

  it('makes the first address the default even with isDefault=false, and stores every field', async () => {
    const appUserId = await newUser();
    const before = Date.now();
    const created = await add(appUserId, { ...HOME, isDefault: false });
    const after = Date.now();
    const stored = await list(appUserId);
    expect(stored).toEqual([
      {
        addressId: created.addressId,
        agencyCode: 'AG001',
        appId: 'app-1',
        appUserId,
        country: 'US',
        province: 'California',
        city: 'San Francisco',
        street: '1 Market St',
        detailedAddress: 'Suite 400, 4th floor',
        postalCode: '94105',
        firstName: 'Jane',
        lastName: "O'Connor",
        mobile: '1-4155550100',
        isDefault: true,
        createTime: expect.stringMatching(ISO_UTC),
      },
    ]);
    const createTime = Date.parse(stored[0]!.createTime);
    expect(createTime).toBeGreaterThanOrEqual(before - 1000);
    expect(createTime).toBeLessThanOrEqual(after + 1000);
  });

  it('a second address with isDefault=true becomes the only default; a third without it does not; default first', async () => {
    const appUserId = await newUser();
    const first = await add(appUserId, HOME);
    const second = await add(appUserId, { ...OFFICE, isDefault: true });
    let stored = await list(appUserId);
    expect(stored.map((a) => [a.addressId, a.isDefault])).toEqual([
      [second.addressId, true],
      [first.addressId, false],
    ]);
    // The optional fields left out are stored as null.
    expect(stored[0]).toEqual({
      addressId: second.addressId,
      agencyCode: 'AG001',
      appId: 'app-1',
      appUserId,
      country: 'HK',
      province: null,
      city: 'Hong Kong',
      street: '8 Finance St',
      detailedAddress: null,
      postalCode: null,
      firstName: 'Mary-Jane',
      lastName: 'Smith',
      mobile: '852-91234567',
      isDefault: true,
      createTime: expect.stringMatching(ISO_UTC),
    });

    const third = await add(appUserId, { ...HOME, street: '2 Market St' });
    stored = await list(appUserId);
    // Default first, then newest first.
    expect(stored.map((a) => [a.addressId, a.isDefault])).toEqual([
      [second.addressId, true],
      [third.addressId, false],
      [first.addressId, false],
    ]);
    expect(stored.filter((a) => a.isDefault)).toHaveLength(1);

    // Back to the first one's details, as a new default.
    const fourth = await add(appUserId, { ...HOME, isDefault: 'true' });
    stored = await list(appUserId);
    expect(stored.map((a) => [a.addressId, a.isDefault])).toEqual([
      [fourth.addressId, true],
      [third.addressId, false],
      [second.addressId, false],
      [first.addressId, false],
    ]);
  });

  it("keeps users' addresses apart", async () => {
    const a = await newUser();
    const b = await newUser();
    const ofA = await add(a, HOME);
    const ofB = await add(b, OFFICE);
    expect((await list(a)).map((x) => x.addressId)).toEqual([ofA.addressId]);
    expect((await list(b)).map((x) => x.addressId)).toEqual([ofB.addressId]);
    expect((await list(b))[0]!.isDefault).toBe(true);
    expect(await list(await newUser())).toEqual([]);
  });

  it('3001 for an unknown user, changing nothing (and address/list too)', async () => {
    await expectRefused(() => callWallet(base, 'addAddress', { appUserId: 'aa-nobody', ...HOME }), 3001);
    await expectRefused(() => callWallet(base, 'addressList', { appUserId: 'aa-nobody' }), 3001);
  });

  it("3001 for a user of another app (the app's users are its own)", async () => {
    expect((await callWallet(base, 'registerAndKyc', kycParams('aa-other-only'), OTHER)).body.code).toBe(0);
    await expectRefused(() => callWallet(base, 'addAddress', { appUserId: 'aa-other-only', ...HOME }), 3001);
    const created = await add('aa-other-only', HOME, OTHER);
    expect(created).toMatchObject({ agencyCode: 'AG002', appId: 'app-2', appUserId: 'aa-other-only' });
  });

  it('refuses a missing city (1001) and bad country codes (1002), changing nothing', async () => {
    const appUserId = await newUser();
    const noCity = { ...HOME, city: undefined };
    const missing = await expectRefused(() => callWallet(base, 'addAddress', { appUserId, ...noCity }), 1001);
    expect(missing.body.msg).toContain('city');
    for (const country of ['us', 'XX', 'USA', 'U1']) {
      const r = await expectRefused(
        () => callWallet(base, 'addAddress', { appUserId, ...HOME, country }),
        1002,
      );
      expect(r.body.msg).toContain('country');
    }
    expect(await list(appUserId)).toEqual([]);
  });

  it('replays the same requestId: the same addressId, one stored address', async () => {
    const appUserId = await newUser();
    const params = { appUserId, ...HOME, requestId: 'addr-replay-0001' };
    const first = await callWallet(base, 'addAddress', params);
    const created = addressCreatedSchema.strict().parse(expectSuccess(first));
    const state = await walletState(db.db);
    const second = await callWallet(base, 'addAddress', params);
    expect(second.text).toBe(first.text);
    expect(addressCreatedSchema.parse(expectSuccess(second)).addressId).toBe(created.addressId);
    expect(await walletState(db.db)).toEqual(state);
    expect((await list(appUserId)).map((a) => a.addressId)).toEqual([created.addressId]);
  });

  it('counts a parameter left at its default as the same request: isDefault=false replays an omitted isDefault', async () => {
    const appUserId = await newUser();
    const first = await callWallet(base, 'addAddress', {
      appUserId,
      ...HOME,
      requestId: 'addr-default-0001',
    });
    expectSuccess(first);
    const state = await walletState(db.db);
    const second = await callWallet(base, 'addAddress', {
      appUserId,
      ...HOME,
      isDefault: false,
      requestId: 'addr-default-0001',
    });
    expect(second.text).toBe(first.text);
    expect(await walletState(db.db)).toEqual(state);
  });

  it('4007 when the requestId is reused with other parameters, changing nothing', async () => {
    const appUserId = await newUser();
    expectSuccess(await callWallet(base, 'addAddress', { appUserId, ...HOME, requestId: 'addr-reuse-0001' }));
    await expectRefused(
      () =>
        callWallet(base, 'addAddress', { appUserId, ...HOME, city: 'Oakland', requestId: 'addr-reuse-0001' }),
      4007,
    );
    await expectRefused(
      () =>
        callWallet(base, 'addAddress', { appUserId, ...HOME, isDefault: true, requestId: 'addr-reuse-0001' }),
      4007,
    );
    expect(await list(appUserId)).toHaveLength(1);
  });

  it('forgets a requestId after 24 hours: the same key then runs again', async () => {
    const appUserId = await newUser();
    const params = { appUserId, ...HOME, requestId: 'addr-expiry-0001' };
    const first = addressCreatedSchema.parse(expectSuccess(await callWallet(base, 'addAddress', params)));
    // Within 24 h: a replay. Then age the record past the window.
    expect(
      addressCreatedSchema.parse(expectSuccess(await callWallet(base, 'addAddress', params))).addressId,
    ).toBe(first.addressId);
    await db.db
      .update(idempotencyKeys)
      .set({ createdAt: new Date(Date.now() - 25 * 3600_000) })
      .where(eq(idempotencyKeys.requestId, 'addr-expiry-0001'));
    const again = addressCreatedSchema.parse(
      expectSuccess(await callWallet(base, 'addAddress', { ...params, city: 'Oakland' })),
    );
    expect(again.addressId).not.toBe(first.addressId);
    expect((await list(appUserId)).map((a) => a.city).sort()).toEqual(['Oakland', 'San Francisco']);
    // And the new record is live again: other parameters are 4007 once more.
    await expectRefused(() => callWallet(base, 'addAddress', { ...params, city: 'Berkeley' }), 4007);
  });

  it('10 concurrent first additions for a fresh user: 10 stored, exactly one default', async () => {
    const appUserId = await newUser();
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        callWallet(base, 'addAddress', { appUserId, ...HOME, street: `${i + 1} Market St` }),
      ),
    );
    for (const r of results) expectSuccess(r);
    const stored = await list(appUserId);
    expect(stored).toHaveLength(10);
    expect(stored.filter((a) => a.isDefault)).toHaveLength(1);
    expect(stored[0]!.isDefault).toBe(true);
    expect(new Set(stored.map((a) => a.addressId)).size).toBe(10);
  });

  it('10 concurrent additions all asking isDefault=true: still exactly one default', async () => {
    const appUserId = await newUser();
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        callWallet(base, 'addAddress', {
          appUserId,
          ...OFFICE,
          street: `${i + 1} Finance St`,
          isDefault: true,
        }),
      ),
    );
    for (const r of results) expectSuccess(r);
    const stored = await list(appUserId);
    expect(stored).toHaveLength(10);
    expect(stored.filter((a) => a.isDefault)).toHaveLength(1);
  });
});
