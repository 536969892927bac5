// The soak (issue 16): two instances on one PostgreSQL under mixed traffic (registrations, card
// issuance, transfers, wallet reads and back-office pages) for SOAK_SECONDS, with one instance
// killed (SIGKILL) halfway and started again. What must hold: no response is a 5xx; every
// mutating requestId, retried on the other instance when its call was cut off, and once more
// at the end, completes exactly once (one card or transfer per requestId, the first answer
// replayed byte for byte); and the books balance.
//
// `npm test` runs it for 40 s; `npm run soak` for ten minutes (docs/security.md has its figures).
// SOAK_REPORT=<file> writes the figures as JSON.
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openPostgres, type DatabaseHandle } from '@/lib/db/open';
import { checkBooks } from '@/lib/wallet/service/db/books';
import { creditAsset } from '@/lib/wallet/service/asset/credit-asset';
import { walletDb } from '@/lib/wallet/service/db';
import { startApp, type AppProcess } from '../helpers/app-process';
import { signIn } from '../helpers/backoffice-http';
import { createFreshPgDatabase, type FreshPgDatabase } from '../helpers/pg';
import { callWallet, kycParams } from '../helpers/wallet-call';

const SECONDS = Number(process.env.SOAK_SECONDS ?? 40);
const CLIENTS = 8;
const APP = { agencyCode: 'DEMO', appId: 'demo-app', secret: 'soak-secret-0123456789abcdefgh' };
const ADMIN_PASSWORD = 'soak-admin-password-1';
const env = {
  WALLET_APP_SECRET: APP.secret,
  AUTH_SECRET: 'soak-auth-secret-0123456789abcdefghijklm',
  ADMIN_PASSWORD,
  NEXT_SERVER_ACTIONS_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
};

type Op = 'register' | 'issue' | 'transfer' | 'read' | 'page';
/** The mix, in draws out of 20. */
const MIX: [Op, number][] = [
  ['register', 3],
  ['issue', 5],
  ['transfer', 4],
  ['read', 6],
  ['page', 2],
];

type Mutation = {
  op: 'issue' | 'transfer';
  params: Record<string, string | number>;
  /** The first complete answer's text, once there is one. */
  answer?: string;
  /** Calls of this requestId cut off (the instance died under it). */
  cutOff: number;
};

let database: FreshPgDatabase;
let handle: DatabaseHandle;
const instances: (AppProcess | null)[] = [null, null];
/** Every instance started, the killed one included: their logs explain a 5xx. */
const everyInstance: AppProcess[] = [];
let cookie = '';
let agencyAssetId = 0;

const stats = {
  requests: 0,
  byOp: {} as Record<Op, number>,
  latencies: [] as number[],
  status5xx: [] as string[],
  cutOff: 0,
  retriedAfterCutOff: 0,
  refusals: {} as Record<string, number>,
};
const users: { appUserId: string; walletAssetId?: number; cards: number[] }[] = [];
const mutations = new Map<string, Mutation>();

beforeAll(async () => {
  database = await createFreshPgDatabase();
  const started = await Promise.all(
    [0, 1].map(() => startApp({ env: { ...env, DATABASE_URL: database.url } })),
  );
  instances.splice(0, 2, ...started);
  everyInstance.push(...started);
  handle = await openPostgres(database.url, 4);
  const assets = (await callWallet<{ assetId: number }[]>(started[0]!.baseUrl, 'agencyAssetList', {}, APP))
    .body;
  agencyAssetId = assets.data![0]!.assetId;
  // Enough for every card and transfer of a ten-minute run: the soak is about crashes, not funds.
  await creditAsset({ db: walletDb(handle), assetId: agencyAssetId, amountMinor: 10_000_000_000 });
  cookie = await signIn(started[0]!.baseUrl, 'admin@example.com', ADMIN_PASSWORD);
}, 180_000);

afterAll(async () => {
  await Promise.all(instances.map((i) => i?.stop()));
  await handle?.close();
  await database?.drop();
});

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;

function drawOp(): Op {
  let n = Math.floor(Math.random() * 20);
  for (const [op, weight] of MIX) {
    if (n < weight) return op;
    n -= weight;
  }
  return 'read';
}

/** A live instance, alternating; null while none is up (never, with two). */
function liveBaseUrl(prefer: number): string {
  const live = instances.filter((i): i is AppProcess => i !== null);
  return live[prefer % live.length]!.baseUrl;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/** One wallet call, timed; a cut-off connection is null, a 5xx is recorded. */
async function call<T>(
  baseUrl: string,
  op: Op,
  operation: Parameters<typeof callWallet>[1],
  params: Parameters<typeof callWallet>[2],
) {
  const started = performance.now();
  stats.requests++;
  stats.byOp[op] = (stats.byOp[op] ?? 0) + 1;
  try {
    const response = await callWallet<T>(baseUrl, operation, params, APP);
    stats.latencies.push(performance.now() - started);
    if (response.status >= 500)
      stats.status5xx.push(`${operation} ${response.status} ${response.text.slice(0, 200)}`);
    if (response.body.code !== 0) {
      stats.refusals[`${operation} ${response.body.code}`] =
        (stats.refusals[`${operation} ${response.body.code}`] ?? 0) + 1;
    }
    return response;
  } catch {
    stats.cutOff++;
    return null;
  }
}

/** A mutation under its requestId, retried on another live instance while cut off. */
async function mutate(requestId: string, prefer: number): Promise<void> {
  const m = mutations.get(requestId)!;
  const operation = m.op === 'issue' ? 'agencyApplyUserCard' : 'assetTransfer';
  for (let attempt = 0; attempt < 20; attempt++) {
    const response = await call<{ cardId?: number }>(liveBaseUrl(prefer + attempt), m.op, operation, {
      ...m.params,
      requestId,
    });
    if (response) {
      if (attempt > 0) stats.retriedAfterCutOff++;
      if (response.body.code === 0) {
        m.answer ??= response.text;
        if (m.op === 'issue')
          users.find((u) => u.appUserId === m.params.appUserId)?.cards.push(response.body.data!.cardId!);
      }
      return;
    }
    m.cutOff++;
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function step(client: number, n: number): Promise<void> {
  const op = users.length < 5 ? 'register' : drawOp();
  const baseUrl = liveBaseUrl(client + n);
  if (op === 'register') {
    const appUserId = `soak-${randomBytes(6).toString('hex')}`;
    const response = await call(baseUrl, op, 'registerAndKyc', kycParams(appUserId));
    if (response?.body.code === 0) users.push({ appUserId, cards: [] });
  } else if (op === 'issue') {
    const user = pick(users);
    const requestId = `soak-card-${randomBytes(8).toString('hex')}`;
    mutations.set(requestId, {
      op,
      params: {
        appUserId: user.appUserId,
        paymentAssetId: agencyAssetId,
        categoryId: 1,
        embossedName: 'SOAK TEST',
      },
      cutOff: 0,
    });
    await mutate(requestId, client + n);
  } else if (op === 'transfer') {
    const user = pick(users);
    user.walletAssetId ??= (
      await call<{ assetId: number }[]>(baseUrl, 'read', 'userAssetList', { appUserId: user.appUserId })
    )?.body.data?.[0]?.assetId;
    if (!user.walletAssetId) return;
    const requestId = `soak-move-${randomBytes(8).toString('hex')}`;
    mutations.set(requestId, {
      op,
      params: { fromAssetId: agencyAssetId, toAssetId: user.walletAssetId, amount: '1.25' },
      cutOff: 0,
    });
    await mutate(requestId, client + n);
  } else if (op === 'read') {
    const user = pick(users);
    const read = pick([
      'userCardList',
      'assetLedger',
      'userSearch',
      'cardListAllByUser',
      'cardDetail',
    ] as const);
    if (read === 'userCardList') await call(baseUrl, op, read, { appUserId: user.appUserId });
    else if (read === 'assetLedger') await call(baseUrl, op, read, { assetId: agencyAssetId, pageSize: 50 });
    else if (read === 'userSearch') await call(baseUrl, op, read, { q: user.appUserId.slice(0, 9) });
    else if (read === 'cardListAllByUser') await call(baseUrl, op, read, { pageSize: 20, withCards: true });
    else if (user.cards.length > 0) {
      await call(baseUrl, op, read, { appUserId: user.appUserId, cardId: pick(user.cards) });
    }
  } else {
    const user = pick(users);
    const path = pick(['/', '/cards', `/users/${user.appUserId}`, '/users']);
    const started = performance.now();
    stats.requests++;
    stats.byOp.page = (stats.byOp.page ?? 0) + 1;
    try {
      const response = await fetch(`${baseUrl}${path}`, { headers: { cookie }, redirect: 'manual' });
      await response.arrayBuffer();
      stats.latencies.push(performance.now() - started);
      if (response.status >= 500) stats.status5xx.push(`GET ${path} ${response.status}`);
      expect(response.status, `GET ${path}`).toBe(200);
    } catch (error) {
      if ((error as Error).name === 'AssertionError') throw error;
      stats.cutOff++;
    }
  }
}

it(
  `${SECONDS} s of mixed traffic on two instances, one killed halfway: no 5xx, every requestId once, the books balance`,
  async () => {
    const started = Date.now();
    const end = started + SECONDS * 1000;
    let restartedAfterMs = 0;
    const chaos = (async () => {
      await new Promise((r) => setTimeout(r, (SECONDS * 1000) / 2));
      const victim = instances[1]!;
      await victim.kill();
      instances[1] = null;
      const killedAt = Date.now();
      const restarted = await startApp({ env: { ...env, DATABASE_URL: database.url } });
      instances[1] = restarted;
      everyInstance.push(restarted);
      restartedAfterMs = Date.now() - killedAt;
    })();
    await Promise.all(
      Array.from({ length: CLIENTS }, async (_, client) => {
        for (let n = 0; Date.now() < end; n++) await step(client, n);
      }),
    );
    await chaos;
    const elapsed = (Date.now() - started) / 1000;

    // Every requestId once more, on both instances: each completes, and each that had an
    // answer replays it byte for byte.
    let replayed = 0;
    for (const [requestId, m] of mutations) {
      for (const instance of instances) {
        const operation = m.op === 'issue' ? 'agencyApplyUserCard' : 'assetTransfer';
        const again = await callWallet(instance!.baseUrl, operation, { ...m.params, requestId }, APP);
        expect(again.body.code, `${requestId}: ${again.text}`).toBe(0);
        if (m.answer) expect(again.text, requestId).toBe(m.answer);
        m.answer ??= again.text;
        replayed++;
      }
    }

    const [counts] = await handle.query<{ cards: number; transfers: number; keys: number }>(
      `select (select count(*)::int from wallet.cards c join wallet.users u on u.id = c.user_id where u.app_user_id like 'soak-%') as cards,
              (select count(*)::int from wallet.transfers) as transfers,
              (select count(*)::int from wallet.idempotency_keys where request_id like 'soak-%' and response is not null) as keys`,
    );
    const issued = [...mutations.values()].filter((m) => m.op === 'issue').length;
    const moved = [...mutations.values()].filter((m) => m.op === 'transfer').length;
    expect(counts).toEqual({ cards: issued, transfers: moved, keys: issued + moved });
    const books = await checkBooks(handle);
    expect(books).toMatchObject({ unbalanced: 0, misnumbered: 0, negative: 0 });
    const unexpected = everyInstance.flatMap((i) =>
      i
        .output()
        .split('\n')
        .filter((line) => line.includes('operation failed unexpectedly')),
    );
    expect(stats.status5xx, unexpected.join('\n')).toEqual([]);

    const sorted = [...stats.latencies].sort((a, b) => a - b);
    const report = {
      seconds: Math.round(elapsed),
      clients: CLIENTS,
      requests: stats.requests,
      perSecond: Math.round(stats.requests / elapsed),
      byOp: stats.byOp,
      latencyMs: { p50: Math.round(percentile(sorted, 50)), p99: Math.round(percentile(sorted, 99)) },
      status5xx: stats.status5xx.length,
      cutOffByTheKill: stats.cutOff,
      retriedOnTheOtherInstance: stats.retriedAfterCutOff,
      restartedAfterMs,
      requestIds: mutations.size,
      cardsIssued: counts!.cards,
      transfers: counts!.transfers,
      finalRetries: replayed,
      refusals: stats.refusals,
      books,
    };
    console.log(`[soak] ${JSON.stringify(report)}`);
    if (process.env.SOAK_REPORT)
      writeFileSync(process.env.SOAK_REPORT, `${JSON.stringify(report, null, 2)}\n`);
  },
  SECONDS * 1000 + 600_000,
);
