// The rate limit (docs/wallet-api.md "Rate limit") shared by instances, on PostgreSQL: two
// instances (each its own pool, limiter and instance id) saturating one app for four whole seconds
// allow together what the limit allows, within 10%; and a refused request over HTTP is 429 / 6001
// with Retry-After, spending no nonce.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, rawRows, type DatabaseHandle } from '@/lib/db/open';
import { createRateLimiter } from '@/lib/wallet/service/http/rate-limit';
import { createFreshPgDatabase } from '../helpers/pg';
import { callWallet } from '../helpers/wallet-call';
import { createPostgresTestDatabase, TEST_AGENCY, type TestDatabase } from '../helpers/wallet-db';
import { startWalletServer } from '../helpers/wallet-server';

let pgDb: { url: string; drop(): Promise<void> };
let db: TestDatabase;
let second: DatabaseHandle;

beforeAll(async () => {
  pgDb = await createFreshPgDatabase();
  db = await createPostgresTestDatabase(pgDb.url, 10);
  second = await openPostgres(pgDb.url, 10);
});

afterAll(async () => {
  await second?.close();
  await db?.close();
  await pgDb?.drop();
});

const RPS = 100;

describe('two instances share one rate limit', () => {
  it('allow together, saturated for four whole seconds, what one limit allows (within 10%)', async () => {
    const limiters = [
      createRateLimiter({ engine: db, rps: RPS, instance: 'instance-a' }),
      createRateLimiter({ engine: second, rps: RPS, instance: 'instance-b' }),
    ];
    // Start on a second boundary, so that the four seconds are four whole windows' buckets.
    const start = (Math.floor(Date.now() / 1000) + 1) * 1000;
    await new Promise((r) => setTimeout(r, start - Date.now()));
    const end = start + 4000;
    const allowedBy = [0, 0];
    const workers = limiters.flatMap((limiter, i) =>
      Array.from({ length: 4 }, async () => {
        while (Date.now() < end) {
          const decision = await limiter.check('app-shared');
          if (decision.allowed && Date.now() < end) allowedBy[i]!++;
          if (!decision.allowed) await new Promise((r) => setTimeout(r, 2));
        }
      }),
    );
    await Promise.all(workers);
    // Saturated, the window (this second and the last) admits 2 x RPS: 200, 0, 200, 0.
    const expected = 4 * RPS;
    const total = allowedBy[0]! + allowedBy[1]!;
    expect(total).toBeGreaterThanOrEqual(expected * 0.9);
    expect(total).toBeLessThanOrEqual(expected * 1.1);
    // Both instances got a real share: neither was starved.
    expect(Math.min(...allowedBy)).toBeGreaterThan(expected * 0.2);
    const [row] = await rawRows<{ n: number }>(
      db.db,
      sql`select count(distinct instance)::int as n from wallet.rate_counters where app_key = 'app-shared'`,
    );
    expect(row!.n).toBe(2);
  }, 30_000);
});

describe('over HTTP', () => {
  it('refuses with 429, code 6001 and Retry-After, before any other work (no nonce spent)', async () => {
    const server = await startWalletServer({ rateLimitRps: 5 });
    try {
      const nonces = async () =>
        (await rawRows<{ n: number }>(db.db, sql`select count(*)::int as n from wallet.used_nonces`))[0]!.n;
      // A fresh second, so that the ten requests fall in one window.
      await new Promise((r) => setTimeout(r, 1000 - (Date.now() % 1000)));
      for (let i = 0; i < 10; i++) {
        expect((await callWallet(server.baseUrl, 'agencyAssetList', {})).body.code).toBe(0);
      }
      const before = await nonces();
      const url = `${server.baseUrl}/wallet/api/agency/assetList?agencyCode=${TEST_AGENCY.agencyCode}&appId=${TEST_AGENCY.appId}`;
      const refused = await fetch(url, { method: 'POST' });
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toBe('1');
      expect(await refused.json()).toEqual({
        code: 6001,
        msg: 'Too many requests from this app: try again later.',
      });
      expect((await callWallet(server.baseUrl, 'agencyAssetList', {})).status).toBe(429);
      expect(await nonces()).toBe(before);
      // Another app is not held back by this one.
      const other = await callWallet(
        server.baseUrl,
        'agencyAssetList',
        {},
        {
          agencyCode: 'AG002',
          appId: 'app-2',
          secret: 'other-secret-value',
        },
      );
      expect(other.body.code).toBe(0);
    } finally {
      await server.close();
    }
  });
});
