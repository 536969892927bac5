// Card issuance under real concurrency, on PostgreSQL (where transactions truly overlap, unlike
// PGlite's single connection): no overdraft, exactly one card per requestId, ledger in step.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRows } from '@/lib/db/open';
import { creditAsset } from '@/lib/wallet/service/asset/credit-asset';
import { provision } from '@/lib/wallet/service/provision';
import { createFreshPgDatabase } from '../helpers/pg';
import { callWallet, kycParams } from '../helpers/wallet-call';
import { createPostgresTestDatabase, type TestDatabase } from '../helpers/wallet-db';
import { startWalletServer, type WalletTestServer } from '../helpers/wallet-server';

const FEE_MINOR = 500; // category 1, Virtual Visa Classic: 5.00 USD
const TIGHT = { agencyCode: 'AGTIGHT', appId: 'app-tight', appSecret: 'tight-secret-0123456789' };

let pgDb: { url: string; drop(): Promise<void> };
let db: TestDatabase;
let server: WalletTestServer;
let tightAssetId: number;

beforeAll(async () => {
  pgDb = await createFreshPgDatabase();
  db = await createPostgresTestDatabase(pgDb.url, 60);
  // An agency whose only asset pays for exactly ten cards.
  tightAssetId = (await provision(db.db, { ...TIGHT, openingBalanceMinor: 10 * FEE_MINOR })).agencyAssetId;
  server = await startWalletServer();
  for (const id of ['tight-user', 'wallet-user', 'idem-user']) {
    const app = id === 'tight-user' ? TIGHT : undefined;
    const res = await callWallet(
      server.baseUrl,
      'registerAndKyc',
      kycParams(id),
      app ? { ...app, secret: app.appSecret } : {},
    );
    expect(res.body.code).toBe(0);
  }
});

afterAll(async () => {
  await server?.close();
  await db?.close();
  await pgDb?.drop();
});

async function balanceOf(assetId: number): Promise<number> {
  const [row] = await rawRows<{ balance: string }>(
    db.db,
    sql`select balance from wallet.assets where id = ${assetId}`,
  );
  return Number(row?.balance);
}

async function ledgerOf(assetId: number) {
  return rawRows<{ reason: string; amount: string; card_id: number | null }>(
    db.db,
    sql`select reason, amount, card_id from wallet.ledger_entries where asset_id = ${assetId} order by id`,
  );
}

async function cardsPaidFrom(assetId: number): Promise<number> {
  const [row] = await rawRows<{ n: number }>(
    db.db,
    sql`select count(*)::int as n from wallet.cards where payment_asset_id = ${assetId}`,
  );
  return row?.n ?? -1;
}

describe('on PostgreSQL', () => {
  it('runs on a real PostgreSQL pool', () => {
    expect(db.engine).toBe('postgres');
  });

  it('50 simultaneous agency applications against an asset that pays for 10 issue exactly 10 cards', async () => {
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        callWallet(
          server.baseUrl,
          'agencyApplyUserCard',
          {
            appUserId: 'tight-user',
            paymentAssetId: tightAssetId,
            categoryId: 1,
            embossedName: 'JANE OCONNOR',
          },
          { ...TIGHT, secret: TIGHT.appSecret },
        ),
      ),
    );
    const codes = results.map((r) => r.body.code);
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(codes.filter((c) => c === 0)).toHaveLength(10);
    expect(codes.filter((c) => c === 4001)).toHaveLength(40);
    expect(await balanceOf(tightAssetId)).toBe(0);
    expect(await cardsPaidFrom(tightAssetId)).toBe(10);
    const ledger = await ledgerOf(tightAssetId);
    const debits = ledger.filter((e) => e.reason === 'CARD_FEE');
    expect(debits).toHaveLength(10);
    expect(debits.every((e) => Number(e.amount) === -FEE_MINOR && e.card_id !== null)).toBe(true);
    expect(new Set(debits.map((e) => e.card_id)).size).toBe(10);
    expect(ledger.reduce((sum, e) => sum + Number(e.amount), 0)).toBe(0);
  });

  it("50 simultaneous user applications against the user's wallet that pays for 10 issue exactly 10 cards", async () => {
    const assets = await rawRows<{ id: number }>(
      db.db,
      sql`select a.id from wallet.assets a join wallet.users u on u.id = a.user_id
          where u.app_user_id = 'wallet-user' and a.type = 'WALLET'`,
    );
    const walletId = assets[0]!.id;
    await creditAsset({ db: db.db, assetId: walletId, amountMinor: 10 * FEE_MINOR });
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        callWallet(server.baseUrl, 'userApplyCard', {
          appUserId: 'wallet-user',
          paymentAssetId: walletId,
          categoryId: 1,
          embossedName: 'JANE OCONNOR',
        }),
      ),
    );
    const codes = results.map((r) => r.body.code);
    expect(codes.filter((c) => c === 0)).toHaveLength(10);
    expect(codes.filter((c) => c === 4001)).toHaveLength(40);
    expect(await balanceOf(walletId)).toBe(0);
    expect(await cardsPaidFrom(walletId)).toBe(10);
    const ledger = await ledgerOf(walletId);
    expect(ledger.filter((e) => e.reason === 'CARD_FEE')).toHaveLength(10);
    expect(ledger.reduce((sum, e) => sum + Number(e.amount), 0)).toBe(0);
  });

  it('20 simultaneous calls with one requestId issue one card, one debit and 20 identical results', async () => {
    const before = await balanceOf(db.agencyAssetId);
    const params = {
      appUserId: 'idem-user',
      paymentAssetId: db.agencyAssetId,
      categoryId: 2,
      embossedName: 'JANE OCONNOR',
      requestId: 'concurrent-request-0001',
    };
    const results = await Promise.all(
      Array.from({ length: 20 }, () => callWallet(server.baseUrl, 'agencyApplyUserCard', params)),
    );
    expect(results[0]!.body.code).toBe(0);
    expect(new Set(results.map((r) => r.text)).size).toBe(1);
    expect(await balanceOf(db.agencyAssetId)).toBe(before - 1000);
    expect(await cardsPaidFrom(db.agencyAssetId)).toBe(1);
    expect((await ledgerOf(db.agencyAssetId)).filter((e) => e.reason === 'CARD_FEE')).toHaveLength(1);

    // A later retry still answers the same, and the key refuses other parameters.
    const retry = await callWallet(server.baseUrl, 'agencyApplyUserCard', params);
    expect(retry.text).toBe(results[0]!.text);
    const other = await callWallet(server.baseUrl, 'agencyApplyUserCard', { ...params, categoryId: 1 });
    expect(other.body).toEqual({ code: 4007, msg: 'requestId has already been used with other parameters.' });
  });

  it('10 simultaneous applications supplying one cardNumber bind it once; the rest get 4006 and pay nothing', async () => {
    const before = await balanceOf(db.agencyAssetId);
    const cardsBefore = await cardsPaidFrom(db.agencyAssetId);
    const cardNumber = '4532015112830366'; // Luhn-valid, under category 1's BIN
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        callWallet(server.baseUrl, 'agencyApplyUserCard', {
          appUserId: 'idem-user',
          paymentAssetId: db.agencyAssetId,
          categoryId: 1,
          embossedName: 'JANE OCONNOR',
          cardNumber,
        }),
      ),
    );
    const codes = results.map((r) => r.body.code).sort();
    expect(codes).toEqual([0, 4006, 4006, 4006, 4006, 4006, 4006, 4006, 4006, 4006]);
    for (const r of results.filter((x) => x.body.code === 4006)) {
      expect(r.body).toEqual({ code: 4006, msg: 'cardNumber is already bound to a card.' });
    }
    const bound = await rawRows<{ n: number }>(
      db.db,
      sql`select count(*)::int as n from wallet.cards where first6 = ${cardNumber.slice(0, 6)} and last4 = ${cardNumber.slice(-4)}`,
    );
    expect(bound[0]?.n).toBe(1);
    expect(await cardsPaidFrom(db.agencyAssetId)).toBe(cardsBefore + 1);
    expect(await balanceOf(db.agencyAssetId)).toBe(before - FEE_MINOR);
  });

  it('20 simultaneous registrations of one appUserId create one user', async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        callWallet(
          server.baseUrl,
          'registerAndKyc',
          kycParams('race-user', { email: `race-${i}@example.com` }),
        ),
      ),
    );
    const codes = results.map((r) => r.body.code);
    expect(codes.filter((c) => c === 0)).toHaveLength(1);
    expect(codes.filter((c) => c === 3002)).toHaveLength(19);
    const [row] = await rawRows<{ n: number }>(
      db.db,
      sql`select count(*)::int as n from wallet.users where app_user_id = 'race-user'`,
    );
    expect(row?.n).toBe(1);
    const [count] = await rawRows<{ user_count: number; actual: number }>(
      db.db,
      sql`select a.user_count, (select count(*)::int from wallet.users u where u.app_id = a.id) as actual
          from wallet.apps a where a.app_id = 'app-1'`,
    );
    expect(count?.user_count).toBe(count?.actual);
  });

  it('10 simultaneous first addresses leave exactly one default', async () => {
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        callWallet(server.baseUrl, 'addAddress', {
          appUserId: 'idem-user',
          country: 'US',
          city: 'San Francisco',
          street: `${100 + i} Market Street`,
          firstName: 'Jane',
          lastName: 'Doe',
          mobile: '1-4155550100',
        }),
      ),
    );
    expect(results.map((r) => r.body.code)).toEqual(Array(10).fill(0));
    const [row] = await rawRows<{ defaults: number; total: number }>(
      db.db,
      sql`select count(*) filter (where is_default)::int as defaults, count(*)::int as total
          from wallet.addresses ad join wallet.users u on u.id = ad.user_id where u.app_user_id = 'idem-user'`,
    );
    expect(row).toEqual({ defaults: 1, total: 10 });
  });

  it('a replayed nonce is refused once the first call has used it', async () => {
    const { signedUrl } = await import('../helpers/wallet-call');
    const url = signedUrl(server.baseUrl, 'agencyAssetList', {});
    const results = await Promise.all(
      Array.from({ length: 10 }, () => fetch(url, { method: 'POST' }).then((r) => r.json())),
    );
    const codes = (results as { code: number }[]).map((r) => r.code);
    expect(codes.filter((c) => c === 0)).toHaveLength(1);
    expect(codes.filter((c) => c === 2003)).toHaveLength(9);
  });
});
