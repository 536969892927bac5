// A member of staff's share of the back-office's wallet budget (staff-pace.ts), on the real
// statement (PGlite) and a clock the test sets: within any second and the one before, a member of
// staff's calls stay within twice the share; a call over it waits for room a second at a time, up
// to its bound; a refused call is not counted; each member of staff is counted apart; and the client does not send a call over the share, answering it with the
// "slow down" error. The same over HTTP on PostgreSQL, with the service's budgets:
// tests/pg/backoffice-budget.test.ts.
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@/tests/helpers/wallet-db';
import { createWalletClient } from './create-wallet-client';
import { isWalletClientError, STAFF_PACE_MESSAGE } from './errors';
import { admitWithinShare, createStaffPace, staffKey, staffRps } from './staff-pace';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
}, 120_000);

describe('staffRps', () => {
  it("is a quarter of the back-office's budget, at least one, and no limit when the budget has none", () => {
    expect(staffRps(100)).toBe(25);
    expect(staffRps(10)).toBe(2);
    expect(staffRps(3)).toBe(1);
    expect(staffRps(0)).toBe(0);
  });
});

describe('createStaffPace', () => {
  it('admits twice the share over a second and the one before, and counts what it refuses nowhere', async () => {
    let at = 1_900_000_000_000;
    const pace = createStaffPace({ engine: db, rps: 5, maxWaitMs: 0, now: () => at });
    const admitted = async (key: string, n: number) => {
      let yes = 0;
      for (let i = 0; i < n; i++) if (await pace.admit(key)) yes++;
      return yes;
    };
    // A first second: the whole window (2 x 5).
    expect(await admitted('staff:1', 14)).toBe(10);
    // The next second: the one before used it all.
    at += 1000;
    expect(await admitted('staff:1', 3)).toBe(0);
    // The second after: the one before admitted nothing (refusals are not counted).
    at += 1000;
    expect(await admitted('staff:1', 4)).toBe(4);
    at += 1000;
    expect(await admitted('staff:1', 9)).toBe(6);
  });

  it('counts each member of staff apart, and calls at once exactly', async () => {
    const at = 1_900_000_100_000;
    const pace = createStaffPace({ engine: db, rps: 5, maxWaitMs: 0, now: () => at });
    expect(await pace.admit('staff:2')).toBe(true);
    const decisions = await Promise.all(Array.from({ length: 30 }, () => pace.admit('staff:3')));
    expect(decisions.filter(Boolean)).toHaveLength(10);
    expect(await pace.admit('staff:2')).toBe(true);
    expect(await pace.admit(staffKey(null))).toBe(true);
  });
});

describe('a call over the share', () => {
  it('waits a second at a time for room, up to its bound, then is refused uncounted', async () => {
    let at = 1_900_000_300_100;
    const slept: number[] = [];
    const sleep = async (ms: number) => {
      slept.push(ms);
      at += ms;
    };
    const pace = createStaffPace({ engine: db, rps: 1, now: () => at, sleep });
    expect([await pace.admit('staff:8'), await pace.admit('staff:8')]).toEqual([true, true]);
    expect(slept).toEqual([]);
    // The next second still counts those two; the one after has room.
    expect(await pace.admit('staff:8')).toBe(true);
    expect(slept).toHaveLength(2);
    expect(at - 1_900_000_302_000).toBeGreaterThanOrEqual(0);
    expect(at - 1_900_000_302_000).toBeLessThan(50);
    // Within a second's wait there is no room again: refused, and not counted.
    const hasty = createStaffPace({ engine: db, rps: 1, maxWaitMs: 1000, now: () => at, sleep });
    expect(await hasty.admit('staff:8')).toBe(true);
    expect(await hasty.admit('staff:8')).toBe(false);
    at += 2000;
    expect([await hasty.admit('staff:8'), await hasty.admit('staff:8')]).toEqual([true, true]);
  });
});

describe('one caller, one call after another (an export)', () => {
  it('is paced to the share and never refused, whenever in the second its calls come', async () => {
    for (const offset of [0, 1, 500, 999]) {
      let at = 1_900_000_400_000 + offset * 10_000 + offset;
      const sleep = async (ms: number) => {
        at += Math.max(0, ms);
      };
      const pace = createStaffPace({ engine: db, rps: 1, now: () => at, sleep });
      const seconds: number[] = [];
      for (let i = 0; i < 8; i++) {
        expect(await pace.admit(`export:${offset}`), `call ${i} at offset ${offset}`).toBe(true);
        seconds.push(Math.floor(at / 1000));
      }
      // Two calls a window: two in a second, then none in the next, and so on.
      const first = seconds[0]!;
      expect(seconds.map((s) => s - first)).toEqual([0, 0, 2, 2, 4, 4, 6, 6]);
    }
  });
});

describe('the client within the share', () => {
  it('does not send a call over the share and answers it with the "slow down" error', async () => {
    const sent: string[] = [];
    const pace = createStaffPace({ engine: db, rps: 1, maxWaitMs: 0, now: () => 1_900_000_200_000 });
    const client = createWalletClient({
      baseUrl: 'http://wallet.test',
      agencyCode: 'AG001',
      appId: 'app-1',
      secret: 'a-back-office-key',
      admit: admitWithinShare(pace, async () => staffKey(7)),
      fetch: async (url) => {
        sent.push(String(url));
        return new Response(JSON.stringify({ code: 0, msg: 'ok', data: [] }), { status: 200 });
      },
    });
    expect(await client.agencyAssetList({})).toEqual([]);
    expect(await client.agencyAssetList({})).toEqual([]);
    const refused = await client.agencyAssetList({}).catch((error: unknown) => error);
    expect(isWalletClientError(refused, 'WalletRateLimitedError')).toBe(true);
    expect(refused).toMatchObject({
      operation: 'agencyAssetList',
      code: null,
      staffMessage: STAFF_PACE_MESSAGE,
    });
    expect(sent).toHaveLength(2);
  });
});
