// 4.1 Register and KYC over HTTP against the real route handlers: the 2.2 result, what is
// stored (seen through 4.2 and the user/assetList extension), 3002 clashes, requestId
// idempotency and concurrent registrations.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apps, users } from '@/lib/wallet/service/db/schema';
import {
  assetSchema,
  registeredUserSchema,
  userDetailSchema,
  usersWithCardsPageSchema,
  userWithCardsSchema,
} from '@/lib/wallet/contract/schemas';
import {
  addressParams,
  callWallet,
  failureDataProblem,
  kycParams,
  signedUrl,
  type Envelope,
} from '../helpers/wallet-call';
import { createTestDatabase, OTHER_AGENCY, TEST_AGENCY, type TestDatabase } from '../helpers/wallet-db';
import { startWalletServer, type WalletTestServer } from '../helpers/wallet-server';
import { walletState } from '../helpers/wallet-state';

let db: TestDatabase;
let server: WalletTestServer;
let base: string;

const OTHER = {
  agencyCode: OTHER_AGENCY.agencyCode,
  appId: OTHER_AGENCY.appId,
  secret: OTHER_AGENCY.appSecret,
};
const WALLET_TOKEN = /^wt_[A-Za-z0-9_-]{32}$/;
const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

beforeAll(async () => {
  db = await createTestDatabase();
  server = await startWalletServer();
  base = server.baseUrl;
});

afterAll(async () => {
  await server?.close();
  await db?.close();
});

function expectSuccess<T>(r: { status: number; body: Envelope<T> }): T {
  expect(r.status).toBe(200);
  expect(r.body, r.body.msg).toMatchObject({ code: 0, msg: 'success' });
  expect(Object.keys(r.body).sort()).toEqual(['code', 'data', 'msg']);
  return r.body.data as T;
}

function expectFailure(r: { status: number; body: Envelope }, code: number): void {
  expect(r.status).toBe(200);
  expect(r.body.code, r.body.msg).toBe(code);
  expect(typeof r.body.msg).toBe('string');
  expect(r.body.msg.length).toBeGreaterThan(0);
  expect(failureDataProblem(r.body)).toBeNull();
}

async function appKey(appId: string = TEST_AGENCY.appId): Promise<number> {
  const [row] = await db.db.select({ id: apps.id }).from(apps).where(eq(apps.appId, appId));
  if (!row) throw new Error(`app ${appId} missing`);
  return row.id;
}

async function userEntry(appUserId: string, options = {}) {
  const r = await callWallet(base, 'cardListAllByUser', { appUserId }, options);
  const page = usersWithCardsPageSchema.strict().parse(expectSuccess(r));
  return page;
}

describe('4.1 registerAndKyc: success', () => {
  it('returns exactly the 2.2 registered user', async () => {
    const r = await callWallet(base, 'registerAndKyc', kycParams('reg-basic'));
    const data = registeredUserSchema.strict().parse(expectSuccess(r));
    expect(data).toEqual({
      agencyCode: 'AG001',
      appId: 'app-1',
      appUserId: 'reg-basic',
      email: 'reg-basic@example.com',
      walletAccountType: 'STANDARD',
      walletToken: expect.stringMatching(WALLET_TOKEN),
    });
    expect(Object.keys(data).sort()).toEqual(
      ['agencyCode', 'appId', 'appUserId', 'email', 'walletAccountType', 'walletToken'].sort(),
    );
  });

  it('answers with HTTP 200 and a JSON content type', async () => {
    const response = await fetch(signedUrl(base, 'registerAndKyc', kycParams('reg-headers')), {
      method: 'POST',
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    const body = (await response.json()) as Envelope;
    expect(body.code).toBe(0);
  });

  it('gives every user a different walletToken', async () => {
    const a = registeredUserSchema.parse(
      expectSuccess(await callWallet(base, 'registerAndKyc', kycParams('reg-token-a'))),
    );
    const b = registeredUserSchema.parse(
      expectSuccess(await callWallet(base, 'registerAndKyc', kycParams('reg-token-b'))),
    );
    expect(a.walletToken).toMatch(WALLET_TOKEN);
    expect(b.walletToken).toMatch(WALLET_TOKEN);
    expect(a.walletToken).not.toBe(b.walletToken);
  });

  it('accepts every optional field and stores the KYC data (seen through 4.2)', async () => {
    const before = Date.now();
    const params = kycParams('reg-full', {
      email: 'Full.User@Example.com',
      firstName: 'Mary-Jane',
      lastName: "D'Arcy Smith",
      mobile: '852-91234567',
      region: 'Hong Kong',
      documentType: 'ID_CARD',
      documentNo: 'A123456/7',
      annualIncome: '85000.50',
      cardUUID: '0b7e6a8e-3f2c-4d51-9a0e-5f1c2b3d4e5f',
      detailedAddress: 'Flat 12B, Harbour View Tower',
      documentExpiryDate: '2031-12-31',
      gender: 'FEMALE',
      occupation: 'Engineer',
      position: 'Team Lead',
      supportDocumentType: 'TENANCY_AGREEMENT',
      supportDocumentUrl: 'https://files.example.com/support/tenancy.pdf?v=2',
      requestId: 'reg-full-request-1',
    });
    const data = registeredUserSchema
      .strict()
      .parse(expectSuccess(await callWallet(base, 'registerAndKyc', params)));
    const after = Date.now();
    expect(data).toEqual({
      agencyCode: 'AG001',
      appId: 'app-1',
      appUserId: 'reg-full',
      email: 'Full.User@Example.com',
      walletAccountType: 'STANDARD',
      walletToken: expect.stringMatching(WALLET_TOKEN),
    });

    const page = await userEntry('reg-full');
    expect(page.dataTotal).toBe(1);
    expect(page.haveNext).toBe(false);
    expect(page.list).toHaveLength(1);
    const entry = userWithCardsSchema.strict().parse(page.list[0]);
    expect(entry).toEqual({
      agencyCode: 'AG001',
      appId: 'app-1',
      appUserId: 'reg-full',
      email: 'Full.User@Example.com',
      walletAccountType: 'STANDARD',
      cardList: [],
      documentNo: 'A123456/7',
      documentType: 'ID_CARD',
      firstName: 'Mary-Jane',
      lastName: "D'Arcy Smith",
      mobile: '852-91234567',
      nickname: 'Mary-Jane',
      profilePhoto: '',
      regionCode: '852',
      regionDesc: 'Hong Kong',
      registerTime: expect.stringMatching(ISO_UTC),
    });
    const registered = Date.parse(entry.registerTime);
    expect(registered).toBeGreaterThanOrEqual(before - 1000);
    expect(registered).toBeLessThanOrEqual(after + 1000);

    // The fields no operation returns are stored as given.
    const [row] = await db.db.select().from(users).where(eq(users.appUserId, 'reg-full'));
    expect(row).toBeDefined();
    expect(row).toMatchObject({
      birthday: '1990-04-12',
      gender: 'FEMALE',
      region: 'Hong Kong',
      documentExpiryDate: '2031-12-31',
      photos: ['https://files.example.com/doc-front.png', 'https://files.example.com/doc-back.png'],
      occupation: 'Engineer',
      position: 'Team Lead',
      annualIncome: '85000.50',
      detailedAddress: 'Flat 12B, Harbour View Tower',
      cardUuid: '0b7e6a8e-3f2c-4d51-9a0e-5f1c2b3d4e5f',
      supportDocumentType: 'TENANCY_AGREEMENT',
      supportDocumentUrl: 'https://files.example.com/support/tenancy.pdf?v=2',
    });
    // The wallet token is kept only as a hash.
    expect(row!.walletTokenHash).not.toContain(data.walletToken);
    expect(row!.walletTokenHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('stores the optional fields as null when they are left out', async () => {
    expectSuccess(await callWallet(base, 'registerAndKyc', kycParams('reg-minimal')));
    const [row] = await db.db.select().from(users).where(eq(users.appUserId, 'reg-minimal'));
    expect(row).toMatchObject({
      gender: null,
      documentExpiryDate: null,
      occupation: null,
      position: null,
      annualIncome: null,
      detailedAddress: null,
      cardUuid: null,
      supportDocumentType: null,
      supportDocumentUrl: null,
    });
    const entry = (await userEntry('reg-minimal')).list[0];
    expect(entry).toMatchObject({
      firstName: 'Jane',
      lastName: "O'Connor",
      nickname: 'Jane',
      mobile: '1-4155550100',
      regionCode: '1',
      regionDesc: 'United States',
      documentType: 'PASSPORT',
      documentNo: 'X1234567',
    });
  });

  it('opens exactly one USD WALLET asset with balance 0 for a new user (user/assetList)', async () => {
    expectSuccess(await callWallet(base, 'registerAndKyc', kycParams('reg-asset')));
    const list = expectSuccess(await callWallet(base, 'userAssetList', { appUserId: 'reg-asset' }));
    const assets = assetSchema.strict().array().parse(list);
    expect(assets).toHaveLength(1);
    expect(assets[0]).toEqual({
      agencyCode: 'AG001',
      appId: 'app-1',
      appUserId: 'reg-asset',
      assetId: expect.any(Number),
      assetName: expect.any(String),
      balance: 0,
      currency: 'USD',
      decimalPlaces: 2,
      defaultAsset: 1,
      icon: expect.any(String),
      symbol: '$',
      type: 'WALLET',
    });
    expect(Number.isInteger(assets[0]!.assetId)).toBe(true);
    expect(assets[0]!.assetId).not.toBe(db.agencyAssetId);
    expect(assets[0]!.assetName.length).toBeGreaterThan(0);
  });
});

describe('4.1 registerAndKyc: 3002 and app scoping', () => {
  it('refuses the same appUserId (3002) and changes nothing', async () => {
    expectSuccess(await callWallet(base, 'registerAndKyc', kycParams('reg-dup')));
    const before = await walletState(db.db);
    const r = await callWallet(
      base,
      'registerAndKyc',
      kycParams('reg-dup', { email: 'someone-else@example.com' }),
    );
    expectFailure(r, 3002);
    expect(await walletState(db.db)).toEqual(before);
    const page = await userEntry('reg-dup');
    expect(page.list[0]?.email).toBe('reg-dup@example.com');
  });

  it('refuses the same e-mail in another letter case (3002) and changes nothing', async () => {
    expectSuccess(
      await callWallet(base, 'registerAndKyc', kycParams('reg-mail-1', { email: 'Case.Test@Example.com' })),
    );
    const before = await walletState(db.db);
    const r = await callWallet(
      base,
      'registerAndKyc',
      kycParams('reg-mail-2', { email: 'CASE.TEST@EXAMPLE.COM' }),
    );
    expectFailure(r, 3002);
    const lower = await callWallet(
      base,
      'registerAndKyc',
      kycParams('reg-mail-3', { email: 'case.test@example.com' }),
    );
    expectFailure(lower, 3002);
    expect(await walletState(db.db)).toEqual(before);
    expect((await userEntry('reg-mail-2')).dataTotal).toBe(0);
  });

  it("accepts the same appUserId and e-mail under OTHER_AGENCY's app", async () => {
    expectSuccess(await callWallet(base, 'registerAndKyc', kycParams('reg-shared')));
    const r = await callWallet(base, 'registerAndKyc', kycParams('reg-shared'), OTHER);
    const data = registeredUserSchema.strict().parse(expectSuccess(r));
    expect(data).toEqual({
      agencyCode: 'AG002',
      appId: 'app-2',
      appUserId: 'reg-shared',
      email: 'reg-shared@example.com',
      walletAccountType: 'STANDARD',
      walletToken: expect.stringMatching(WALLET_TOKEN),
    });
    // Each app sees its own user, and only one.
    const mine = await userEntry('reg-shared');
    const theirs = await userEntry('reg-shared', OTHER);
    expect(mine.dataTotal).toBe(1);
    expect(theirs.dataTotal).toBe(1);
    expect(mine.list[0]?.appId).toBe('app-1');
    expect(theirs.list[0]?.appId).toBe('app-2');
    expect(theirs.list[0]?.agencyCode).toBe('AG002');
    // The other app's user has a wallet of its own.
    const a = assetSchema
      .array()
      .parse(expectSuccess(await callWallet(base, 'userAssetList', { appUserId: 'reg-shared' })));
    const b = assetSchema
      .array()
      .parse(expectSuccess(await callWallet(base, 'userAssetList', { appUserId: 'reg-shared' }, OTHER)));
    expect(a).toHaveLength(1);
    expect(b).toHaveLength(1);
    expect(a[0]!.assetId).not.toBe(b[0]!.assetId);
    expect(b[0]).toMatchObject({
      agencyCode: 'AG002',
      appId: 'app-2',
      appUserId: 'reg-shared',
      type: 'WALLET',
      balance: 0,
    });
  });
});

describe('4.1 registerAndKyc: requestId', () => {
  it('replays the first answer byte for byte for the same requestId and parameters, registering once', async () => {
    const params = kycParams('reg-idem', { requestId: 'reg-idem-0001' });
    const first = await callWallet(base, 'registerAndKyc', params);
    expectSuccess(first);
    const state = await walletState(db.db);
    const second = await callWallet(base, 'registerAndKyc', params);
    expect(second.status).toBe(200);
    expect(second.text).toBe(first.text);
    expect(await walletState(db.db)).toEqual(state);
    const rows = await db.db.select().from(users).where(eq(users.appUserId, 'reg-idem'));
    expect(rows).toHaveLength(1);
  });

  it('refuses the same requestId with other parameters (4007) and changes nothing', async () => {
    expectSuccess(
      await callWallet(base, 'registerAndKyc', kycParams('reg-idem2', { requestId: 'reg-idem-0002' })),
    );
    const state = await walletState(db.db);
    const otherUser = await callWallet(
      base,
      'registerAndKyc',
      kycParams('reg-idem3', { requestId: 'reg-idem-0002' }),
    );
    expectFailure(otherUser, 4007);
    const otherField = await callWallet(
      base,
      'registerAndKyc',
      kycParams('reg-idem2', { requestId: 'reg-idem-0002', occupation: 'Pilot' }),
    );
    expectFailure(otherField, 4007);
    expect(await walletState(db.db)).toEqual(state);
    expect((await userEntry('reg-idem3')).dataTotal).toBe(0);
  });

  it('keeps requestIds per app: the same requestId under OTHER_AGENCY runs on its own', async () => {
    const params = kycParams('reg-idem-apps', { requestId: 'reg-idem-0003' });
    const mine = registeredUserSchema.parse(expectSuccess(await callWallet(base, 'registerAndKyc', params)));
    const theirs = registeredUserSchema.parse(
      expectSuccess(await callWallet(base, 'registerAndKyc', params, OTHER)),
    );
    expect(mine.appId).toBe('app-1');
    expect(theirs.appId).toBe('app-2');
    expect(theirs.walletToken).not.toBe(mine.walletToken);
  });

  it('refuses a requestId used by another operation (4007)', async () => {
    expectSuccess(
      await callWallet(base, 'registerAndKyc', kycParams('reg-idem-ops', { requestId: 'reg-idem-0006' })),
    );
    const state = await walletState(db.db);
    const r = await callWallet(
      base,
      'addAddress',
      addressParams('reg-idem-ops', { requestId: 'reg-idem-0006' }),
    );
    expectFailure(r, 4007);
    expect(await walletState(db.db)).toEqual(state);
  });

  it('lets a requestId of a refused call be used again (failures are not recorded)', async () => {
    expectSuccess(await callWallet(base, 'registerAndKyc', kycParams('reg-idem4')));
    const refused = await callWallet(
      base,
      'registerAndKyc',
      kycParams('reg-idem4', { requestId: 'reg-idem-0004' }),
    );
    expectFailure(refused, 3002);
    const retried = await callWallet(
      base,
      'registerAndKyc',
      kycParams('reg-idem5', { requestId: 'reg-idem-0004' }),
    );
    expect(registeredUserSchema.parse(expectSuccess(retried)).appUserId).toBe('reg-idem5');
  });
});

describe('4.1 registerAndKyc: parameter rules', () => {
  it('accepts names of English letters, spaces, hyphens and apostrophes', async () => {
    let i = 0;
    for (const name of ["O'Neil", 'Mary-Jane', 'Anne Marie', 'X', "D'Arcy-Smith Jones"]) {
      const id = `reg-name-ok-${++i}`;
      const r = await callWallet(base, 'registerAndKyc', kycParams(id, { firstName: name, lastName: name }));
      expect(r.body.code, `${name}: ${r.body.msg}`).toBe(0);
    }
  });

  // docs/wallet-api.md "Values": names in 4.1 are English letters, spaces, hyphens and apostrophes.
  // Nothing else.
  it.each([
    'John.',
    'J.',
    'Jos\u00e9',
    'Anna1',
    'Ann_Lee',
    'Ann  Lee',
    ' Ann',
    'Ann ',
    '-Ann',
    'Ann-',
    '\u0410nna',
  ])('refuses the name %s (1002) and changes nothing', async (escaped) => {
    const name = JSON.parse(`"${escaped}"`) as string;
    const before = await walletState(db.db);
    for (const field of ['firstName', 'lastName']) {
      const r = await callWallet(base, 'registerAndKyc', kycParams(`reg-name-bad`, { [field]: name }));
      expect(r.status).toBe(200);
      expect(r.body.code, `${field}=${JSON.stringify(name)}: ${r.body.msg}`).toBe(1002);
      expect(r.body.msg).toContain(field);
    }
    expect(await walletState(db.db)).toEqual(before);
  });

  it('names the missing parameter (1001) and the broken rule (1002)', async () => {
    const noBirthday = { ...kycParams('reg-rules'), birthday: undefined };
    let r = await callWallet(base, 'registerAndKyc', noBirthday);
    expect(r.body.code).toBe(1001);
    expect(r.body.msg).toContain('birthday');
    for (const [field, value] of [
      ['birthday', '1990-02-30'],
      ['birthday', '12/04/1990'],
      ['birthday', '2999-01-01'],
      ['mobile', '4155550100'],
      ['mobile', '+1-4155550100'],
      ['email', 'not-an-email'],
      ['gender', 'OTHER'],
      ['supportDocumentType', 'PASSPORT'],
      ['photos', 'ftp://files.example.com/a.png'],
    ] as const) {
      r = await callWallet(base, 'registerAndKyc', kycParams('reg-rules', { [field]: value }));
      expect(r.body.code, `${field}=${value}: ${r.body.msg}`).toBe(1002);
      expect(r.body.msg).toContain(field);
    }
    expect((await userEntry('reg-rules')).dataTotal).toBe(0);
  });

  it('refuses an expired document (1002, documentExpiryDate) and changes nothing; tomorrow is accepted', async () => {
    const before = await walletState(db.db);
    const today = new Date().toISOString().slice(0, 10);
    for (const expired of ['2020-06-30', today]) {
      const r = await callWallet(
        base,
        'registerAndKyc',
        kycParams('reg-expired', { documentExpiryDate: expired }),
      );
      expect(r.body).toEqual({
        code: 1002,
        msg: 'documentExpiryDate must be a date after today (UTC): the document has expired.',
        data: {
          field: 'documentExpiryDate',
          rule: 'must be a date after today (UTC): the document has expired',
        },
      });
    }
    expect(await walletState(db.db)).toEqual(before);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    expectSuccess(
      await callWallet(base, 'registerAndKyc', kycParams('reg-expired', { documentExpiryDate: tomorrow })),
    );
  });
});

describe('user/detail', () => {
  it("answers the KYC record as registered, the document number whole; 3001 for someone else's user", async () => {
    expectSuccess(
      await callWallet(
        base,
        'registerAndKyc',
        kycParams('reg-detail', {
          gender: 'FEMALE',
          documentExpiryDate: '2031-12-31',
          documentNo: 'P 1234-5678',
        }),
      ),
    );
    const data = userDetailSchema
      .strict()
      .parse(expectSuccess(await callWallet(base, 'userDetail', { appUserId: 'reg-detail' })));
    expect({ ...data, registerTime: 'x' }).toEqual({
      appUserId: 'reg-detail',
      firstName: 'Jane',
      lastName: "O'Connor",
      birthday: '1990-04-12',
      gender: 'FEMALE',
      mobile: '1-4155550100',
      region: 'United States',
      documentType: 'PASSPORT',
      documentNo: 'P 1234-5678',
      documentExpiryDate: '2031-12-31',
      registerTime: 'x',
    });
    expect(data.registerTime).toMatch(ISO_UTC);
    expectSuccess(await callWallet(base, 'registerAndKyc', kycParams('reg-detail-min')));
    expect(
      expectSuccess<{ documentExpiryDate: null; gender: null }>(
        await callWallet(base, 'userDetail', { appUserId: 'reg-detail-min' }),
      ),
    ).toMatchObject({
      documentExpiryDate: null,
      gender: null,
    });
    expectFailure(await callWallet(base, 'userDetail', { appUserId: 'reg-detail' }, OTHER), 3001);
    expectFailure(await callWallet(base, 'userDetail', { appUserId: 'nobody-here' }), 3001);
  });
});

describe('4.1 registerAndKyc: concurrency (PGlite)', () => {
  it('10 concurrent registrations of one appUserId: exactly one 0, nine 3002, one user and one asset', async () => {
    const before = await walletState(db.db);
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        callWallet(base, 'registerAndKyc', kycParams('reg-race', { email: `reg-race-${i}@example.com` })),
      ),
    );
    for (const r of results) expect(r.status).toBe(200);
    const codes = results.map((r) => r.body.code).sort((a, b) => a - b);
    expect(codes).toEqual([0, 3002, 3002, 3002, 3002, 3002, 3002, 3002, 3002, 3002]);
    const after = await walletState(db.db);
    expect(after.counts.users).toBe(before.counts.users + 1);
    expect(after.counts.assets).toBe(before.counts.assets + 1);
    const key = await appKey();
    expect(after.userCounts[key]).toBe(before.userCounts[key]! + 1);
    const rows = await db.db.select().from(users).where(eq(users.appUserId, 'reg-race'));
    expect(rows).toHaveLength(1);
    const winner = results.find((r) => r.body.code === 0);
    expect(rows[0]!.email).toBe(registeredUserSchema.parse(winner!.body.data).email);
  });

  it('10 concurrent registrations with one requestId: 10 identical answers, one user', async () => {
    const params = kycParams('reg-race-idem', { requestId: 'reg-race-idem-01' });
    const results = await Promise.all(
      Array.from({ length: 10 }, () => callWallet(base, 'registerAndKyc', params)),
    );
    registeredUserSchema.strict().parse(expectSuccess(results[0]!));
    for (const r of results) expect(r.text).toBe(results[0]!.text);
    expect(await db.db.select().from(users).where(eq(users.appUserId, 'reg-race-idem'))).toHaveLength(1);
  });

  it('10 concurrent registrations of one e-mail under different appUserIds: exactly one 0', async () => {
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        callWallet(
          base,
          'registerAndKyc',
          kycParams(`reg-mailrace-${i}`, { email: i % 2 ? 'Race@Mail.test' : 'race@mail.test' }),
        ),
      ),
    );
    const codes = results.map((r) => r.body.code).sort((a, b) => a - b);
    expect(codes).toEqual([0, 3002, 3002, 3002, 3002, 3002, 3002, 3002, 3002, 3002]);
  });

  it('keeps the app user counter (4.2 dataTotal) equal to the users registered', async () => {
    const r = await callWallet(base, 'cardListAllByUser', { pageSize: 100 });
    const page = usersWithCardsPageSchema.parse(expectSuccess(r));
    const rows = await db.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.appId, await appKey()));
    expect(rows.length).toBe(27); // every user this file registered under app-1
    expect(page.dataTotal).toBe(rows.length);
    expect(page.list).toHaveLength(rows.length);
    const state = await walletState(db.db);
    expect(state.userCounts[await appKey()]).toBe(rows.length);
  });
});
