// 4.3 agencyApplyUserCard and 4.4 userApplyCard over HTTP against the real route handlers:
// the 2.5 result, the fee taken from the right asset with its ledger entry, every business
// error (each proven to change nothing), requestId idempotency and concurrent applications.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cards, ledgerEntries } from '@/lib/wallet/service/db/schema';
import { revealCardSecrets } from '@/lib/wallet/service/card/card-secrets';
import { creditAsset } from '@/lib/wallet/service/asset/credit-asset';
import { assetSchema, cardApplicationSchema, type Asset } from '@/lib/wallet/contract/schemas';
import { callWallet, kycParams, type Envelope, failureDataProblem } from '../helpers/wallet-call';
import { createTestDatabase, OTHER_AGENCY, type TestDatabase } from '../helpers/wallet-db';
import { startWalletServer, type WalletTestServer } from '../helpers/wallet-server';
import { ledgerMismatches, ledgerSumsToBalances, walletState } from '../helpers/wallet-state';

let db: TestDatabase;
let server: WalletTestServer;
let base: string;

const OTHER = {
  agencyCode: OTHER_AGENCY.agencyCode,
  appId: OTHER_AGENCY.appId,
  secret: OTHER_AGENCY.appSecret,
};
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** The provisioned catalogue (ids 1..4): fee in cents and the BIN its numbers start with. */
const CATEGORY = {
  1: { fee: 500, bin: '453201', type: 'VIRTUAL' },
  2: { fee: 1000, bin: '522233', type: 'VIRTUAL' },
  3: { fee: 2500, bin: '455676', type: 'PHYSICAL' },
  4: { fee: 5000, bin: '545454', type: 'PHYSICAL' },
} as const;

type Op = 'agencyApplyUserCard' | 'userApplyCard';
type Params = Record<string, string | number | boolean | undefined>;
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

// ------------------------------------------------------------------ helpers

/** An independent Luhn check (not the service's). */
function luhn(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  [...digits].reverse().forEach((c, i) => {
    let d = Number(c);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  });
  return sum % 10 === 0;
}

function withCheckDigit(body: string): string {
  for (let d = 0; d <= 9; d++) if (luhn(`${body}${d}`)) return `${body}${d}`;
  throw new Error('unreachable');
}

function expectSuccess<T>(r: Result): T {
  expect(r.status).toBe(200);
  expect(r.body, r.body.msg).toMatchObject({ code: 0, msg: 'success' });
  expect(Object.keys(r.body).sort()).toEqual(['code', 'data', 'msg']);
  return r.body.data as T;
}

function expectFailure(r: Result, code: number): void {
  expect(r.status).toBe(200);
  expect(r.body.code, r.body.msg).toBe(code);
  expect(typeof r.body.msg).toBe('string');
  expect(r.body.msg.length).toBeGreaterThan(0);
  expect(failureDataProblem(r.body)).toBeNull();
}

/** Runs a call that must be refused with `code`, and proves the wallet state did not move. */
async function expectRefused(call: () => Promise<Result>, code: number): Promise<Result> {
  const before = await walletState(db.db);
  const r = await call();
  expectFailure(r, code);
  expect(await walletState(db.db)).toEqual(before);
  return r;
}

let userSeq = 0;
async function newUser(prefix = 'ca'): Promise<string> {
  const appUserId = `${prefix}-${++userSeq}`;
  expectSuccess(
    await callWallet(
      base,
      'registerAndKyc',
      kycParams(appUserId, { firstName: 'Ada', lastName: 'Lovelace' }),
    ),
  );
  return appUserId;
}

async function userAssets(appUserId: string, options = {}): Promise<Asset[]> {
  return assetSchema
    .strict()
    .array()
    .parse(expectSuccess(await callWallet(base, 'userAssetList', { appUserId }, options)));
}

async function walletAssetId(appUserId: string): Promise<number> {
  const wallet = (await userAssets(appUserId)).find((a) => a.type === 'WALLET');
  if (!wallet) throw new Error(`no WALLET asset for ${appUserId}`);
  return wallet.assetId;
}

async function walletBalance(appUserId: string): Promise<number> {
  const wallet = (await userAssets(appUserId)).find((a) => a.type === 'WALLET');
  return wallet!.balance;
}

async function agencyBalance(): Promise<number> {
  const list = assetSchema
    .strict()
    .array()
    .parse(expectSuccess(await callWallet(base, 'agencyAssetList', {})));
  expect(list).toHaveLength(1);
  return list[0]!.balance;
}

async function fund(assetId: number, amountMinor: number): Promise<void> {
  await creditAsset({ db: db.db, assetId, amountMinor });
}

/** A user ready to apply through `op`: for 4.4, their wallet holds `userFundsMinor`. */
async function payer(
  op: Op,
  userFundsMinor = 10_000,
): Promise<{ appUserId: string; paymentAssetId: number }> {
  const appUserId = await newUser(op === 'agencyApplyUserCard' ? 'ag' : 'us');
  if (op === 'agencyApplyUserCard') return { appUserId, paymentAssetId: db.agencyAssetId };
  const paymentAssetId = await walletAssetId(appUserId);
  if (userFundsMinor > 0) await fund(paymentAssetId, userFundsMinor);
  return { appUserId, paymentAssetId };
}

async function addAddress(appUserId: string): Promise<number> {
  const data = expectSuccess<{ addressId: number }>(
    await callWallet(base, 'addAddress', {
      appUserId,
      country: 'US',
      city: 'San Francisco',
      street: '1 Market St',
      firstName: 'Ada',
      lastName: 'Lovelace',
      mobile: '1-4155550100',
    }),
  );
  return data.addressId;
}

function apply(op: Op, params: Params, options = {}): Promise<Result> {
  return callWallet(base, op, { categoryId: 1, embossedName: 'ADA LOVELACE', ...params }, options);
}

function expiryAt(at: Date) {
  return {
    expiryMonth: String(at.getUTCMonth() + 1).padStart(2, '0'),
    expiryYear: String(at.getUTCFullYear() + 3),
  };
}

/**
 * The card's expiry as issued between `before` and now: the month of issue, 3 years on. A call
 * that straddles a month's end may give either month, so both are accepted then.
 */
function expectExpiryIssuedSince(before: Date, card: { expiryMonth: string; expiryYear: string }): void {
  const choices = [expiryAt(before), expiryAt(new Date())];
  expect(choices).toContainEqual({ expiryMonth: card.expiryMonth, expiryYear: card.expiryYear });
}

/** The answer carries the number masked; the sealed one is whole, under the BIN, Luhn-valid. */
async function expectCardNumber(card: { cardId: number; cardNumber: string }, bin: string): Promise<void> {
  expect(card.cardNumber).toMatch(new RegExp(`^${bin}\\*{6}\\d{4}$`));
  const cardNumber = await wholeNumber(card.cardId);
  expect(cardNumber).toMatch(/^\d{16}$/);
  expect(cardNumber.startsWith(bin)).toBe(true);
  expect(cardNumber.slice(-4)).toBe(card.cardNumber.slice(-4));
  expect(luhn(cardNumber)).toBe(true);
}

/** The whole number of a card, opened from its sealed secrets. */
async function wholeNumber(cardId: number): Promise<string> {
  const secrets = await revealCardSecrets(db.db, cardId);
  if (!secrets) throw new Error(`card ${cardId} has no sealed number`);
  return secrets.cardNumber;
}

async function ledgerOfCard(cardId: number) {
  return db.db.select().from(ledgerEntries).where(eq(ledgerEntries.cardId, cardId));
}

// ------------------------------------------------------------------ 4.3 agency balance

describe('4.3 agencyApplyUserCard: the fee comes from the agency', () => {
  it('takes exactly 5.00 from the agency and writes a CARD_FEE ledger entry of -500', async () => {
    // Relative to what the agency holds now: other tests of the file may have issued before.
    const before = await agencyBalance();
    const appUserId = await newUser();
    const userWallet = await walletAssetId(appUserId);
    const r = await apply('agencyApplyUserCard', {
      appUserId,
      paymentAssetId: db.agencyAssetId,
      categoryId: 1,
    });
    const card = cardApplicationSchema.strict().parse(expectSuccess(r));
    expect(Math.round(((await agencyBalance()) - before) * 100)).toBe(-500);
    // The user's own wallet is not touched.
    expect(await walletBalance(appUserId)).toBe(0);

    const entries = await ledgerOfCard(card.cardId);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      assetId: db.agencyAssetId,
      amount: -500,
      balanceAfter: Math.round(before * 100) - 500,
      reason: 'CARD_FEE',
      cardId: card.cardId,
    });
    expect(
      (await db.db.select().from(ledgerEntries).where(eq(ledgerEntries.assetId, userWallet))).length,
    ).toBe(0);
    expect(await ledgerSumsToBalances(db.db)).toBe(true);
  });

  it('takes each category fee exactly (10.00, 25.00, 50.00)', async () => {
    for (const categoryId of [2, 3, 4] as const) {
      const appUserId = await newUser();
      const before = await agencyBalance();
      const needDelivery = CATEGORY[categoryId].type === 'PHYSICAL';
      const addressId = needDelivery ? await addAddress(appUserId) : undefined;
      const r = await apply('agencyApplyUserCard', {
        appUserId,
        paymentAssetId: db.agencyAssetId,
        categoryId,
        needDelivery,
        addressId,
      });
      const card = cardApplicationSchema.strict().parse(expectSuccess(r));
      const after = await agencyBalance();
      expect(Math.round((before - after) * 100)).toBe(CATEGORY[categoryId].fee);
      const entries = await ledgerOfCard(card.cardId);
      expect(entries.map((e) => [e.assetId, e.amount, e.reason])).toEqual([
        [db.agencyAssetId, -CATEGORY[categoryId].fee, 'CARD_FEE'],
      ]);
    }
  });
});

describe('4.4 userApplyCard: the fee comes from the user', () => {
  it("debits the user's WALLET asset, not the agency's", async () => {
    const { appUserId, paymentAssetId } = await payer('userApplyCard', 1000);
    expect(await walletBalance(appUserId)).toBe(10);
    const agencyBefore = await agencyBalance();
    const card = cardApplicationSchema
      .strict()
      .parse(expectSuccess(await apply('userApplyCard', { appUserId, paymentAssetId, categoryId: 1 })));
    expect(await walletBalance(appUserId)).toBe(5);
    expect(await agencyBalance()).toBe(agencyBefore);
    const entries = await ledgerOfCard(card.cardId);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      assetId: paymentAssetId,
      amount: -500,
      balanceAfter: 500,
      reason: 'CARD_FEE',
    });
    expect(await ledgerSumsToBalances(db.db)).toBe(true);
  });
});

// ------------------------------------------------------------------ both operations

describe.each<[Op]>([['agencyApplyUserCard'], ['userApplyCard']])('%s', (op) => {
  it('issues a virtual card: 2.5 field by field, ACTIVE / APPROVED', async () => {
    const { appUserId, paymentAssetId } = await payer(op);
    const issuing = new Date();
    const r = await apply(op, { appUserId, paymentAssetId, categoryId: 1, embossedName: 'ADA K LOVELACE' });
    const card = cardApplicationSchema.strict().parse(expectSuccess(r));
    expect(card).toEqual({
      channel: 'CRYPTO',
      status: 'ACTIVE',
      cardAccountStatus: 'APPROVED',
      cardId: expect.any(Number),
      cardNumber: expect.any(String),
      cardUUID: expect.stringMatching(UUID),
      embossedName: 'ADA K LOVELACE',
      expiryMonth: expect.stringMatching(/^(0[1-9]|1[0-2])$/),
      expiryYear: expect.stringMatching(/^\d{4}$/),
      last4: card.cardNumber.slice(-4),
      msg: expect.any(String),
    });
    expectExpiryIssuedSince(issuing, card);
    expect(Number.isInteger(card.cardId) && card.cardId > 0).toBe(true);
    await expectCardNumber(card, CATEGORY[1].bin);
    expect(card.last4).toMatch(/^\d{4}$/);
    expect(card.msg.length).toBeGreaterThan(0);

    // The card got its own CARD asset, listed with the user's assets.
    const assets = await userAssets(appUserId);
    expect(assets.map((a) => a.type).sort()).toEqual(['CARD', 'WALLET']);
    expect(assets.find((a) => a.type === 'CARD')).toMatchObject({
      appUserId,
      balance: 0,
      currency: 'USD',
      decimalPlaces: 2,
      defaultAsset: 0,
      symbol: '$',
    });
  });

  it('applies for a physical card with delivery: PENDING / PENDING', async () => {
    const { appUserId, paymentAssetId } = await payer(op);
    const addressId = await addAddress(appUserId);
    const issuing = new Date();
    const r = await apply(op, {
      appUserId,
      paymentAssetId,
      categoryId: 3,
      needDelivery: true,
      addressId,
      embossedName: 'ADA',
    });
    const card = cardApplicationSchema.strict().parse(expectSuccess(r));
    expect(card).toEqual({
      channel: 'CRYPTO',
      status: 'PENDING',
      cardAccountStatus: 'PENDING',
      cardId: expect.any(Number),
      cardNumber: expect.any(String),
      cardUUID: expect.stringMatching(UUID),
      embossedName: 'ADA',
      expiryMonth: expect.stringMatching(/^(0[1-9]|1[0-2])$/),
      expiryYear: expect.stringMatching(/^\d{4}$/),
      last4: card.cardNumber.slice(-4),
      msg: expect.any(String),
    });
    expectExpiryIssuedSince(issuing, card);
    await expectCardNumber(card, CATEGORY[3].bin);
    const [row] = await db.db.select().from(cards).where(eq(cards.id, card.cardId));
    expect(row).toMatchObject({ needDelivery: true, addressId, activeTime: null, fee: 2500 });
  });

  it('issues the second virtual category under its own BIN', async () => {
    const { appUserId, paymentAssetId } = await payer(op);
    const card = cardApplicationSchema.parse(
      expectSuccess(await apply(op, { appUserId, paymentAssetId, categoryId: 2 })),
    );
    expect(card.status).toBe('ACTIVE');
    expect(card.cardAccountStatus).toBe('APPROVED');
    await expectCardNumber(card, CATEGORY[2].bin);
  });

  it('3001: unknown user', async () => {
    const paymentAssetId =
      op === 'agencyApplyUserCard' ? db.agencyAssetId : await walletAssetId(await newUser());
    await expectRefused(() => apply(op, { appUserId: 'no-such-user', paymentAssetId }), 3001);
    // A user of another app is unknown here too.
    const id = `ca-foreign-${op}`;
    expectSuccess(await callWallet(base, 'registerAndKyc', kycParams(id), OTHER));
    await expectRefused(() => apply(op, { appUserId: id, paymentAssetId }), 3001);
  });

  it('4002: needDelivery=true without addressId', async () => {
    const { appUserId, paymentAssetId } = await payer(op);
    await addAddress(appUserId);
    await expectRefused(
      () => apply(op, { appUserId, paymentAssetId, categoryId: 3, needDelivery: true }),
      4002,
    );
    await expectRefused(
      () => apply(op, { appUserId, paymentAssetId, categoryId: 1, needDelivery: 'true' }),
      4002,
    );
  });

  it("4003: another user's address, or one that does not exist", async () => {
    const { appUserId, paymentAssetId } = await payer(op);
    const stranger = await newUser();
    const theirs = await addAddress(stranger);
    await expectRefused(
      () => apply(op, { appUserId, paymentAssetId, categoryId: 3, needDelivery: true, addressId: theirs }),
      4003,
    );
    await expectRefused(
      () => apply(op, { appUserId, paymentAssetId, categoryId: 3, needDelivery: true, addressId: 999_999 }),
      4003,
    );
  });

  it('4004: category 999', async () => {
    const { appUserId, paymentAssetId } = await payer(op);
    const r = await expectRefused(() => apply(op, { appUserId, paymentAssetId, categoryId: 999 }), 4004);
    expect(r.body.msg).toContain('999');
  });

  it("4005: another agency's asset (OTHER_AGENCY's CARD_MARGIN)", async () => {
    const { appUserId } = await payer(op);
    await expectRefused(() => apply(op, { appUserId, paymentAssetId: db.otherAgencyAssetId }), 4005);
  });

  it("4005: a card's own CARD asset", async () => {
    const { appUserId, paymentAssetId } = await payer(op);
    expectSuccess(await apply(op, { appUserId, paymentAssetId, categoryId: 1 }));
    const cardAsset = (await userAssets(appUserId)).find((a) => a.type === 'CARD');
    expect(cardAsset).toBeDefined();
    await expectRefused(() => apply(op, { appUserId, paymentAssetId: cardAsset!.assetId }), 4005);
  });

  it('4005: an asset that does not exist', async () => {
    const { appUserId } = await payer(op);
    await expectRefused(() => apply(op, { appUserId, paymentAssetId: 2_000_000_000 }), 4005);
  });

  it('4006: a cardNumber that is not Luhn-valid', async () => {
    const { appUserId, paymentAssetId } = await payer(op);
    const valid = withCheckDigit('453201000000001');
    const broken = valid.slice(0, -1) + String((Number(valid.slice(-1)) + 1) % 10);
    expect(luhn(broken)).toBe(false);
    await expectRefused(() => apply(op, { appUserId, paymentAssetId, cardNumber: broken }), 4006);
    await expectRefused(
      () => apply(op, { appUserId, paymentAssetId, cardNumber: '4532-0100-0000-0011' }),
      4006,
    );
    await expectRefused(() => apply(op, { appUserId, paymentAssetId, cardNumber: '0000' }), 4006);
  });

  it('4006: a cardNumber already bound to a card (found by its fingerprint)', async () => {
    const { appUserId, paymentAssetId } = await payer(op);
    const issued = cardApplicationSchema.parse(expectSuccess(await apply(op, { appUserId, paymentAssetId })));
    const bound = await wholeNumber(issued.cardId);
    await expectRefused(() => apply(op, { appUserId, paymentAssetId, cardNumber: bound }), 4006);
    const other = await payer(op);
    await expectRefused(
      () =>
        apply(op, {
          appUserId: other.appUserId,
          paymentAssetId: other.paymentAssetId,
          cardNumber: bound,
        }),
      4006,
    );
  });

  it("uses a valid, unbound supplied cardNumber as the card's number", async () => {
    const { appUserId, paymentAssetId } = await payer(op);
    const supplied = withCheckDigit(op === 'agencyApplyUserCard' ? '411111111111111' : '555555555555444');
    expect(luhn(supplied)).toBe(true);
    const card = cardApplicationSchema
      .strict()
      .parse(expectSuccess(await apply(op, { appUserId, paymentAssetId, cardNumber: supplied })));
    expect(card.cardNumber).toBe(`${supplied.slice(0, 6)}******${supplied.slice(-4)}`);
    expect(card.last4).toBe(supplied.slice(-4));
    const [row] = await db.db.select().from(cards).where(eq(cards.id, card.cardId));
    expect(row?.plainCardNumber).toBeNull();
    expect(row?.sealedSecrets).not.toContain(supplied);
    const secrets = await revealCardSecrets(db.db, card.cardId);
    expect(secrets?.cardNumber).toBe(supplied);
    expect(secrets?.cvv).toMatch(/^\d{3}$/);
  });

  it('replays the first answer for the same requestId: identical text, one card, one debit', async () => {
    const { appUserId, paymentAssetId } = await payer(op);
    const params = { appUserId, paymentAssetId, requestId: `${op}-replay-0001` };
    const first = await apply(op, params);
    const card = cardApplicationSchema.parse(expectSuccess(first));
    const state = await walletState(db.db);
    const second = await apply(op, params);
    expect(second.status).toBe(200);
    expect(second.text).toBe(first.text);
    expect(await walletState(db.db)).toEqual(state);
    expect(
      await db.db
        .select()
        .from(cards)
        .where(eq(cards.userId, (await cardOwner(card.cardId))!)),
    ).toHaveLength(1);
    expect(
      await db.db.select().from(ledgerEntries).where(eq(ledgerEntries.cardId, card.cardId)),
    ).toHaveLength(1);
  });

  it('4007: the same requestId with other parameters changes nothing', async () => {
    const { appUserId, paymentAssetId } = await payer(op);
    expectSuccess(await apply(op, { appUserId, paymentAssetId, requestId: `${op}-reuse-0001` }));
    await expectRefused(
      () =>
        apply(op, { appUserId, paymentAssetId, requestId: `${op}-reuse-0001`, embossedName: 'SOMEONE ELSE' }),
      4007,
    );
    await expectRefused(
      () => apply(op, { appUserId, paymentAssetId, requestId: `${op}-reuse-0001`, categoryId: 2 }),
      4007,
    );
  });

  it('20 concurrent calls with one requestId: 20 identical texts, 1 card, 1 ledger debit', async () => {
    const { appUserId, paymentAssetId } = await payer(op);
    const before = await walletState(db.db);
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        apply(op, { appUserId, paymentAssetId, requestId: `${op}-burst-00001` }),
      ),
    );
    const card = cardApplicationSchema.parse(expectSuccess(results[0]!));
    for (const r of results) {
      expect(r.status).toBe(200);
      expect(r.text).toBe(results[0]!.text);
    }
    const after = await walletState(db.db);
    expect(after.counts.cards).toBe(before.counts.cards + 1);
    expect(after.counts.ledgerEntries).toBe(before.counts.ledgerEntries + 1);
    expect(after.balances[paymentAssetId]).toBe(before.balances[paymentAssetId]! - 500);
    expect(await ledgerOfCard(card.cardId)).toHaveLength(1);
    expect(await ledgerSumsToBalances(db.db)).toBe(true);
  });
});

async function cardOwner(cardId: number): Promise<number | undefined> {
  const [row] = await db.db.select({ userId: cards.userId }).from(cards).where(eq(cards.id, cardId));
  return row?.userId;
}

// ------------------------------------------------------------------ payer-specific 4005 / 4001

describe('4005: the payment asset must be the payer’s', () => {
  it("4.3 refuses a user's WALLET asset", async () => {
    const appUserId = await newUser();
    const wallet = await walletAssetId(appUserId);
    await fund(wallet, 10_000);
    await expectRefused(() => apply('agencyApplyUserCard', { appUserId, paymentAssetId: wallet }), 4005);
  });

  it('4.4 refuses the agency asset', async () => {
    const appUserId = await newUser();
    await expectRefused(() => apply('userApplyCard', { appUserId, paymentAssetId: db.agencyAssetId }), 4005);
  });

  it("4.4 refuses another user's WALLET asset", async () => {
    const appUserId = await newUser();
    const other = await payer('userApplyCard', 10_000);
    await expectRefused(
      () => apply('userApplyCard', { appUserId, paymentAssetId: other.paymentAssetId }),
      4005,
    );
  });

  it("refuses, under OTHER_AGENCY's app, this app's agency asset", async () => {
    expectSuccess(await callWallet(base, 'registerAndKyc', kycParams('ca-other-app'), OTHER));
    await expectRefused(
      () =>
        apply('agencyApplyUserCard', { appUserId: 'ca-other-app', paymentAssetId: db.agencyAssetId }, OTHER),
      4005,
    );
  });
});

describe('4001: the balance must cover the fee (4.4)', () => {
  it('refuses 4.99 for a 5.00 card, naming both amounts, and changes nothing', async () => {
    const { appUserId, paymentAssetId } = await payer('userApplyCard', 499);
    const r = await expectRefused(
      () => apply('userApplyCard', { appUserId, paymentAssetId, categoryId: 1 }),
      4001,
    );
    expect(r.body.msg).toContain('4.99');
    expect(r.body.msg).toContain('5.00');
    expect(await walletBalance(appUserId)).toBe(4.99);
  });

  it('refuses an empty wallet', async () => {
    const { appUserId, paymentAssetId } = await payer('userApplyCard', 0);
    const r = await expectRefused(
      () => apply('userApplyCard', { appUserId, paymentAssetId, categoryId: 4 }),
      4001,
    );
    expect(r.body.msg).toContain('0.00');
    expect(r.body.msg).toContain('50.00');
  });

  it('accepts exactly enough, leaving 0', async () => {
    const { appUserId, paymentAssetId } = await payer('userApplyCard', 500);
    expectSuccess(await apply('userApplyCard', { appUserId, paymentAssetId, categoryId: 1 }));
    expect(await walletBalance(appUserId)).toBe(0);
    await expectRefused(() => apply('userApplyCard', { appUserId, paymentAssetId, categoryId: 1 }), 4001);
    expect(await ledgerSumsToBalances(db.db)).toBe(true);
  });

  it('30 concurrent applications against funds for exactly 7 cards: 7 successes, 23 × 4001, balance 0', async () => {
    const { appUserId, paymentAssetId } = await payer('userApplyCard', 7 * 500);
    const before = await walletState(db.db);
    const results = await Promise.all(
      Array.from({ length: 30 }, () => apply('userApplyCard', { appUserId, paymentAssetId, categoryId: 1 })),
    );
    for (const r of results) expect(r.status).toBe(200);
    const codes = results.map((r) => r.body.code);
    expect(codes.filter((c) => c === 0)).toHaveLength(7);
    expect(codes.filter((c) => c === 4001)).toHaveLength(23);
    const issued = results
      .filter((r) => r.body.code === 0)
      .map((r) => cardApplicationSchema.parse(r.body.data));
    expect(new Set(await Promise.all(issued.map((c) => wholeNumber(c.cardId)))).size).toBe(7);
    expect(await walletBalance(appUserId)).toBe(0);
    const after = await walletState(db.db);
    expect(after.balances[paymentAssetId]).toBe(0);
    expect(after.counts.cards).toBe(before.counts.cards + 7);
    expect(after.counts.ledgerEntries).toBe(before.counts.ledgerEntries + 7);
    expect(await ledgerMismatches(db.db)).toEqual([]);
  });
});

describe('parameter rules (1001 / 1002) change nothing', () => {
  it('refuses a lower-case, a too long and a double-spaced embossedName', async () => {
    const { appUserId, paymentAssetId } = await payer('agencyApplyUserCard');
    for (const embossedName of ['ada lovelace', 'ABCDEFGHIJ KLMNOPQRST', 'ADA  LOVELACE', ' ADA', 'ADA1']) {
      await expectRefused(
        () => apply('agencyApplyUserCard', { appUserId, paymentAssetId, embossedName }),
        1002,
      );
    }
    // 20 characters is the limit, and fits.
    const card = cardApplicationSchema.parse(
      expectSuccess(
        await apply('agencyApplyUserCard', {
          appUserId,
          paymentAssetId,
          embossedName: 'ABCDEFGHIJ KLMNOPQRS',
        }),
      ),
    );
    expect(card.embossedName).toBe('ABCDEFGHIJ KLMNOPQRS');
  });

  it('refuses a missing paymentAssetId (1001) and a non-numeric categoryId (1002)', async () => {
    const { appUserId, paymentAssetId } = await payer('agencyApplyUserCard');
    await expectRefused(() => apply('agencyApplyUserCard', { appUserId }), 1001);
    await expectRefused(
      () => apply('agencyApplyUserCard', { appUserId, paymentAssetId, categoryId: 'one' }),
      1002,
    );
  });

  it('keeps every ledger summing to its balance after the whole file', async () => {
    expect(await ledgerMismatches(db.db)).toEqual([]);
  });
});
