// Two instances of the app on one PostgreSQL database: nothing that must be shared lives in
// process memory, so a replay to the other instance is refused, the money rules hold across
// both, and one requestId issues one card whichever instance answers.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, rawRows, type DatabaseHandle } from '@/lib/db/open';
import { testDb } from '../helpers/wallet-db';
import { provision } from '@/lib/wallet/service/provision';
import { createStaffAccount } from '@/lib/backoffice/staff/create-staff-account';
import { startApp, type AppProcess } from '../helpers/app-process';
import { trySignIn } from '../helpers/backoffice-http';
import { createFreshPgDatabase, type FreshPgDatabase } from '../helpers/pg';
import { callWallet, kycParams, signedUrl } from '../helpers/wallet-call';

const MAIN = { agencyCode: 'DEMO', appId: 'demo-app', secret: 'two-instances-secret-0123456789' };
const TIGHT = { agencyCode: 'AG37', appId: 'app-37', appSecret: 'tight-37-secret-0123456789' };
const FEE = 500;

let database: FreshPgDatabase;
let handle: DatabaseHandle;
let a: AppProcess;
let b: AppProcess;
let tightAssetId: number;

beforeAll(async () => {
  database = await createFreshPgDatabase();
  const env = {
    DATABASE_URL: database.url,
    WALLET_APP_SECRET: MAIN.secret,
    AUTH_SECRET: 'two-instances-auth-secret-0123456789abcdef',
    ADMIN_PASSWORD: 'two-instances-admin-1',
  };
  // Started together: migrations and provisioning take the advisory lock in turn.
  [a, b] = await Promise.all([startApp({ env }), startApp({ env })]);
  handle = await openPostgres(database.url, 4);
  tightAssetId = (await provision(testDb(handle), { ...TIGHT, openingBalanceMinor: 37 * FEE })).agencyAssetId;
  const tight = { agencyCode: TIGHT.agencyCode, appId: TIGHT.appId, secret: TIGHT.appSecret };
  expect((await callWallet(a.baseUrl, 'registerAndKyc', kycParams('tight-user'), tight)).body.code).toBe(0);
  expect((await callWallet(b.baseUrl, 'registerAndKyc', kycParams('shared-user'), MAIN)).body.code).toBe(0);
}, 120_000);

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await handle?.close();
  await database?.drop();
});

describe('two instances on one PostgreSQL', () => {
  it('provisioned once although both started at the same time', async () => {
    const [row] = await rawRows<{ agencies: number; assets: number; admins: number }>(
      testDb(handle),
      sql`select (select count(*)::int from wallet.agencies where code = 'DEMO') as agencies,
                 (select count(*)::int from wallet.assets a join wallet.apps p on p.id = a.app_id
                   where p.app_id = 'demo-app' and a.user_id is null) as assets,
                 (select count(*)::int from backoffice.staff) as admins`,
    );
    expect(row).toEqual({ agencies: 1, assets: 1, admins: 1 });
  });

  it('refuses a signed request replayed to the other instance (2003)', async () => {
    const path = signedUrl('', 'agencyAssetList', {}, MAIN);
    const first = await (await fetch(`${a.baseUrl}${path}`, { method: 'POST' })).json();
    const replay = await (await fetch(`${b.baseUrl}${path}`, { method: 'POST' })).json();
    expect(first.code).toBe(0);
    expect(replay).toEqual({ code: 2003, msg: 'The nonce has already been used by this app.' });
  });

  it('100 applications spread over both against an asset that pays for 37 issue exactly 37 cards', async () => {
    const tight = { agencyCode: TIGHT.agencyCode, appId: TIGHT.appId, secret: TIGHT.appSecret };
    const results = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        callWallet(
          i % 2 === 0 ? a.baseUrl : b.baseUrl,
          'agencyApplyUserCard',
          { appUserId: 'tight-user', paymentAssetId: tightAssetId, categoryId: 1, embossedName: 'JANE DOE' },
          tight,
        ),
      ),
    );
    const codes = results.map((r) => r.body.code);
    // Any other answer, whole (seen once in CI: 37 cards and 62 refusals, the hundredth unknown).
    expect(
      results.filter((r) => r.body.code !== 0 && r.body.code !== 4001).map((r) => `${r.status} ${r.text}`),
    ).toEqual([]);
    expect(codes.filter((c) => c === 0)).toHaveLength(37);
    expect(codes.filter((c) => c === 4001)).toHaveLength(63);
    const [row] = await rawRows<{ balance: string; cards: number; debits: number; ledger: string }>(
      testDb(handle),
      sql`select a.balance,
                 (select count(*)::int from wallet.cards where payment_asset_id = a.id) as cards,
                 (select count(*)::int from wallet.ledger_entries where asset_id = a.id and reason = 'CARD_FEE') as debits,
                 (select sum(amount) from wallet.ledger_entries where asset_id = a.id) as ledger
          from wallet.assets a where a.id = ${tightAssetId}`,
    );
    expect(row).toEqual({ balance: '0', cards: 37, debits: 37, ledger: '0' });
  });

  it('the same requestId sent to both instances at once issues one card', async () => {
    const [asset] = await rawRows<{ id: number }>(
      testDb(handle),
      sql`select a.id from wallet.assets a join wallet.apps p on p.id = a.app_id where p.app_id = 'demo-app' and a.user_id is null`,
    );
    const params = {
      appUserId: 'shared-user',
      paymentAssetId: asset!.id,
      categoryId: 2,
      embossedName: 'JANE DOE',
      requestId: 'two-instances-request-1',
    };
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        callWallet(i % 2 === 0 ? a.baseUrl : b.baseUrl, 'agencyApplyUserCard', params, MAIN),
      ),
    );
    expect(results[0]!.body.code).toBe(0);
    expect(new Set(results.map((r) => r.text)).size).toBe(1);
    const [row] = await rawRows<{ cards: number; debits: number }>(
      testDb(handle),
      sql`select (select count(*)::int from wallet.cards c join wallet.users u on u.id = c.user_id where u.app_user_id = 'shared-user') as cards,
                 (select count(*)::int from wallet.ledger_entries l join wallet.cards c on c.id = l.card_id
                   join wallet.users u on u.id = c.user_id where u.app_user_id = 'shared-user') as debits`,
    );
    expect(row).toEqual({ cards: 1, debits: 1 });
  });

  it('counts failed sign-ins across both instances: four failures over two make the next attempt wait on both', async () => {
    const email = 'throttled@two.example.com';
    await createStaffAccount({
      db: testDb(handle),
      email,
      name: 'Throttled',
      role: 'support',
      password: 'the-right-password-1',
    });
    // Three failures from one address are free; the fourth makes the next attempt wait 1 s.
    for (const [i, app] of [a, b, a, b].entries()) {
      const outcome = await trySignIn(app.baseUrl, email, `wrong-password-${i}`);
      expect(outcome).toMatchObject({ ok: false, error: 'invalid-credentials' });
    }
    for (const app of [a, b]) {
      const outcome = await trySignIn(app.baseUrl, email, 'the-right-password-1');
      expect(outcome.ok ? 'signed in' : outcome.error).toBe('wait:1');
    }
    // A wait, not a lock: a second later the right password works on either.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect((await trySignIn(b.baseUrl, email, 'the-right-password-1')).ok).toBe(true);
  });

  it('a session signed in on one instance is accepted by the other, and sign-out on one ends it on both', async () => {
    const email = 'roaming@two.example.com';
    await createStaffAccount({
      db: testDb(handle),
      email,
      name: 'Roaming',
      role: 'support',
      password: 'roaming-password-1',
    });
    const outcome = await trySignIn(a.baseUrl, email, 'roaming-password-1');
    expect(outcome.ok).toBe(true);
    const cookie = outcome.ok ? outcome.cookie : '';
    const page = (app: AppProcess) =>
      fetch(`${app.baseUrl}/`, { headers: { Cookie: cookie }, redirect: 'manual' });
    expect((await page(b)).status).toBe(200);

    // next-auth's sign-out: a CSRF token, then POST /api/auth/signout.
    const csrf = await fetch(`${b.baseUrl}/api/auth/csrf`, { headers: { Cookie: cookie } });
    const csrfCookie = (csrf.headers.getSetCookie?.() ?? []).map((c) => c.split(';')[0]).join('; ');
    const { csrfToken } = (await csrf.json()) as { csrfToken: string };
    const signOut = await fetch(`${b.baseUrl}/api/auth/signout`, {
      method: 'POST',
      redirect: 'manual',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        Cookie: `${cookie}; ${csrfCookie}`,
        Origin: b.baseUrl,
      },
      body: new URLSearchParams({ csrfToken, json: 'true' }),
    });
    expect(signOut.status).toBeLessThan(400);

    // The old cookie, replayed to either instance, no longer opens a page.
    for (const app of [a, b]) {
      const response = await page(app);
      expect(response.status).toBe(307);
      expect(response.headers.get('location')).toMatch(/\/login/);
    }
  });
});
