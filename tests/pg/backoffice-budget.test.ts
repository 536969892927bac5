// The back-office's own API budget (docs/security.md "Rate limit"), on PostgreSQL with the real
// limiters of the service and of the back-office: staff sign with the app's back-office key and
// count on a budget of their own, and each member of staff's calls on a share of it
// (lib/backoffice/wallet-client/staff-pace.ts), composed as the back-office's own client is
// (wallet-client/index.ts), one per staff session. Staff loading pages as fast as they can, in
// several tabs each, never cost the agency's signed server a refusal while it sends at half its
// limit; the agency's server flooding never costs staff a refusal while they load pages at half
// their share; and one session flooding leaves another served. Every rate stays under its bound by construction (a paced
// sender never catches up after a stall), so a loaded machine only sends less, never refuses more.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRows } from '@/lib/db/open';
import { createWalletClient, type WalletClient } from '@/lib/backoffice/wallet-client/create-wallet-client';
import { isWalletClientError, STAFF_PACE_MESSAGE } from '@/lib/backoffice/wallet-client/errors';
import {
  admitWithinShare,
  createStaffPace,
  staffKey,
  staffRps,
  type StaffPace,
} from '@/lib/backoffice/wallet-client/staff-pace';
import { provision } from '@/lib/wallet/service/provision';
import { createFreshPgDatabase } from '../helpers/pg';
import { createPostgresTestDatabase, TEST_AGENCY, type TestDatabase } from '../helpers/wallet-db';
import { startWalletServer, type WalletTestServer } from '../helpers/wallet-server';

/** Both budgets, requests per second (bursts up to twice that). */
const RPS = 20;
/** A member of staff's share: a quarter of the back-office's budget. */
const STAFF_RPS = staffRps(RPS);
const RUN_MS = 4000;
const BACKOFFICE_KEY = 'pg-backoffice-key-0001';

let pgDb: { url: string; drop(): Promise<void> };
let db: TestDatabase;
let server: WalletTestServer;
let pace: StaffPace;

beforeAll(async () => {
  pgDb = await createFreshPgDatabase();
  db = await createPostgresTestDatabase(pgDb.url, 20);
  await provision(db.db, { ...TEST_AGENCY, backofficeSecret: BACKOFFICE_KEY });
  server = await startWalletServer({ rateLimitRps: RPS, backofficeRateLimitRps: RPS });
  pace = createStaffPace({ engine: db, rps: STAFF_RPS });
}, 120_000);

afterAll(async () => {
  await server?.close();
  await db?.close();
  await pgDb?.drop();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The back-office's client for one member of staff's session, as getWalletClient builds it. */
function staffSession(staffId: number): WalletClient {
  return createWalletClient({
    baseUrl: server.baseUrl,
    agencyCode: TEST_AGENCY.agencyCode,
    appId: TEST_AGENCY.appId,
    secret: BACKOFFICE_KEY,
    admit: admitWithinShare(pace, async () => staffKey(staffId)),
  });
}

/** The agency's own server: its app secret, no share (the service's limit alone). */
function agencyServer(): WalletClient {
  return createWalletClient({
    baseUrl: server.baseUrl,
    agencyCode: TEST_AGENCY.agencyCode,
    appId: TEST_AGENCY.appId,
    secret: TEST_AGENCY.appSecret,
  });
}

/** Calls served; calls the back-office did not send (over the share); calls the service refused (6001). */
type Tally = { served: number; slowDown: number; refused: number };
const tally = (): Tally => ({ served: 0, slowDown: 0, refused: 0 });

async function count(into: Tally, call: Promise<unknown>): Promise<void> {
  try {
    await call;
    into.served++;
  } catch (error) {
    if (isWalletClientError(error, 'WalletRateLimitedError') && error.code === null) {
      expect(error.staffMessage).toBe(STAFF_PACE_MESSAGE);
      into.slowDown++;
    } else if (isWalletClientError(error) && error.code === 6001) {
      into.refused++;
    } else {
      throw error;
    }
  }
}

/** One load of the dashboard (app/(backoffice)/page.tsx): its five wallet calls at once. */
async function loadDashboard(client: WalletClient, into: Tally): Promise<void> {
  const to = new Date().toISOString().slice(0, 10);
  await Promise.all([
    count(into, client.agencyAssetList({})),
    count(into, client.categoryList({})),
    count(into, client.assetDaily({ assetId: db.agencyAssetId, days: 7 })),
    count(into, client.assetDaily({ assetId: db.agencyAssetId, days: 30 })),
    count(into, client.authorizationSummary({ from: to, to })),
  ]);
}

/**
 * `step` again and again until `until`, as fast as it answers, in `tabs` at once (a person
 * reloading the page in several tabs).
 */
async function flood(until: number, step: () => Promise<void>, tabs = 1): Promise<void> {
  await Promise.all(
    Array.from({ length: tabs }, async () => {
      while (Date.now() < until) await step();
    }),
  );
}

/** Tabs a flooding member of staff reloads at once: more than their share can pace by waiting. */
const TABS = 6;

/**
 * `step` every `everyMs` until `until`: after a stall it starts again from now rather than
 * catching up, so it never runs faster than that, however slow the machine.
 */
async function paced(until: number, everyMs: number, step: () => Promise<void>): Promise<void> {
  let next = Date.now();
  while (next < until) {
    await step();
    next = Math.max(next + everyMs, Date.now());
    await sleep(next - Date.now());
  }
}

/** Waits out both budgets' windows (this second and the one before), so each case starts clear. */
const quietWindows = () => sleep(2100);

/** Each second's calls of one member of staff: every two consecutive seconds stay within the share. */
async function callsPerSecond(staffId: number): Promise<Map<number, number>> {
  const rows = await rawRows<{ second: number; calls: number }>(
    db.db,
    sql`select second::float8 as second, calls from backoffice.staff_call_counts
        where staff_key = ${staffKey(staffId)} order by second`,
  );
  return new Map(rows.map((r) => [Number(r.second), r.calls]));
}

async function expectWithinShare(staffId: number): Promise<void> {
  const seconds = await callsPerSecond(staffId);
  for (const [second, calls] of seconds) {
    expect(calls + (seconds.get(second - 1) ?? 0), `staff ${staffId} at ${second}`).toBeLessThanOrEqual(
      2 * STAFF_RPS,
    );
  }
}

describe("the back-office's budget and the agency's are apart", () => {
  it('staff loading pages as fast as they can never cost the agency, sending at half its limit, a refusal', async () => {
    await quietWindows();
    const until = Date.now() + RUN_MS;
    const staffIds = [1, 2, 3, 4];
    const staff = staffIds.map(tally);
    const agency = tally();
    const agencyClient = agencyServer();
    await Promise.all([
      ...staffIds.map((id, i) => {
        const session = staffSession(id);
        return flood(until, () => loadDashboard(session, staff[i]!), TABS);
      }),
      paced(until, 1000 / (RPS / 2), () => count(agency, agencyClient.agencyAssetList({}))),
    ]);
    expect(agency).toEqual({ served: agency.served, slowDown: 0, refused: 0 });
    expect(agency.served).toBeGreaterThan(0);
    // The staff did ask for more than their shares (some calls waited longer than a call may and
    // were not sent), each session was served some of it, and none beyond its share.
    expect(staff.reduce((sum, t) => sum + t.slowDown, 0)).toBeGreaterThan(0);
    for (const [i, t] of staff.entries()) {
      expect(t.served, `session ${i}`).toBeGreaterThan(0);
      await expectWithinShare(staffIds[i]!);
    }
  }, 60_000);

  it("the agency's server sending as fast as it can never costs staff, loading pages at half their share, a refusal", async () => {
    await quietWindows();
    const until = Date.now() + RUN_MS;
    const staffIds = [11, 12, 13, 14];
    const staff = staffIds.map(tally);
    const agency = tally();
    const agencyClient = agencyServer();
    // A page is five calls: half the share is one page every 10 / STAFF_RPS seconds.
    const pageEveryMs = (5 * 1000) / (STAFF_RPS / 2);
    await Promise.all([
      ...staffIds.map((id, i) => {
        const session = staffSession(id);
        return paced(until, pageEveryMs, () => loadDashboard(session, staff[i]!));
      }),
      ...Array.from({ length: 8 }, () => flood(until, () => count(agency, agencyClient.agencyAssetList({})))),
    ]);
    // The agency's server was over its own limit...
    expect(agency.refused).toBeGreaterThan(0);
    // ...and no member of staff was refused or told to slow down.
    for (const [i, t] of staff.entries()) {
      expect(t, `session ${i}`).toEqual({ served: t.served, slowDown: 0, refused: 0 });
      expect(t.served % 5, `session ${i}`).toBe(0);
      expect(t.served, `session ${i}`).toBeGreaterThan(0);
    }
  }, 60_000);
});

describe("each member of staff's share", () => {
  it('one session flooding leaves another, loading pages at half its share, served', async () => {
    await quietWindows();
    const until = Date.now() + RUN_MS;
    const flooding = tally();
    const calm = tally();
    const [floodingSession, calmSession] = [staffSession(21), staffSession(22)];
    await Promise.all([
      flood(until, () => loadDashboard(floodingSession, flooding), TABS),
      paced(until, (5 * 1000) / (STAFF_RPS / 2), () => loadDashboard(calmSession, calm)),
    ]);
    // The flood was held to its share, so the back-office's budget had room: the service refused
    // neither session, and the other one was never told to slow down.
    expect(calm).toEqual({ served: calm.served, slowDown: 0, refused: 0 });
    expect(calm.served).toBeGreaterThanOrEqual(5);
    expect(flooding.refused).toBe(0);
    expect(flooding.slowDown).toBeGreaterThan(0);
    await expectWithinShare(21);
    await expectWithinShare(22);
  }, 60_000);
});
