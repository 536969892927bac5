// The cardholder's channel under load (docs/wallet-api.md "The cardholder's channel",
// `--only cardholder`): `me/cards` on the wallet service against its floor
// (bench/floor-cardholder.ts: the same two prepared statements and the same per-token limit in a
// bare node:http server), and
// opening a card-details page: a signed card/detailsLink, then the page it names, one after the
// other, on the service alone (the page is the service's own; there is no floor to hold it to).
// Each request of me/cards bears one of HOLDERS users' walletTokens, each user holding three
// cards, so a run reads many users, not one cached row; the service's per-token limit runs
// (WALLET_TOKEN_RATE_LIMIT_RPS, at a rate that never refuses the load, bench/lib/servers.ts).
import path from 'node:path';
import { signedQuery } from '@/lib/wallet/contract/signed-query';
import { writeRatio } from './format';
import { measure, medianRate, type LoadResult } from './load';
import { groupCpuMs, spawnChild } from './processes';
import { BENCH_APP, freePort, tempDir, type Server } from './servers';
import type { Population } from './wallet-requests';

/** Users with a walletToken and three cards each; me/cards rotates over them. */
export const HOLDERS = 100;
export const ME_CARDS_P50_BOUND = 1.3;
export const ME_CARDS_CPU_BOUND = 1.5;

export type CardholderFigures = {
  meCards: { app: LoadResult; floor: LoadResult };
  /** A signed card/detailsLink, then GET of its page: one "request" is the pair. */
  detailsPage: LoadResult;
};

async function signed<T>(
  baseUrl: string,
  operation: { method: string; path: string },
  params: object,
): Promise<T> {
  const query = signedQuery({
    secret: BENCH_APP.secret,
    method: operation.method,
    path: operation.path,
    agencyCode: BENCH_APP.agencyCode,
    appId: BENCH_APP.appId,
    params: params as Record<string, string | number>,
  });
  const response = await fetch(`${baseUrl}${operation.path}?${query}`, { method: operation.method });
  const body = (await response.json()) as { code: number; msg: string; data: T };
  if (body.code !== 0) throw new Error(`${operation.path}: ${body.code} ${body.msg}`);
  return body.data;
}

const REGISTER = { method: 'POST', path: '/wallet/api/user/registerAndKyc' };
const ISSUE = { method: 'POST', path: '/wallet/api/agency/applyUserCard' };
const LINK = { method: 'POST', path: '/wallet/api/card/detailsLink' };

/** HOLDERS users with three cards each, over the signed API; their walletTokens and a card each. */
async function holders(
  baseUrl: string,
  p: Population,
): Promise<{ token: string; appUserId: string; cardId: number }[]> {
  const out: { token: string; appUserId: string; cardId: number }[] = [];
  for (let i = 0; i < HOLDERS; i++) {
    const appUserId = `bench-holder-${i}`;
    const { walletToken } = await signed<{ walletToken: string }>(baseUrl, REGISTER, {
      appUserId,
      email: `${appUserId}@bench.example.com`,
      firstName: 'Ada',
      lastName: 'Holder',
      birthday: '1990-01-01',
      mobile: '1-4155550100',
      region: 'United States',
      documentType: 'PASSPORT',
      documentNo: `H${String(i).padStart(8, '0')}`,
      photos: 'https://files.example.com/doc.png',
    });
    let cardId = 0;
    for (let c = 0; c < 3; c++) {
      ({ cardId } = await signed<{ cardId: number }>(baseUrl, ISSUE, {
        appUserId,
        paymentAssetId: p.agencyAssetId,
        categoryId: p.categoryId,
        embossedName: 'ADA HOLDER',
      }));
    }
    out.push({ token: walletToken, appUserId, cardId });
  }
  return out;
}

async function startFloor(snapshotDir: string, databaseUrl: string) {
  const port = await freePort();
  const scratch = tempDir('bench-floor-cardholder-');
  const child = spawnChild({
    name: 'floor-cardholder',
    command: process.execPath,
    args: ['--import', 'tsx', 'bench/floor-cardholder.ts'],
    cwd: snapshotDir,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'production',
      FLOOR_DATABASE_URL: databaseUrl,
      FLOOR_POOL_SIZE: '10',
      // The service's per-token limit in the bench (bench/lib/servers.ts): the floor counts the same.
      FLOOR_TOKEN_RPS: '1000000',
      PORT: String(port),
    },
    logFile: path.join(scratch.dir, 'output.log'),
  });
  const started = Date.now();
  while (!child.output().includes('[floor-cardholder] listening')) {
    if (child.child.exitCode !== null)
      throw new Error(`floor-cardholder exited:\n${child.output().slice(-2000)}`);
    if (Date.now() - started > 30_000) throw new Error('floor-cardholder did not listen within 30 s');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    pid: child.pid,
    stop: async () => {
      await child.stop(10_000);
      await scratch.remove();
    },
  };
}

export async function measureCardholder(options: {
  url: string;
  snapshotDir: string;
  wallet: Server;
  population: Population;
  settings: { connections: number; seconds: number; warmupSeconds: number; rounds: number };
  log: (line: string) => void;
}): Promise<CardholderFigures> {
  const { wallet, settings, log } = options;
  const users = await holders(wallet.baseUrl, options.population);
  const floor = await startFloor(options.snapshotDir, options.url);
  try {
    let next = 0;
    const meCards = () => {
      const user = users[next++ % users.length]!;
      return {
        method: 'GET' as const,
        path: '/wallet/api/me/cards',
        headers: { authorization: `Bearer ${user.token}` },
      };
    };
    const rounds: { app: LoadResult[]; floor: LoadResult[] } = { app: [], floor: [] };
    for (let round = 0; round < settings.rounds; round++) {
      for (const side of round % 2 === 0 ? (['app', 'floor'] as const) : (['floor', 'app'] as const)) {
        const target =
          side === 'app'
            ? { url: wallet.baseUrl, pid: wallet.process.pid }
            : { url: floor.baseUrl, pid: floor.pid };
        const result = await measure({
          url: target.url,
          connections: settings.connections,
          seconds: settings.seconds,
          warmupSeconds: settings.warmupSeconds,
          next: meCards,
          serverCpuMs: () => groupCpuMs(target.pid),
        });
        rounds[side].push(result);
        if (side === 'app') wallet.requests += result.total + (result.warmupTotal ?? 0);
      }
    }
    const app = medianRate(rounds.app);
    const floorResult = medianRate(rounds.floor);

    // Opening a page: the signed link, then its page, as a closed loop of pairs.
    const detailsPage = await measurePairs(wallet.baseUrl, users, settings);
    wallet.requests += 2 * (detailsPage.total + (detailsPage.warmupTotal ?? 0));
    const ratio = (a?: number, f?: number) => (a !== undefined && f ? (a / f).toFixed(2) : 'n/a');
    // Each round's two windows ran back to back: their ratios, and the median of those (the
    // figure a drift of the shared machine's speed over the rounds does not decide).
    const byRound = (of: (r: LoadResult) => number | undefined) => {
      const sides = {
        app: rounds.app.map((r) => of(r) ?? NaN),
        floor: rounds.floor.map((r) => of(r) ?? NaN),
      };
      const each = sides.app.map((a, i) => (a / sides.floor[i]!).toFixed(2)).join(', ');
      return `${each}; median ${writeRatio(NaN, NaN, sides).toFixed(2)}x`;
    };
    log(
      `  me/cards (${users.length} holders, 3 cards each)\n      wallet    p50 ${app.p50.toFixed(2)} ms, ${app.rps.toFixed(0)}/s, CPU ${app.cpuMsPerRequest?.toFixed(3)} ms\n      floor     p50 ${floorResult.p50.toFixed(2)} ms, ${floorResult.rps.toFixed(0)}/s, CPU ${floorResult.cpuMsPerRequest?.toFixed(3)} ms\n      wallet/floor: p50 ${ratio(app.p50, floorResult.p50)}x (bound ${ME_CARDS_P50_BOUND}x), CPU ${ratio(app.cpuMsPerRequest, floorResult.cpuMsPerRequest)}x (bound ${ME_CARDS_CPU_BOUND}x)\n      rounds' own ratios: p50 ${byRound((r) => r.p50)}, CPU ${byRound((r) => r.cpuMsPerRequest)}\n  card-details page (link + page)\n      wallet    p50 ${detailsPage.p50.toFixed(2)} ms, ${detailsPage.rps.toFixed(0)} pages/s, ${detailsPage.failed} failed`,
    );
    return { meCards: { app, floor: floorResult }, detailsPage };
  } finally {
    await floor.stop();
  }
}

/**
 * Pairs of (signed card/detailsLink, GET of its page), `connections` at a time for `seconds`:
 * the time of each pair, and pages per second. A pair counts when the page is 200.
 */
async function measurePairs(
  baseUrl: string,
  users: readonly { appUserId: string; cardId: number }[],
  settings: { connections: number; seconds: number },
): Promise<LoadResult> {
  const times: number[] = [];
  let failed = 0;
  let next = 0;
  const until = performance.now() + settings.seconds * 1000;
  const started = performance.now();
  async function worker() {
    while (performance.now() < until) {
      const user = users[next++ % users.length]!;
      const t0 = performance.now();
      try {
        const link = await signed<{ url: string }>(baseUrl, LINK, {
          appUserId: user.appUserId,
          cardId: user.cardId,
        });
        const page = await fetch(`${baseUrl}${new URL(link.url).pathname}`);
        await page.text();
        if (page.status === 200) times.push(performance.now() - t0);
        else failed++;
      } catch {
        failed++;
      }
    }
  }
  await Promise.all(Array.from({ length: settings.connections }, worker));
  const seconds = (performance.now() - started) / 1000;
  const sorted = Float64Array.from(times).sort();
  const at = (p: number) =>
    sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : NaN;
  return {
    ok: times.length,
    total: times.length + failed,
    failed,
    errors: 0,
    seconds,
    rps: times.length / seconds,
    p50: at(50),
    p90: at(90),
    p95: at(95),
    p99: at(99),
    mean: times.reduce((a, b) => a + b, 0) / (times.length || 1),
    max: sorted.length ? sorted[sorted.length - 1]! : NaN,
    abandoned: [],
  };
}
