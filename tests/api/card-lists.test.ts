// 4.2 cardListAllByUser, 4.6 userCardList and the categoryList extension over HTTP against the
// real route handlers: paging, ordering, filters, app scoping, and every field of the 2.3 user
// entry, the 2.4 card record and the 2.7 user card summary.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '@/lib/wallet/service/db/schema';
import { creditAsset } from '@/lib/wallet/service/asset/credit-asset';
import { CARD_CATALOGUE } from '@/lib/wallet/service/provision';
import {
  assetSchema,
  cardApplicationSchema,
  cardCategorySchema,
  cardRecordSchema,
  userCardSummarySchema,
  usersWithCardsPageSchema,
  userWithCardsSchema,
  type Asset,
  type CardApplication,
  type UsersWithCardsPage,
} from '@/lib/wallet/contract/schemas';
import { callWallet, kycParams, type Envelope, failureDataProblem } from '../helpers/wallet-call';
import { createTestDatabase, OTHER_AGENCY, type TestDatabase } from '../helpers/wallet-db';
import { startWalletServer, type WalletTestServer } from '../helpers/wallet-server';

let db: TestDatabase;
let server: WalletTestServer;
let base: string;

const OTHER = {
  agencyCode: OTHER_AGENCY.agencyCode,
  appId: OTHER_AGENCY.appId,
  secret: OTHER_AGENCY.appSecret,
};
const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const USERS = ['cl-u1', 'cl-u2', 'cl-u3', 'cl-u4', 'cl-u5'] as const;
const NEWEST_FIRST = [...USERS].reverse();

type Result = { status: number; body: Envelope; text: string };

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

async function page(
  params: Record<string, string | number | undefined> = {},
  options = {},
): Promise<UsersWithCardsPage> {
  return usersWithCardsPageSchema
    .strict()
    .parse(expectSuccess(await callWallet(base, 'cardListAllByUser', params, options)));
}

function ids(p: UsersWithCardsPage): string[] {
  return p.list.map((u) => u.appUserId);
}

async function userAssets(appUserId: string): Promise<Asset[]> {
  return assetSchema
    .strict()
    .array()
    .parse(expectSuccess(await callWallet(base, 'userAssetList', { appUserId })));
}

function kyc(i: number) {
  return kycParams(USERS[i - 1]!, {
    email: `List.User${i}@Example.com`,
    firstName: `First${'abcde'[i - 1]}`,
    lastName: `Last${'abcde'[i - 1]}`,
    mobile: `44-20790000${i}0`,
    region: 'United Kingdom',
    documentNo: `DOC${i}000`,
  });
}

describe('4.2 cardListAllByUser: paging, order and filters', () => {
  it('with no users: {dataTotal: 0, haveNext: false, list: []}', async () => {
    const empty = await page();
    expect(empty).toEqual({ dataTotal: 0, haveNext: false, list: [] });
    expect(await page({ pageNum: 3, pageSize: 7 })).toEqual({ dataTotal: 0, haveNext: false, list: [] });
  });

  it('lists five users newest first, each with an empty cardList and the 2.3 entry field by field', async () => {
    const times: number[] = [];
    for (let i = 1; i <= USERS.length; i++) {
      const r = await callWallet(base, 'registerAndKyc', kyc(i));
      expect(r.body.code, r.body.msg).toBe(0);
      times.push(Date.now());
    }
    const all = await page();
    expect(all.dataTotal).toBe(5);
    expect(all.haveNext).toBe(false);
    expect(ids(all)).toEqual(NEWEST_FIRST);
    for (const entry of all.list) {
      const i = Number(entry.appUserId.slice(-1));
      const user = userWithCardsSchema.strict().parse(entry);
      expect(user).toEqual({
        agencyCode: 'AG001',
        appId: 'app-1',
        appUserId: `cl-u${i}`,
        email: `List.User${i}@Example.com`,
        walletAccountType: 'STANDARD',
        cardList: [],
        documentNo: `DOC${i}000`,
        documentType: 'PASSPORT',
        firstName: `First${'abcde'[i - 1]}`,
        lastName: `Last${'abcde'[i - 1]}`,
        mobile: `44-20790000${i}0`,
        nickname: `First${'abcde'[i - 1]}`,
        profilePhoto: '',
        regionCode: '44',
        regionDesc: 'United Kingdom',
        registerTime: expect.stringMatching(ISO_UTC),
      });
      expect(Date.parse(user.registerTime)).toBeLessThanOrEqual(times[i - 1]! + 1000);
    }
    // Newest first: register times never increase down the list.
    const registered = all.list.map((u) => Date.parse(u.registerTime));
    expect([...registered].sort((a, b) => b - a)).toEqual(registered);
  });

  it('pages by 2: pages 1..3 with haveNext true, true, false; dataTotal 5 on each; page 4 empty', async () => {
    const p1 = await page({ pageNum: 1, pageSize: 2 });
    const p2 = await page({ pageNum: 2, pageSize: 2 });
    const p3 = await page({ pageNum: 3, pageSize: 2 });
    const p4 = await page({ pageNum: 4, pageSize: 2 });
    expect([p1, p2, p3, p4].map((p) => [p.dataTotal, p.haveNext, ids(p)])).toEqual([
      [5, true, ['cl-u5', 'cl-u4']],
      [5, true, ['cl-u3', 'cl-u2']],
      [5, false, ['cl-u1']],
      [5, false, []],
    ]);
  });

  it('pages of 1 and of 5, and the defaults (pageNum 1, pageSize 20)', async () => {
    for (let n = 1; n <= 5; n++) {
      const p = await page({ pageNum: n, pageSize: 1 });
      expect(p.dataTotal).toBe(5);
      expect(p.haveNext).toBe(n < 5);
      expect(ids(p)).toEqual([NEWEST_FIRST[n - 1]]);
    }
    const five = await page({ pageSize: 5 });
    expect(five.haveNext).toBe(false);
    expect(ids(five)).toEqual(NEWEST_FIRST);
    expect(ids(await page({ pageNum: 1 }))).toEqual(NEWEST_FIRST);
  });

  it('filters by appUserId: only that user, dataTotal 1', async () => {
    const p = await page({ appUserId: 'cl-u3' });
    expect(p.dataTotal).toBe(1);
    expect(p.haveNext).toBe(false);
    expect(ids(p)).toEqual(['cl-u3']);
    expect(await page({ appUserId: 'cl-u3', pageNum: 2 })).toEqual({
      dataTotal: 1,
      haveNext: false,
      list: [],
    });
  });

  it('filters by e-mail, in any letter case', async () => {
    for (const email of ['List.User2@Example.com', 'list.user2@example.com', 'LIST.USER2@EXAMPLE.COM']) {
      const p = await page({ email });
      expect(p.dataTotal).toBe(1);
      expect(p.haveNext).toBe(false);
      expect(ids(p)).toEqual(['cl-u2']);
      expect(p.list[0]?.email).toBe('List.User2@Example.com');
    }
  });

  it('a filter matching nobody: dataTotal 0 and an empty list', async () => {
    expect(await page({ appUserId: 'nobody' })).toEqual({ dataTotal: 0, haveNext: false, list: [] });
    expect(await page({ email: 'nobody@example.com' })).toEqual({ dataTotal: 0, haveNext: false, list: [] });
    // Both filters must hold together.
    expect(await page({ appUserId: 'cl-u1', email: 'List.User2@Example.com' })).toEqual({
      dataTotal: 0,
      haveNext: false,
      list: [],
    });
    expect(ids(await page({ appUserId: 'cl-u2', email: 'list.user2@example.com' }))).toEqual(['cl-u2']);
  });

  it("never shows OTHER_AGENCY's users, and the other app sees only its own", async () => {
    expect((await callWallet(base, 'registerAndKyc', kycParams('cl-u1'), OTHER)).body.code).toBe(0);
    expect((await callWallet(base, 'registerAndKyc', kycParams('cl-other'), OTHER)).body.code).toBe(0);
    const mine = await page();
    expect(mine.dataTotal).toBe(5);
    expect(ids(mine)).toEqual(NEWEST_FIRST);
    expect(mine.list.every((u) => u.appId === 'app-1' && u.agencyCode === 'AG001')).toBe(true);
    expect(await page({ appUserId: 'cl-other' })).toEqual({ dataTotal: 0, haveNext: false, list: [] });
    expect(ids(await page({ appUserId: 'cl-u1' }))).toEqual(['cl-u1']);
    expect((await page({ appUserId: 'cl-u1' })).list[0]?.email).toBe('List.User1@Example.com');

    const theirs = await page({}, OTHER);
    expect(theirs.dataTotal).toBe(2);
    expect(ids(theirs)).toEqual(['cl-other', 'cl-u1']);
    expect(theirs.list.every((u) => u.appId === 'app-2' && u.agencyCode === 'AG002')).toBe(true);
    expect((await page({ email: 'List.User1@Example.com' }, OTHER)).dataTotal).toBe(0);
  });

  it('refuses pageSize 0 or 101 and pageNum 0 (1002)', async () => {
    for (const params of [
      { pageSize: 0 },
      { pageSize: 101 },
      { pageNum: 0 },
      { pageNum: -1 },
      { pageSize: 'ten' },
    ]) {
      const r = await callWallet(base, 'cardListAllByUser', params);
      expect(r.status).toBe(200);
      expect(r.body.code, JSON.stringify(params)).toBe(1002);
    }
    expect((await page({ pageSize: 100 })).list).toHaveLength(5);
  });
});

describe('cards in 4.2 (2.4), 4.6 (2.7)', () => {
  // cl-u2 gets a virtual card paid by the agency (4.3) and a physical delivered card paid from
  // their own wallet (4.4).
  let virtualCard: CardApplication;
  let physicalCard: CardApplication;
  let userWallet: number;
  let userKey: number;
  let virtualAt: { before: number; after: number };

  beforeAll(async () => {
    const before = Date.now();
    let r = await callWallet(base, 'agencyApplyUserCard', {
      appUserId: 'cl-u2',
      paymentAssetId: db.agencyAssetId,
      categoryId: 2,
      embossedName: 'FIRSTB LASTB',
    });
    virtualCard = cardApplicationSchema.parse(expectSuccess(r));
    virtualAt = { before, after: Date.now() };

    userWallet = (await userAssets('cl-u2')).find((a) => a.type === 'WALLET')!.assetId;
    await creditAsset({ db: db.db, assetId: userWallet, amountMinor: 2500 });
    const address = expectSuccess<{ addressId: number }>(
      await callWallet(base, 'addAddress', {
        appUserId: 'cl-u2',
        country: 'GB',
        city: 'London',
        street: '10 Downing St',
        firstName: 'Firstb',
        lastName: 'Lastb',
        mobile: '44-2079000020',
      }),
    );
    r = await callWallet(base, 'userApplyCard', {
      appUserId: 'cl-u2',
      paymentAssetId: userWallet,
      categoryId: 3,
      embossedName: 'B LASTB',
      needDelivery: true,
      addressId: address.addressId,
    });
    physicalCard = cardApplicationSchema.parse(expectSuccess(r));
    const [row] = await db.db.select({ id: users.id }).from(users).where(eq(users.appUserId, 'cl-u2'));
    userKey = row!.id;
  });

  it('4.2 lists both card records of the user, field by field', async () => {
    const p = await page({ appUserId: 'cl-u2' });
    expect(p.dataTotal).toBe(1);
    const user = userWithCardsSchema.strict().parse(p.list[0]);
    expect(user.cardList).toHaveLength(2);
    const [virtual, physical] = user.cardList.map((c) => cardRecordSchema.strict().parse(c));

    const assets = await userAssets('cl-u2');
    const cardAssetIds = assets.filter((a) => a.type === 'CARD').map((a) => a.assetId);
    expect(cardAssetIds).toHaveLength(2);

    const v = CARD_CATALOGUE[1]!;
    expect(virtual).toEqual({
      activeTime: expect.stringMatching(ISO_UTC),
      agencyCode: 'AG001',
      cardAccountStatus: 'APPROVED',
      cardAssetId: expect.any(Number),
      cardHolder: 'Firstb Lastb',
      cardId: virtualCard.cardId,
      cardNumber: virtualCard.cardNumber,
      cardUUID: virtualCard.cardUUID,
      categoryId: 2,
      channel: 'CRYPTO',
      currency: 'USD',
      currencyIcon: expect.any(String),
      currencySymbol: '$',
      decimalPlaces: 2,
      email: 'List.User2@Example.com',
      embossedName: 'FIRSTB LASTB',
      expireMonth: virtualCard.expiryMonth,
      expireYear: virtualCard.expiryYear,
      feature: v.feature,
      last4: virtualCard.cardNumber.slice(-4),
      level: 2,
      marginAssetId: db.agencyAssetId,
      mobile: '44-2079000020',
      name: 'Virtual Mastercard Platinum',
      network: 'MASTERCARD',
      rejectReason: '',
      status: 'ACTIVE',
      styleConfig: v.styleConfig,
      type: 'VIRTUAL',
      updateTime: expect.stringMatching(ISO_UTC),
      userId: userKey,
    });
    const activeTime = Date.parse(virtual!.activeTime!);
    expect(activeTime).toBeGreaterThanOrEqual(virtualAt.before - 1000);
    expect(activeTime).toBeLessThanOrEqual(virtualAt.after + 1000);

    const ph = CARD_CATALOGUE[2]!;
    expect(physical).toEqual({
      activeTime: null,
      agencyCode: 'AG001',
      cardAccountStatus: 'PENDING',
      cardAssetId: expect.any(Number),
      cardHolder: 'Firstb Lastb',
      cardId: physicalCard.cardId,
      cardNumber: physicalCard.cardNumber,
      cardUUID: physicalCard.cardUUID,
      categoryId: 3,
      channel: 'CRYPTO',
      currency: 'USD',
      currencyIcon: expect.any(String),
      currencySymbol: '$',
      decimalPlaces: 2,
      email: 'List.User2@Example.com',
      embossedName: 'B LASTB',
      expireMonth: physicalCard.expiryMonth,
      expireYear: physicalCard.expiryYear,
      feature: ph.feature,
      last4: physicalCard.cardNumber.slice(-4),
      level: 3,
      marginAssetId: userWallet,
      mobile: '44-2079000020',
      name: 'Physical Visa Gold',
      network: 'VISA',
      rejectReason: '',
      status: 'PENDING',
      styleConfig: ph.styleConfig,
      type: 'PHYSICAL',
      updateTime: expect.stringMatching(ISO_UTC),
      userId: userKey,
    });

    // Each card has its own CARD asset, listed by user/assetList.
    expect([virtual!.cardAssetId, physical!.cardAssetId].sort((a, b) => a - b)).toEqual(
      cardAssetIds.sort((a, b) => a - b),
    );
    expect(virtual!.cardAssetId).not.toBe(physical!.cardAssetId);
    expect(virtual!.currencyIcon).toBe(physical!.currencyIcon);
    expect(virtual!.currencyIcon.length).toBeGreaterThan(0);
    expect(Date.parse(physical!.updateTime)).toBeGreaterThanOrEqual(Date.parse(virtual!.updateTime));
  });

  it('4.2 shows the cards in the unfiltered list too, and none for the other users', async () => {
    const all = await page();
    expect(ids(all)).toEqual(NEWEST_FIRST);
    for (const user of all.list) {
      expect(user.cardList.map((c) => c.cardId)).toEqual(
        user.appUserId === 'cl-u2' ? [virtualCard.cardId, physicalCard.cardId] : [],
      );
    }
  });

  it('4.6 userCardList (GET): the 2.7 summaries field by field', async () => {
    const r = await callWallet(base, 'userCardList', { appUserId: 'cl-u2' });
    const list = userCardSummarySchema.strict().array().parse(expectSuccess(r));
    expect(list).toHaveLength(2);
    const records = (await page({ appUserId: 'cl-u2' })).list[0]!.cardList;
    const [v, p] = records;
    expect(list[0]).toEqual({
      appId: 'app-1',
      appUserId: 'cl-u2',
      cardAssetId: v!.cardAssetId,
      cardHolder: 'Firstb Lastb',
      cardId: virtualCard.cardId,
      cardName: 'Virtual Mastercard Platinum',
      cardNumber: virtualCard.cardNumber,
      cardUUID: virtualCard.cardUUID,
      currency: 'USD',
      currencyIcon: v!.currencyIcon,
      currencySymbol: '$',
      decimalPlaces: 2,
      expireMonth: virtualCard.expiryMonth,
      expireYear: virtualCard.expiryYear,
      last4: virtualCard.last4,
      marginAssetId: db.agencyAssetId,
      network: 'MASTERCARD',
      status: 'ACTIVE',
      type: 'VIRTUAL',
      userEmail: 'List.User2@Example.com',
    });
    expect(list[1]).toEqual({
      appId: 'app-1',
      appUserId: 'cl-u2',
      cardAssetId: p!.cardAssetId,
      cardHolder: 'Firstb Lastb',
      cardId: physicalCard.cardId,
      cardName: 'Physical Visa Gold',
      cardNumber: physicalCard.cardNumber,
      cardUUID: physicalCard.cardUUID,
      currency: 'USD',
      currencyIcon: p!.currencyIcon,
      currencySymbol: '$',
      decimalPlaces: 2,
      expireMonth: physicalCard.expiryMonth,
      expireYear: physicalCard.expiryYear,
      last4: physicalCard.last4,
      marginAssetId: userWallet,
      network: 'VISA',
      status: 'PENDING',
      type: 'PHYSICAL',
      userEmail: 'List.User2@Example.com',
    });
  });

  it('4.6: an empty array for a user without cards', async () => {
    const r = await callWallet(base, 'userCardList', { appUserId: 'cl-u1' });
    expect(expectSuccess(r)).toEqual([]);
  });

  it("4.6: 3001 for an unknown user, and for another app's user", async () => {
    for (const appUserId of ['cl-nobody', 'cl-other']) {
      const r = await callWallet(base, 'userCardList', { appUserId });
      expect(r.status).toBe(200);
      expect(r.body.code, r.body.msg).toBe(3001);
      expect(failureDataProblem(r.body)).toBeNull();
    }
  });

  it('4.6: 1001 without appUserId', async () => {
    const r = await callWallet(base, 'userCardList', {});
    expect(r.body.code).toBe(1001);
    expect(r.body.msg).toContain('appUserId');
  });

  it("the other app sees none of this app's cards", async () => {
    const theirs = await page({ appUserId: 'cl-u1' }, OTHER);
    expect(theirs.list[0]?.cardList).toEqual([]);
    const r = await callWallet(base, 'userCardList', { appUserId: 'cl-u2' }, OTHER);
    expect(r.body.code).toBe(3001);
  });
});

describe('categoryList extension', () => {
  it('returns exactly the four categories with fees 5, 10, 25 and 50', async () => {
    const r = await callWallet(base, 'categoryList', {});
    const list = cardCategorySchema.strict().array().parse(expectSuccess(r));
    expect(list).toEqual(
      CARD_CATALOGUE.map((c, i) => ({
        categoryId: i + 1,
        name: c.name,
        network: c.network,
        type: c.type,
        currency: 'USD',
        currencySymbol: '$',
        decimalPlaces: 2,
        fee: c.feeMinor / 100,
        level: c.level,
        feature: c.feature,
      })),
    );
    expect(list.map((c) => [c.categoryId, c.fee, c.type, c.network, c.name])).toEqual([
      [1, 5, 'VIRTUAL', 'VISA', 'Virtual Visa Classic'],
      [2, 10, 'VIRTUAL', 'MASTERCARD', 'Virtual Mastercard Platinum'],
      [3, 25, 'PHYSICAL', 'VISA', 'Physical Visa Gold'],
      [4, 50, 'PHYSICAL', 'MASTERCARD', 'Physical Mastercard World Elite'],
    ]);
    // fee is a JSON number, not a string.
    expect(r.text).toContain('"fee":5,');
    expect(r.text).toContain('"fee":50,');
  });

  it('is the same catalogue for the other app', async () => {
    const mine = expectSuccess(await callWallet(base, 'categoryList', {}));
    const theirs = expectSuccess(await callWallet(base, 'categoryList', {}, OTHER));
    expect(theirs).toEqual(mine);
  });
});

describe('4.2 ordering ties', () => {
  it('orders users registered at the same instant by id, newest (highest id) first', async () => {
    for (const id of ['cl-tie-a', 'cl-tie-b', 'cl-tie-c']) {
      expect((await callWallet(base, 'registerAndKyc', kycParams(id))).body.code).toBe(0);
    }
    // Same registration instant for all three, older than everyone else: they go last, by id desc.
    const instant = new Date('2020-01-01T00:00:00.000Z');
    for (const id of ['cl-tie-a', 'cl-tie-b', 'cl-tie-c']) {
      await db.db.update(users).set({ registeredAt: instant }).where(eq(users.appUserId, id));
    }
    const all = await page();
    expect(all.dataTotal).toBe(8);
    expect(ids(all)).toEqual([...NEWEST_FIRST, 'cl-tie-c', 'cl-tie-b', 'cl-tie-a']);
    expect(all.list.slice(-3).map((u) => u.registerTime)).toEqual([
      '2020-01-01T00:00:00.000Z',
      '2020-01-01T00:00:00.000Z',
      '2020-01-01T00:00:00.000Z',
    ]);
    // Paging across the tie neither repeats nor skips anyone.
    const seen: string[] = [];
    for (let n = 1; n <= 3; n++) seen.push(...ids(await page({ pageNum: n, pageSize: 3 })));
    expect(seen).toEqual(ids(all));
  });
});
