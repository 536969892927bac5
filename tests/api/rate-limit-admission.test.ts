// Which calls the rate limit counts, and against which app (docs/security.md "Rate limit"), with a
// limiter that counts what it is asked without a clock, so the answers are exact: only a call
// whose signature holds is counted, before its nonce is spent, against the app the parsed
// parameters name, however its name or value is spelled on the wire; a call signed with the app's
// back-office key on the back-office's own bucket, apart from the agency's. The shared limiter itself
// (PostgreSQL, two instances) is tests/pg/rate-limit.test.ts.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RateDecision, RateLimiter } from '@/lib/wallet/service/http/rate-limit';
import { usedNonces } from '@/lib/wallet/service/db/schema';
import { provision } from '@/lib/wallet/service/provision';
import { callWallet, signedUrl } from '../helpers/wallet-call';
import { createTestDatabase, OTHER_AGENCY, TEST_AGENCY, type TestDatabase } from '../helpers/wallet-db';
import { startWalletServer, type WalletTestServer } from '../helpers/wallet-server';

/** Allows `budget` calls per app key in all, and records every key it is asked about. */
function countingLimiter(budget: number) {
  const asked: string[] = [];
  const limiter: RateLimiter = {
    async check(appKey): Promise<RateDecision> {
      asked.push(appKey);
      const used = asked.filter((k) => k === appKey).length;
      return used <= budget ? { allowed: true } : { allowed: false, retryAfterSeconds: 1 };
    },
    async close() {},
  };
  return { limiter, asked, reset: () => asked.splice(0) };
}

const BUDGET = 5;
const counting = countingLimiter(BUDGET);
let db: TestDatabase;
let server: WalletTestServer;

/** The app's back-office key (docs/security.md "Rate limit"), given to TEST_AGENCY's app here. */
const BACKOFFICE_KEY = 'test-backoffice-key-0001';

beforeAll(async () => {
  db = await createTestDatabase();
  await provision(db.db, { ...TEST_AGENCY, backofficeSecret: BACKOFFICE_KEY });
  // One counting limiter for both budgets: the key it is asked about says which bucket.
  server = await startWalletServer({
    rateLimiter: counting.limiter,
    backofficeRateLimiter: counting.limiter,
  });
});

afterAll(async () => {
  await server?.close();
  await db?.close();
});

beforeEach(() => counting.reset());

async function nonceCount(): Promise<number> {
  return (await db.db.select().from(usedNonces)).length;
}

async function post(url: string): Promise<{ status: number; code: number }> {
  const response = await fetch(url, { method: 'POST' });
  return { status: response.status, code: ((await response.json()) as { code: number }).code };
}

describe('only a correctly signed call counts against its app', () => {
  it('a flood of unsigned and wrongly signed calls naming the app leaves its signed calls served', async () => {
    const base = server.baseUrl;
    const { agencyCode, appId } = TEST_AGENCY;
    const flood = [
      // No signature at all, and none of the other authentication parameters either.
      `${base}/wallet/api/agency/assetList?agencyCode=${agencyCode}&appId=${appId}`,
      // Complete but unsigned.
      signedUrl(base, 'agencyAssetList', {}, { sign: null }),
      // Signed with another secret, a mangled signature, another operation's path.
      signedUrl(base, 'agencyAssetList', {}, { secret: 'not-the-secret' }),
      signedUrl(base, 'agencyAssetList', {}, { sign: 'ab'.repeat(32) }),
      signedUrl(base, 'agencyAssetList', {}, { signPath: '/wallet/api/user/cardList' }),
      // The app named under another agency (2004), and a stale but right signature (2002).
      signedUrl(base, 'agencyAssetList', {}, { agencyCode: OTHER_AGENCY.agencyCode }),
      signedUrl(base, 'agencyAssetList', {}, { timestamp: Date.now() - 400_000 }),
    ];
    const expected = [1001, 1001, 2001, 2001, 2001, 2004, 2002];
    for (let round = 0; round < 3 * BUDGET; round++) {
      const answers = await Promise.all(flood.map((url) => post(url)));
      expect(answers.map((a) => a.code)).toEqual(expected);
    }
    expect(counting.asked).toEqual([]);
    for (let i = 0; i < BUDGET; i++) {
      expect((await callWallet(base, 'agencyAssetList', {})).body.code).toBe(0);
    }
    expect(counting.asked).toEqual(Array(BUDGET).fill(appId));
  });

  it('counts a signed call before its nonce is spent: a refused call leaves its nonce unspent', async () => {
    for (let i = 0; i < BUDGET; i++) {
      expect((await callWallet(server.baseUrl, 'agencyAssetList', {})).body.code).toBe(0);
    }
    const before = await nonceCount();
    const nonce = 'refused-nonce-0001';
    const refused = await callWallet(server.baseUrl, 'agencyAssetList', {}, { nonce });
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ code: 6001, msg: 'Too many requests from this app: try again later.' });
    expect(await nonceCount()).toBe(before);
    // Once there is room again, the same nonce is still good.
    counting.reset();
    expect((await callWallet(server.baseUrl, 'agencyAssetList', {}, { nonce })).body.code).toBe(0);
  });

  it('another app is counted apart', async () => {
    for (let i = 0; i <= BUDGET; i++) await callWallet(server.baseUrl, 'agencyAssetList', {});
    const other = await callWallet(
      server.baseUrl,
      'agencyAssetList',
      {},
      { agencyCode: OTHER_AGENCY.agencyCode, appId: OTHER_AGENCY.appId, secret: OTHER_AGENCY.appSecret },
    );
    expect(other.body.code).toBe(0);
  });
});

describe('the counted app is the one the parser read, whatever its spelling on the wire', () => {
  // Each rewrites a correctly signed query string; the signature is over the decoded pairs, so
  // every spelling stays correctly signed.
  const spellings: [string, (query: string) => string][] = [
    ['the name escaped (app%49d)', (q) => q.replace('appId=', 'app%49d=')],
    ['the name wholly escaped', (q) => q.replace('appId=', '%61%70%70%49%64=')],
    ['the value escaped (app%2D1)', (q) => q.replace(`appId=${TEST_AGENCY.appId}`, 'appId=app%2D1')],
    ['the name moved after sign', (q) => `${q.replace(/(^|&)appId=[^&]*/, '')}&appId=${TEST_AGENCY.appId}`],
  ];

  it.each(spellings)('%s: limited exactly like the plain name', async (_label, respell) => {
    const codes: number[] = [];
    for (let i = 0; i < BUDGET + 2; i++) {
      const url = new URL(signedUrl(server.baseUrl, 'agencyAssetList', {}));
      const search = respell(url.search.slice(1));
      expect(search).not.toBe(url.search.slice(1));
      codes.push((await post(`${url.origin}${url.pathname}?${search}`)).code);
    }
    expect(codes).toEqual([...Array<number>(BUDGET).fill(0), 6001, 6001]);
    expect(counting.asked).toEqual(Array(BUDGET + 2).fill(TEST_AGENCY.appId));
  });
});

describe("the back-office key's calls count on a bucket of their own", () => {
  const asBackoffice = { secret: BACKOFFICE_KEY };
  const bucket = `${TEST_AGENCY.appId}/back-office`;

  it('a call signed with the back-office key is counted on the back-office bucket, not the app', async () => {
    expect((await callWallet(server.baseUrl, 'agencyAssetList', {}, asBackoffice)).body.code).toBe(0);
    expect((await callWallet(server.baseUrl, 'agencyAssetList', {})).body.code).toBe(0);
    expect(counting.asked).toEqual([bucket, TEST_AGENCY.appId]);
  });

  it("the agency's budget used up leaves the back-office served, and the other way round", async () => {
    for (let i = 0; i < BUDGET; i++) {
      expect((await callWallet(server.baseUrl, 'agencyAssetList', {})).body.code).toBe(0);
    }
    expect((await callWallet(server.baseUrl, 'agencyAssetList', {})).status).toBe(429);
    for (let i = 0; i < BUDGET; i++) {
      expect((await callWallet(server.baseUrl, 'agencyAssetList', {}, asBackoffice)).body.code).toBe(0);
    }
    const refused = await callWallet(server.baseUrl, 'agencyAssetList', {}, asBackoffice);
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe(6001);
    counting.reset();
    // The back-office's budget used up (above) and counted anew: the agency is served again.
    for (let i = 0; i <= BUDGET; i++) await callWallet(server.baseUrl, 'agencyAssetList', {}, asBackoffice);
    expect((await callWallet(server.baseUrl, 'agencyAssetList', {})).body.code).toBe(0);
  });

  it('no spelling of the app names the back-office bucket: an appId cannot hold its slash', async () => {
    const named = await post(signedUrl(server.baseUrl, 'agencyAssetList', {}, { appId: bucket }));
    expect(named.code).toBe(1002);
    expect(counting.asked).toEqual([]);
  });
});
