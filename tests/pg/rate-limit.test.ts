// The rate limit shared by instances (docs/security.md "Rate limit"), on PostgreSQL: two
// instances (each its own pool, limiter and instance id) saturating one app for four whole
// seconds allow together what the limit allows, within 10%; a burst arriving at once over both,
// at one fixed instant, is served whole up to the burst allowance and over it by one grant at
// most; and a refused request over HTTP is 429 / 6001 with Retry-After, spending no nonce. Which calls count, and as which app: tests/api/rate-limit-admission.test.ts.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, rawRows, type DatabaseHandle } from '@/lib/db/open';
import { createRateLimiter } from '@/lib/wallet/service/http/rate-limit';
import { RATE_RESERVE } from '@/lib/wallet/service/db/statements';
import { createFreshPgDatabase } from '../helpers/pg';
import { callWallet, signedUrl } from '../helpers/wallet-call';
import { createPostgresTestDatabase, type TestDatabase } from '../helpers/wallet-db';
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

describe('a burst arriving at once over two instances', () => {
  // One fixed instant for both limiters: the burst falls in one second whatever the machine's
  // speed, so what is served is decided by the counts alone. Each case its own app.
  const AT = 1_900_000_000_000;
  const pair = () => [
    createRateLimiter({ engine: db, rps: RPS, instance: 'burst-a', now: () => AT }),
    createRateLimiter({ engine: second, rps: RPS, instance: 'burst-b', now: () => AT }),
  ];
  /** `counts[i]` calls on limiter i, all started before any is answered; how many were allowed. */
  async function burst(appKey: string, counts: [number, number]): Promise<number> {
    const limiters = pair();
    const decisions = await Promise.all(
      counts.flatMap((count, i) => Array.from({ length: count }, () => limiters[i]!.check(appKey))),
    );
    return decisions.filter((d) => d.allowed).length;
  }
  const reserved = async (appKey: string) =>
    (
      await rawRows<{ n: number }>(
        db.db,
        sql`select coalesce(sum(hits), 0)::int as n from wallet.rate_counters where app_key = ${appKey}`,
      )
    )[0]!.n;

  it('of 2 x the limit (the whole burst allowance) is served whole, however it splits', async () => {
    expect(await burst('burst-even', [RPS, RPS])).toBe(2 * RPS);
    // Uneven, and not in whole grants: no permit is reserved for a request that is not waiting.
    expect(await burst('burst-uneven', [93, 2 * RPS - 93])).toBe(2 * RPS);
    expect(await burst('burst-one-sided', [2 * RPS, 0])).toBe(2 * RPS);
    expect(await reserved('burst-uneven')).toBe(2 * RPS);
  }, 30_000);

  it('of 3 x the limit refuses about a third: the allowance, over by one grant at most', async () => {
    // rate-limit.ts: over by at most one grant (a twentieth of the window) per extra instance.
    const grant = (2 * RPS) / 20;
    for (const [appKey, split] of [
      ['burst-over-even', [150, 150]],
      ['burst-over-uneven', [71, 229]],
    ] as const) {
      const allowed = await burst(appKey, [...split]);
      expect(allowed, appKey).toBeGreaterThanOrEqual(2 * RPS);
      expect(allowed, appKey).toBeLessThanOrEqual(2 * RPS + grant);
      expect(await reserved(appKey), appKey).toBe(allowed);
    }
  }, 30_000);

  it('40 card applications at once (the case reported) are all allowed', async () => {
    expect(await burst('burst-forty', [20, 20])).toBe(40);
  });
});

describe('over HTTP', () => {
  it('refuses a signed call over the limit with 429, code 6001 and Retry-After, its nonce unspent', async () => {
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
      const refused = await callWallet(server.baseUrl, 'agencyAssetList', {});
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual({
        code: 6001,
        msg: 'Too many requests from this app: try again later.',
      });
      const again = await fetch(signedUrl(server.baseUrl, 'agencyAssetList', {}), { method: 'POST' });
      expect(again.status).toBe(429);
      expect(again.headers.get('retry-after')).toBe('1');
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

describe('reserving ahead under a steady load', () => {
  // Counts the reservations one instance sends, at fixed instants (no clock in the test).
  function countingLimiter(now: () => number) {
    let reservations = 0;
    const engine: DatabaseHandle = {
      ...second,
      query: <T>(text: string, values?: unknown[], name?: string) => {
        if (name === RATE_RESERVE.name) reservations++;
        return second.query<T>(text, values, name);
      },
    };
    const limiter = createRateLimiter({ engine, rps: 1000, instance: 'ahead', now });
    return { limiter, reservations: () => reservations };
  }

  it('reserves a twentieth of the previous second ahead, and after a quiet second only for the waiters', async () => {
    let at = 3_000_000_000_000;
    const { limiter, reservations } = countingLimiter(() => at);
    const admitOneByOne = async (n: number) => {
      for (let i = 0; i < n; i++) expect(await limiter.check('app-ahead')).toEqual({ allowed: true });
    };
    // A first second: nothing seen before, so each lone request reserves for itself.
    await admitOneByOne(200);
    expect(reservations()).toBe(200);
    // The next second: 200 the second before, so 10 ahead each time: 20 reservations for 200.
    at += 1000;
    await admitOneByOne(200);
    expect(reservations()).toBe(220);
    // After a quiet second, a lone request reserves for itself again.
    at += 2000;
    await admitOneByOne(3);
    expect(reservations()).toBe(223);
    // Each of these seconds' rows holds what was reserved: 200, then 200 (10 x 20), then 3.
    const rows = await rawRows<{ hits: number }>(
      db.db,
      sql`select hits::int as hits from wallet.rate_counters where app_key = 'app-ahead' order by second`,
    );
    expect(rows.map((r) => r.hits)).toEqual([200, 200, 3]);
  });
});
