// `npm run bench [-- --quick] [-- --sizes 1000,100000,1000000]`: the performance benchmark.
//
// For each size (cards; users = cards / 3, three cards each) it seeds a fresh PostgreSQL database
// and starts three servers from a snapshot of the tree (bench/lib/snapshot.ts): the wallet service
// alone (`npm run start:wallet`), `npm start`'s one Node server (the wallet API and the back-office
// on one port) and the floor (bench/floor-server.ts: the checks of docs/wallet-api.md "Signature"
// and the same SQL over `pg` in a bare node:http server). It checks that the floor runs exactly the
// service's SQL and answers exactly what the service answers, then measures on loopback with
// autocannon, on the wallet service and on the floor: each signed read of the spec (and, at the
// first size, the same reads through `npm start`'s server), the extension reads whose cost must not
// grow with the data (user/search by last four digits and by prefix, asset/ledger's first and
// deepest page of the agency asset), card issuance and transfers (agency asset -> a random user's
// wallet), checking the money guarantees after each write load; and the back-office's server time.
// The peak resident memory of each server process is read from /proc when it has served its loads.
// Then: issuance again while `vitest --project pg` (the concurrency tests) runs; the back-office at
// 100,000 users and the JavaScript each route sends; the spec's reads on PGlite (the embedded
// default) through both servers. Writes results.json, growth.svg and RESULTS.md (bench/ for a full
// run).
//
// Options: --quick (sizes 1000,10000; 3 s runs; results under the temp directory),
// --sizes a,b,c, --seconds N, --connections N, --out DIR, --reuse-build (measure the last snapshot
// built even if the sources changed since: for iterating on the harness itself), --skip a,b
// (leave out steps: under-test, backoffice, js, profiles, pglite, npm-start-reads), --report-only
// (rewrite RESULTS.md and growth.svg from the results.json in --out, measuring nothing),
// --only a,b (measure only these figures of each size: reads, scale, issue, transfer, exhausted,
// events, slow-decision, deposit, screening (bench/lib/deposits.ts), spend (bench/lib/spending.ts),
// dispute (bench/lib/disputes.ts), cardholder (bench/lib/cardholder.ts: me/cards against its
// floor, and a card-details page opened), pages (the back-office's pages of each size, through
// `npm start`'s server, over the size's seeded disputes too); every step above is then skipped
// (but for spend's authorize on PGlite, and pages' back-office step and first-load JS), and
// unless pages is named `npm start`'s server is not started and no production build is made:
// the wallet service and the floor need none). E.g. the two write targets at 1k
// cards, 5 s each: `npm run bench -- --sizes 1000 --seconds 5 --only issue,transfer,events
// --out /tmp/b`; --rounds N (default 3, 1 with --quick): the writes (issuance, transfers, deposits,
// authorize and clear, service then floor; issuance without then with a webhook endpoint) measured
// in N alternating rounds, each window after a CHECKPOINT with no autovacuum running, each side's
// median window kept and each target judged on the median of the rounds' own ratios
// (bench/lib/format.ts's writeRatio: on a shared machine one window's noise, or a drift over the
// windows, is otherwise the ratio's).
import { execSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ROOT } from '../scripts/lib/build';
import { ensurePostgres } from '../scripts/lib/postgres';
import { BACKOFFICE_ROUTES, measureFirstLoadJs, measurePage, routeStatus, signIn } from './lib/backoffice';
import { checkExhaustedGuarantees, checkGuarantees, checkTransferGuarantees, mark } from './lib/guarantees';
import { describe, measure, medianRate, walletSuccess, type LoadResult } from './lib/load';
import {
  depositAddresses,
  explainScreening,
  measureDepositRate,
  measurePairedSteps,
  measureScreening,
  measureScreeningStep,
  seedDepositHistory,
  type DepositGuaranteeReport,
} from './lib/deposits';
import { clearedPurchases, measureDisputes, seedDisputes } from './lib/disputes';
import { cardsLabel } from './lib/format';
import { SCREENING_STATEMENTS } from './floor-deposit';
import { cleanupAll, groupCpuMs, groupMemory, spawnChild, WATCHDOG_MINUTES } from './lib/processes';
import { describeProfile, profileOperation } from './lib/profile-op';
import { explainPlans } from './lib/plans';
import { fund, loadPopulation } from './lib/population';
import { writeReport } from './lib/report';
import { describeWal, medianWal, walFigure, walSample, type WalFigure } from './lib/wal-meter';
import {
  BENCH_ADMIN,
  BENCH_APP,
  createDatabase,
  creditAsset,
  dropLeftoverDatabases,
  heapMetrics,
  query,
  quiesceDatabase,
  runtimeBaseline,
  seed,
  SERVER_COMMANDS,
  settleWrites,
  startApp,
  turns,
  startFloor,
  startWallet,
  tempDir,
  type Server,
} from './lib/servers';
import { ensureSnapshot, type Snapshot } from './lib/snapshot';
import { measureSlowDecision } from './lib/slow-decision';
import { measureCardholder } from './lib/cardholder';
import { verifyFloor } from './lib/verify-floor';
import {
  approvedCheck,
  authorizeFactory,
  fundSpendCards,
  measurer,
  measureSpending,
  SEEDED_AUTHORIZATIONS_PER_CARD,
  seedAuthorizations,
} from './lib/spending';
import {
  OPERATIONS,
  READ_KEYS,
  SCALE_KEYS,
  deepPage,
  ledgerDeepPage,
  requestFactory,
  signedPath,
  TRANSFER_AMOUNT,
  type OpKey,
  type Population,
  type ReadKey,
} from './lib/wallet-requests';
import { startReceiverProcess } from './lib/receiver-process';
import type { MemorySample, Results, SizeResult } from './lib/results';

// ---------------------------------------------------------------------------------------------
// Options

const { values: args } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    sizes: { type: 'string' },
    seconds: { type: 'string' },
    connections: { type: 'string' },
    out: { type: 'string' },
    'reuse-build': { type: 'boolean', default: false },
    'report-only': { type: 'boolean', default: false },
    skip: { type: 'string', default: '' },
    only: { type: 'string' },
    rounds: { type: 'string' },
  },
});
/** The figures of each size that --only can select. */
const FIGURES = [
  'reads',
  'scale',
  'issue',
  'transfer',
  'exhausted',
  'events',
  'slow-decision',
  'deposit',
  'screening',
  'spend',
  'dispute',
  'cardholder',
  'pages',
] as const;
type Figure = (typeof FIGURES)[number];
const ONLY = args.only
  ? new Set(
      args.only
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean),
    )
  : undefined;
const unknownFigures = [...(ONLY ?? [])].filter((x) => !(FIGURES as readonly string[]).includes(x));
/** Whether this run measures a figure (all of them unless --only names some). */
const wants = (figure: Figure) => !ONLY || ONLY.has(figure);
const STEPS = ['under-test', 'backoffice', 'js', 'profiles', 'pglite', 'npm-start-reads'] as const;
const SKIP = new Set(
  (args.skip ?? '')
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean),
);
const unknownSteps = [...SKIP].filter((x) => !(STEPS as readonly string[]).includes(x));
// --only measures its figures and nothing else, so `npm start`'s server is not needed.
// (With spend among them, the PGlite step stays, on the wallet service alone, for its authorize rate.)
// (With pages among them, the back-office step stays, through `npm start`'s server: its pages,
// and the JavaScript each route sends, unless --skip js.)
const PAGE_STEPS: readonly string[] = ['backoffice', 'js'];
if (ONLY)
  for (const step of STEPS)
    if (!(step === 'pglite' && ONLY.has('spend')) && !(PAGE_STEPS.includes(step) && ONLY.has('pages')))
      SKIP.add(step);
const NPM_START = !ONLY || ONLY.has('pages');
const QUICK = args.quick ?? false;
const SIZES = (args.sizes ?? (QUICK ? '1000,10000' : '1000,100000,1000000'))
  .split(',')
  .map((s) => Number(s.trim()))
  .filter((n) => Number.isInteger(n) && n >= 3);
const SECONDS = Number(args.seconds ?? (QUICK ? 3 : 8));
const WARMUP = QUICK ? 1 : 2;
/** Alternating service/floor windows per extension read and size (the median is kept). */
const SCALE_ROUNDS = QUICK ? 1 : 3;
/** Alternating rounds of the screening step against the smallest size's (odd: a clean median). */
const PAIRED_SCREENING_ROUNDS = QUICK ? 3 : 5;

/** The window with the median p50 of an odd number of them. */
function medianRound(rounds: readonly LoadResult[]): LoadResult {
  return [...rounds].sort((x, y) => x.p50 - y.p50)[Math.floor(rounds.length / 2)]!;
}
const CONNECTIONS = Number(args.connections ?? 8);
/**
 * Alternating windows per write figure (--rounds; 4 but for --quick), each after settleWrites:
 * the round with the median rate is kept. One window's disk (a commit's fsync on a shared
 * machine) moved a rate by a third between two windows a minute apart. An even number, because
 * the side measured first alternates (servers.ts turns): with 3 rounds one side went first twice,
 * and while a run's rates fall from window to window (issuance went 386, 155, 153/s in one run)
 * going first is an advantage the median of the rounds' ratios took in two rounds of three.
 */
const WRITE_ROUNDS = Number(args.rounds ?? (QUICK ? 1 : 4));

const OUT = path.resolve(
  args.out ?? (QUICK ? path.join(os.tmpdir(), 'card-wallet-bench', 'quick') : 'bench'),
);
const CARDS_PER_USER = 3;
const BACKOFFICE_USERS = QUICK || SKIP.has('backoffice') ? 0 : 100_000;
const PGLITE_CARDS = QUICK ? 10_000 : 100_000;
const UNDER_TEST_CARDS = SIZES.includes(100_000) ? 100_000 : SIZES[SIZES.length - 1]!;
/** The app's asset pays for the seeded cards only: fund it for the issuance and transfer loads. */
const FUNDING_MINOR = 1_000_000_000;
/** Operations profiled at the first size: the lightest read, the heaviest common one, and the two writes. */
const PROFILED = ['assets', 'list-first', 'issue', 'transfer'] as const;
const WATCHDOG_MS = (QUICK ? WATCHDOG_MINUTES.quick : WATCHDOG_MINUTES.full) * 60_000;

if (
  SIZES.length === 0 ||
  !(SECONDS > 0) ||
  !(CONNECTIONS > 0) ||
  !(Number.isInteger(WRITE_ROUNDS) && WRITE_ROUNDS >= 1) ||
  unknownSteps.length > 0 ||
  unknownFigures.length > 0 ||
  ONLY?.size === 0
) {
  console.error(
    `usage: npm run bench [-- --quick] [-- --sizes 1000,100000,1000000] [--seconds 8] [--connections 8] [--skip ${STEPS.join(',')}] [--only ${FIGURES.join(',')}] [--rounds 1]`,
  );
  process.exit(2);
}

const started = Date.now();
function log(line: string): void {
  const t = ((Date.now() - started) / 1000).toFixed(0).padStart(4);
  console.log(`[bench ${t}s] ${line}`);
}

// ---------------------------------------------------------------------------------------------
// Results

const results: Results = {
  command: `npm run bench${process.argv.length > 2 ? ` -- ${process.argv.slice(2).join(' ')}` : ''}`,
  date: new Date().toISOString(),
  quick: QUICK,
  settings: {
    seconds: SECONDS,
    warmupSeconds: WARMUP,
    connections: CONNECTIONS,
    cardsPerUser: CARDS_PER_USER,
    transferAmount: TRANSFER_AMOUNT,
    writeRounds: WRITE_ROUNDS,
  },
  machine: machineFacts(),
  loadBefore: os.loadavg(),
  snapshot: { fingerprint: '', state: 'reused' },
  servers: SERVER_COMMANDS,
  ...(SKIP.size ? { skipped: [...SKIP] } : {}),
  sizes: [],
  memory: [],
  errors: [],
};

function machineFacts(): Record<string, string | number> {
  const git = (cmd: string) => {
    try {
      return execSync(cmd, { cwd: ROOT, encoding: 'utf8' }).trim();
    } catch {
      return '?';
    }
  };
  const nextVersion = (
    JSON.parse(readFileSync(path.join(ROOT, 'node_modules/next/package.json'), 'utf8')) as {
      version: string;
    }
  ).version;
  return {
    cpu: os.cpus()[0]?.model ?? '?',
    nproc: os.availableParallelism(),
    memoryGiB: Math.round((os.totalmem() / 2 ** 30) * 10) / 10,
    node: process.version,
    next: nextVersion,
    platform: `${os.type()} ${os.release()}`,
    commit: `${git('git rev-parse --short HEAD')}${git('git status --porcelain') ? ' (working tree with uncommitted changes)' : ''}`,
  };
}

// ---------------------------------------------------------------------------------------------
// Steps

const label = (cards: number) =>
  cards >= 1_000_000 && cards % 1_000_000 === 0
    ? `${cards / 1_000_000}m`
    : cards >= 1000 && cards % 1000 === 0
      ? `${cards / 1000}k`
      : String(cards);

/** A measured load at one server (its warm-up included in the server's request count). */
/**
 * Before a write figure's rounds (with several), one window of it on each server, not measured:
 * on this machine's disk the first seconds of heavy writes run faster than what follows (issuance
 * fell from about 390 to about 150 cards/s over its first three windows, the service's and the
 * floor's alike, and then held), so the first measured round would otherwise be faster for
 * whichever side it starts with.
 */
async function writeBurst(
  url: string,
  servers: readonly Server[],
  key: OpKey,
  p: Population,
  onSuccess?: () => void,
): Promise<LoadResult[]> {
  const windows: LoadResult[] = [];
  if (WRITE_ROUNDS < 2) return windows;
  for (const server of servers) {
    await settleWrites(url);
    windows.push(await measureWallet(server, key, p, onSuccess));
  }
  return windows;
}

async function measureWallet(server: Server, key: OpKey, p: Population, onSuccess?: () => void) {
  const r = await measure({
    url: server.baseUrl,
    connections: CONNECTIONS,
    seconds: SECONDS,
    warmupSeconds: key === 'issue' || key === 'transfer' ? Math.min(1, WARMUP) : WARMUP,
    next: requestFactory(BENCH_APP, key, p),
    serverCpuMs: () => groupCpuMs(server.process.pid),
    ...(onSuccess ? { onSuccess } : {}),
  });
  server.requests += r.total + (r.warmupTotal ?? 0);
  return r;
}

/**
 * A few sequential calls of each operation before any load: the first requests of a fresh
 * server compile and cache (and PGlite reads its files), which no load window should include.
 * Answers, for each operation whose data is a list, the mean number of rows the calls returned.
 */
async function prime(
  server: Server,
  keys: readonly OpKey[],
  p: Population,
): Promise<Partial<Record<OpKey, number>>> {
  const rows: Partial<Record<OpKey, number>> = {};
  for (const key of keys) {
    const next = requestFactory(BENCH_APP, key, p);
    const counts: number[] = [];
    for (let i = 0; i < 3; i++) {
      const { method, path: target } = next();
      server.requests++;
      const response = await fetch(`${server.baseUrl}${target}`, {
        method,
        signal: AbortSignal.timeout(60_000),
      });
      const body = await response.text();
      if (!walletSuccess(response.status, body)) {
        throw new Error(
          `${key} on ${server.kind} (${server.baseUrl}) answered HTTP ${response.status}: ${body.slice(0, 200)}`,
        );
      }
      const list = (JSON.parse(body) as { data?: { list?: unknown } }).data?.list;
      if (Array.isArray(list)) counts.push(list.length);
    }
    if (counts.length) rows[key] = counts.reduce((a, b) => a + b, 0) / counts.length;
  }
  return rows;
}

function noteFailures(what: string, r: LoadResult): void {
  if (r.ok === 0) results.errors.push(`${what}: no successful response in the measured run`);
  else if (r.failed) results.errors.push(`${what}: ${r.failed} failed response(s), e.g. ${r.failureSample}`);
}

/** The server's peak and current resident memory now, recorded with what it has served. */
async function recordMemory(
  server: Server,
  storage: MemorySample['storage'],
  cards: number,
  served: string,
): Promise<void> {
  const heap = await heapMetrics(server);
  server.requests++;
  const memory = groupMemory(server.process.pid);
  if (!memory) {
    results.errors.push(`${server.kind} at ${label(cards)} (${storage}): its memory could not be read`);
    return;
  }
  results.memory!.push({
    server: server.kind,
    storage,
    cards,
    requests: server.requests,
    served,
    ...memory,
    ...(server.atStart ? { startRssBytes: server.atStart.rssBytes } : {}),
    ...(server.atStartHeap ? { startHeap: server.atStartHeap } : {}),
    ...(heap ? { heap } : {}),
  });
  const mbText = (b: number) => `${(b / 1e6).toFixed(0)} MB`;
  log(
    `  memory of ${server.kind} (${storage}, after ${server.requests.toLocaleString('en-US')} requests): peak RSS ${mbText(memory.peakRssBytes)}, now ${mbText(memory.rssBytes)}${server.atStart ? `, ${mbText(server.atStart.rssBytes)} when ready` : ''}${heap ? `; V8 heap ${mbText(heap.total)} (${mbText(heap.used)} used), external ${mbText(heap.external)}` : ''}${memory.others.length ? `; also in its group: ${memory.others.map((o) => `${o.name} ${mbText(o.peakRssBytes)}`).join(', ')}` : ''}`,
  );
}

/** Whether a size measures anything that reads disputes: the dispute figure or the back-office pages. */
const measuresDisputes = wants('dispute') || (NPM_START && !SKIP.has('backoffice'));

/** bench/lib/disputes.ts's seed, logged: how many and how long. */
async function seedDisputesLogged(url: string): Promise<{ count: number; seconds: number }> {
  const seeded = await seedDisputes(url);
  log(`  seeded ${seeded.rows.toLocaleString('en-US')} disputes in ${seeded.seconds.toFixed(1)} s`);
  return { count: seeded.rows, seconds: seeded.seconds };
}

async function measureBackoffice(app: Server): Promise<Record<string, LoadResult | { status: number }>> {
  const cookie = await signIn(app.baseUrl, BENCH_ADMIN.email, BENCH_ADMIN.password);
  const out: Record<string, LoadResult | { status: number }> = {};
  // /disputes: its first page reads dispute/list once (the page) and dispute/summary once (the
  // due-soon list and the navigation's count), over one seeded dispute per card.
  for (const route of ['/', '/cards', '/transactions', '/disputes']) {
    const status = await routeStatus(app.baseUrl, route, cookie);
    if (status !== 200) {
      log(`  back-office ${route}: HTTP ${status}, not measured`);
      out[route] = { status };
      continue;
    }
    const r = await measurePage({
      baseUrl: app.baseUrl,
      route,
      cookie,
      connections: 1,
      seconds: SECONDS,
      warmupSeconds: WARMUP,
      serverCpuMs: () => groupCpuMs(app.process.pid),
    });
    app.requests += r.total + (r.warmupTotal ?? 0);
    log(`  back-office ${route} (1 connection): ${describe(r)} · p95 ${r.p95.toFixed(1)} ms`);
    out[route] = r;
  }
  return out;
}

/**
 * The smallest size's database, kept after its size when a larger one will time the screening
 * step against it in alternating rounds (measurePairedSteps); dropped at the end of the run.
 */
let screeningReference: { url: string; cards: number; drop: () => Promise<void> } | undefined;

async function runSize(snapshot: Snapshot, adminUrl: string, cards: number, first: boolean): Promise<void> {
  const users = Math.max(1, Math.round(cards / CARDS_PER_USER));
  log(
    `== ${(users * CARDS_PER_USER).toLocaleString('en-US')} cards (${users.toLocaleString('en-US')} users) on PostgreSQL`,
  );
  const db = await createDatabase(adminUrl, label(cards));
  let wallet: Server | undefined;
  let app: Server | undefined;
  let floor: Server | undefined;
  try {
    const storage = { kind: 'postgres', url: db.url } as const;
    const seedSeconds = await seed({
      snapshotDir: snapshot.dir,
      storage,
      users,
      cardsPerUser: CARDS_PER_USER,
      log: (l) => log(`  ${l}`),
    });
    const p = await loadPopulation(db.url, users);
    await fund(db.url, p.agencyAssetId, FUNDING_MINOR);
    // A card network's history (bench/lib/spending.ts), before the vacuum: 10 per card.
    const seededAuthorizations = wants('spend')
      ? await seedAuthorizations(db.url, SEEDED_AUTHORIZATIONS_PER_CARD)
      : { rows: 0, seconds: 0 };
    if (wants('spend'))
      log(
        `  seeded ${seededAuthorizations.rows.toLocaleString('en-US')} authorizations in ${seededAuthorizations.seconds.toFixed(1)} s`,
      );
    // A programme's disputes (one card in 20), so /disputes is read over them and dispute/create
    // runs beside them: whenever the dispute figure or the back-office pages are measured.
    const seededDisputes = measuresDisputes ? await seedDisputesLogged(db.url) : undefined;
    const quietSeconds = await quiesceDatabase(db.url);
    log(`  vacuumed, checkpointed and waited for autovacuum: ${quietSeconds.toFixed(1)} s`);
    const [dbSize] = await query<{ bytes: string }>(
      db.url,
      `select pg_database_size(current_database()) as bytes`,
    );
    const size: SizeResult = {
      cards: users * CARDS_PER_USER,
      users,
      seedSeconds,
      dbBytes: Number(dbSize?.bytes ?? NaN),
      reads: {},
      backoffice: {},
      ...(seededDisputes ? { seededDisputes } : {}),
    };
    results.sizes.push(size);
    size.plans = await explainPlans(db.url, p);
    size.loadAverage = os.loadavg()[0];
    for (const plan of size.plans) log(`  plan of ${plan.query}: ${plan.plan} (${plan.ms.toFixed(2)} ms)`);
    // All three stay up for the size; only the one under load is busy.
    wallet = await startWallet({ snapshotDir: snapshot.dir, storage });
    floor = await startFloor({ snapshotDir: snapshot.dir, databaseUrl: db.url });
    if (NPM_START) app = await startApp({ snapshotDir: snapshot.dir, storage });
    // The cards the purchases use, funded through the service before the floor check uses one.
    if (wants('spend')) p.spendCards = await fundSpendCards(wallet, p);
    // The cleared purchases the disputes dispute, made through the service (bench/lib/disputes.ts).
    const disputedPurchases = wants('dispute') ? await clearedPurchases(wallet, p) : [];

    if (wants('deposit') || wants('screening')) await prepareDeposits(db.url, wallet, p, size);

    if (first) {
      log("  checking that the floor runs the service's SQL and answers what it answers");
      const check = await verifyFloor({
        snapshotDir: snapshot.dir,
        databaseUrl: db.url,
        population: p,
        deepPage: deepPage(p),
        servers: app ? [wallet, app] : [wallet],
        floor,
      });
      results.floorCheck = check;
      for (const c of check.sql)
        log(`    SQL ${c.ok ? 'same' : 'DIFFERENT'}: ${c.operation} (${c.service.length} statements)`);
      for (const c of check.output)
        log(
          `    answer ${c.ok ? 'same' : 'DIFFERENT'}: ${c.operation} (${c.server})${c.ok ? '' : ` (${c.detail})`}`,
        );
      if (!check.ok)
        results.errors.push(
          "the floor does not run exactly the service's SQL or answer what it answers: see floorCheck",
        );
    }
    const viaNpmStart = app !== undefined && first && !SKIP.has('npm-start-reads') && wants('reads');
    log(
      `  wallet ${wallet.baseUrl}, floor ${floor.baseUrl}${app ? `, npm start ${app.baseUrl}` : ''}; ${CONNECTIONS} connections, ${WARMUP} s warm-up + ${SECONDS} s each; deep page = ${deepPage(p)}, deepest ledger page = ${ledgerDeepPage(p)} (of ${p.agencyLedgerLength.toLocaleString('en-US')} entries)`,
    );

    if (wants('reads')) await prime(wallet, READ_KEYS, p);
    if (wants('reads')) await prime(floor, READ_KEYS, p);
    if (viaNpmStart) await prime(app!, READ_KEYS, p);
    for (const key of wants('reads') ? READ_KEYS : []) {
      const a = await measureWallet(wallet, key, p);
      const f = await measureWallet(floor, key, p);
      const n = viaNpmStart ? await measureWallet(app!, key, p) : undefined;
      size.reads[key] = { app: a, floor: f, ...(n ? { npmStart: n } : {}) };
      log(
        `  ${OPERATIONS[key].label}\n      wallet    ${describe(a)}\n      floor     ${describe(f)}${n ? `\n      npm start ${describe(n)}` : ''}\n      wallet/floor: p50 ${(a.p50 / f.p50).toFixed(2)}x, CPU ${((a.cpuMsPerRequest ?? NaN) / (f.cpuMsPerRequest ?? NaN)).toFixed(2)}x`,
      );
      noteFailures(`${label(cards)} ${key} (wallet)`, a);
      noteFailures(`${label(cards)} ${key} (floor)`, f);
      if (n) noteFailures(`${label(cards)} ${key} (npm start)`, n);
    }

    // The extension reads, whose cost must not grow with the data: the service and the floor,
    // alternating, SCALE_ROUNDS times each. Their target compares two sizes measured minutes
    // apart, so one window's noise would be the ratio's noise: the round with the median p50 is
    // kept (every round's p50 is in scaleRounds).
    const scaleKeys = wants('scale') ? SCALE_KEYS : [];
    size.answerRows = await prime(wallet, scaleKeys, p);
    await prime(floor, scaleKeys, p);
    size.scaleRounds = {};
    for (const key of scaleKeys) {
      const rounds: { app: LoadResult[]; floor: LoadResult[] } = { app: [], floor: [] };
      for (let round = 0; round < SCALE_ROUNDS; round++) {
        rounds.app.push(await measureWallet(wallet, key, p));
        rounds.floor.push(await measureWallet(floor, key, p));
      }
      const a = medianRound(rounds.app);
      const f = medianRound(rounds.floor);
      size.reads[key] = { app: a, floor: f };
      size.scaleRounds[key] = { app: rounds.app.map((r) => r.p50), floor: rounds.floor.map((r) => r.p50) };
      log(
        `  ${OPERATIONS[key].label} (median of ${SCALE_ROUNDS} rounds; p50s wallet ${rounds.app.map((r) => r.p50.toFixed(2)).join(', ')}; floor ${rounds.floor.map((r) => r.p50.toFixed(2)).join(', ')})\n      wallet    ${describe(a)}\n      floor     ${describe(f)}\n      wallet/floor: p50 ${(a.p50 / f.p50).toFixed(2)}x, CPU ${((a.cpuMsPerRequest ?? NaN) / (f.cpuMsPerRequest ?? NaN)).toFixed(2)}x`,
      );
      for (const r of rounds.app) noteFailures(`${label(cards)} ${key} (wallet)`, r);
      for (const r of rounds.floor) noteFailures(`${label(cards)} ${key} (floor)`, r);
    }

    if (wants('issue')) await measureIssuance(db.url, wallet, floor, p, size);
    if (wants('transfer')) {
      const { url } = db;
      await measureTransfers(url, wallet, floor, p, size, () =>
        startFloor({ snapshotDir: snapshot.dir, databaseUrl: url, transferOrder: 'old' }),
      );
    }
    if (size.deposits) await measureDeposits(db.url, wallet, floor, p, size);
    if (first && size.deposits?.screening?.step && SIZES.length > 1)
      screeningReference = { url: db.url, cards: size.cards, drop: () => db.drop() };
    if (cards === SIZES[0] && wants('exhausted')) await measureExhausted(db.url, wallet, p, size);
    if (cards === SIZES[0] && wants('events')) await measureEvents(db.url, wallet, p, size);
    if (cards === SIZES[0] && wants('slow-decision')) {
      size.slowDecision = await measureSlowDecision({
        url: db.url,
        baseUrl: wallet.baseUrl,
        population: p,
        connections: CONNECTIONS,
        seconds: SECONDS,
        warmupSeconds: WARMUP,
        rounds: WRITE_ROUNDS,
        log,
        sent: (requests) => (wallet!.requests += requests),
      });
    }
    if (cards === SIZES[0] && wants('cardholder')) {
      size.cardholder = await measureCardholder({
        url: db.url,
        snapshotDir: snapshot.dir,
        wallet,
        population: p,
        settings: { connections: CONNECTIONS, seconds: SECONDS, warmupSeconds: WARMUP, rounds: WRITE_ROUNDS },
        log,
      });
      for (const [what, r] of [
        ['me/cards (wallet)', size.cardholder.meCards.app],
        ['me/cards (floor)', size.cardholder.meCards.floor],
      ] as const)
        noteFailures(`${label(size.cards)} ${what}`, r);
    }
    if (wants('spend')) {
      size.spending = await measureSpending({
        url: db.url,
        wallet,
        floor,
        cards: p.spendCards!,
        settings: { connections: CONNECTIONS, seconds: SECONDS, warmupSeconds: WARMUP, rounds: WRITE_ROUNDS },
        seeded: seededAuthorizations,
        log,
      });
      const s = size.spending;
      for (const [what, r] of [
        ['authorize (wallet)', s.authorize.app],
        ['authorize (floor)', s.authorize.floor],
        ['clear (wallet)', s.clear?.app],
        ['clear (floor)', s.clear?.floor],
      ] as const)
        if (r) noteFailures(`${label(size.cards)} ${what}`, r);
      if (!s.guarantees.ok)
        results.errors.push(`${label(size.cards)}: a money guarantee broke after card spending`);
    }

    if (wants('dispute')) {
      size.disputes = await measureDisputes({
        url: db.url,
        wallet,
        floor,
        purchases: disputedPurchases,
        settings: { connections: CONNECTIONS, seconds: SECONDS, warmupSeconds: WARMUP, rounds: WRITE_ROUNDS },
        log,
      });
      const d = size.disputes;
      for (const [what, r] of [
        ['dispute/create (wallet)', d.create.app],
        ['dispute/create (floor)', d.create.floor],
        ['dispute WON (wallet)', d.won.app],
        ['dispute WON (floor)', d.won.floor],
      ] as const)
        noteFailures(`${label(size.cards)} ${what}`, r);
      if (!d.guarantees.ok) results.errors.push(`${label(size.cards)}: a dispute guarantee broke`);
    }

    const underTest = cards === UNDER_TEST_CARDS && !SKIP.has('under-test');
    if (underTest) await issuanceUnderTest(adminUrl, db.url, wallet, p, size.cards);
    await recordMemory(
      wallet,
      'postgres',
      size.cards,
      `the signed reads, issuance and transfers${underTest ? ', and issuance during the pg tests' : ''}`,
    );
    await recordMemory(floor, 'postgres', size.cards, 'the signed reads, issuance and transfers');

    if (app) {
      if (!SKIP.has('backoffice')) size.backoffice = await measureBackoffice(app);
      const js = QUICK && cards === SIZES[SIZES.length - 1] && !SKIP.has('js');
      if (js) await firstLoadJs(app, db.url);
      await recordMemory(
        app,
        'postgres',
        size.cards,
        [
          viaNpmStart ? 'the signed reads' : '',
          SKIP.has('backoffice') ? '' : 'the back-office pages',
          js ? 'the first-load JS visits' : '',
        ]
          .filter(Boolean)
          .join(', ') || 'start-up only',
      );
    }

    if (first && !SKIP.has('profiles')) {
      // Where the time goes: the wallet service and the floor again, one at a time, under the
      // CPU profiler.
      await floor.stop();
      await wallet.stop();
      await app?.stop();
      wallet = app = floor = undefined;
      results.profiles = [];
      for (const key of PROFILED) {
        log(`  profiling ${OPERATIONS[key].label} (wallet, then floor, under V8's CPU profiler)`);
        const profile = await profileOperation({
          snapshotDir: snapshot.dir,
          databaseUrl: db.url,
          key,
          population: p,
          seconds: SECONDS,
          connections: CONNECTIONS,
        });
        results.profiles.push({ cards: size.cards, ...profile });
        for (const side of ['app', 'floor'] as const) {
          const s = profile[side];
          if (s)
            log(
              `    ${side === 'app' ? 'wallet' : side}: ${s.cpuMsPerRequest.toFixed(2)} ms CPU/req\n      ${describeProfile(s, 6).join('\n      ')}`,
            );
        }
      }
    }
  } finally {
    await floor?.stop();
    await wallet?.stop();
    await app?.stop();
    if (screeningReference?.url !== db.url) await db.drop();
  }
}

/**
 * 4.3 issuance on the service then the floor, and the money guarantees after both: every success
 * the clients saw (warm-ups included) must be exactly one new card.
 */
async function measureIssuance(
  url: string,
  wallet: Server,
  floor: Server,
  p: Population,
  size: SizeResult,
): Promise<void> {
  const before = await mark(url, p.agencyAssetId);
  let issued = 0;
  const rounds: { app: LoadResult[]; floor: LoadResult[] } = { app: [], floor: [] };
  const burst = await writeBurst(url, [wallet, floor], 'issue', p, () => issued++);
  for (let round = 0; round < WRITE_ROUNDS; round++) {
    // In turns (service first, then floor first...), so that a drift over the rounds favours neither.
    for (const side of turns(round)) {
      await settleWrites(url);
      rounds[side].push(await measureWallet(side === 'app' ? wallet : floor, 'issue', p, () => issued++));
    }
  }
  const a = medianRate(rounds.app);
  const f = medianRate(rounds.floor);
  const guarantees = await checkGuarantees({
    url,
    agencyAssetId: p.agencyAssetId,
    since: before,
    reportedIssued: issued,
    abandoned: [...burst, ...rounds.app, ...rounds.floor].flatMap((r) => r.abandoned),
  });
  size.issuance = {
    app: a,
    floor: f,
    guarantees,
    ...(WRITE_ROUNDS > 1
      ? { rounds: { app: rounds.app.map((r) => r.rps), floor: rounds.floor.map((r) => r.rps) } }
      : {}),
  };
  log(
    `  ${OPERATIONS.issue.label}${WRITE_ROUNDS > 1 ? ` (median of ${WRITE_ROUNDS} rounds; wallet ${rounds.app.map((r) => r.rps.toFixed(0)).join(', ')}/s; floor ${rounds.floor.map((r) => r.rps.toFixed(0)).join(', ')}/s)` : ''}\n      wallet ${describe(a)}\n      floor  ${describe(f)}\n      wallet/floor rate ${(a.rps / f.rps).toFixed(2)}; guarantees ${guarantees.ok ? 'all held' : 'BROKEN'} (${guarantees.cardsCreated} cards issued)`,
  );
  for (const c of guarantees.checks) if (!c.ok) log(`      BROKEN: ${c.name}: ${c.detail}`);
  if (!guarantees.ok) results.errors.push(`${label(size.cards)}: a money guarantee broke after issuance`);
  for (const r of rounds.app) noteFailures(`${label(size.cards)} issue (wallet)`, r);
  for (const r of rounds.floor) noteFailures(`${label(size.cards)} issue (floor)`, r);
}

/**
 * Transfers from the agency asset to random users' wallets, on the service then the floor, then
 * on a floor running the statement order before issue 46 (the agency's row locked first: the
 * gain of locking it last), and the money guarantees after all three: every success the clients
 * saw (warm-ups included) must be exactly one transfer with its two ledger entries.
 */
async function measureTransfers(
  url: string,
  wallet: Server,
  floor: Server,
  p: Population,
  size: SizeResult,
  startOldOrderFloor: () => Promise<Server>,
): Promise<void> {
  // A failing transfer (a refusal, a broken route) stops here with its answer, before any load.
  await prime(wallet, ['transfer'], p);
  await prime(floor, ['transfer'], p);
  const before = await mark(url, p.agencyAssetId);
  let transferred = 0;
  const rounds: { app: LoadResult[]; floor: LoadResult[] } = { app: [], floor: [] };
  const wal: { app: WalFigure[]; floor: WalFigure[]; old: WalFigure[] } = { app: [], floor: [], old: [] };
  // One window on `server`, with the WAL and disk writes it cost per transfer (bench/lib/wal-meter.ts).
  const window = async (server: Server, figures: WalFigure[]): Promise<LoadResult> => {
    let made = 0;
    const before = await walSample(url);
    const result = await measureWallet(server, 'transfer', p, () => {
      transferred++;
      made++;
    });
    figures.push(walFigure(before, await walSample(url), made));
    return result;
  };
  const burst = await writeBurst(url, [wallet, floor], 'transfer', p, () => transferred++);
  for (let round = 0; round < WRITE_ROUNDS; round++) {
    // In turns (service first, then floor first...), so that a drift over the rounds favours neither.
    for (const side of turns(round)) {
      await settleWrites(url);
      rounds[side].push(await window(side === 'app' ? wallet : floor, wal[side]));
    }
  }
  const oldOrder: LoadResult[] = [];
  const oldFloor = await startOldOrderFloor();
  try {
    // Its priming transfers come after the mark: prime sends three, each one a success or a throw.
    await prime(oldFloor, ['transfer'], p);
    transferred += 3;
    for (let round = 0; round < WRITE_ROUNDS; round++) {
      await settleWrites(url);
      oldOrder.push(await window(oldFloor, wal.old));
    }
  } finally {
    await oldFloor.stop();
  }
  const a = medianRate(rounds.app);
  const f = medianRate(rounds.floor);
  const o = medianRate(oldOrder);
  const walApp = medianWal(wal.app);
  const walFloor = medianWal(wal.floor);
  const walOld = medianWal(wal.old);
  const guarantees = await checkTransferGuarantees({
    url,
    fromAssetId: p.agencyAssetId,
    since: before,
    reportedTransfers: transferred,
    abandoned: [...burst, ...rounds.app, ...rounds.floor, ...oldOrder].flatMap((r) => r.abandoned),
  });
  size.transfer = {
    app: a,
    floor: f,
    oldOrderFloor: o,
    ...(walApp && walFloor && walOld ? { wal: { app: walApp, floor: walFloor, oldOrderFloor: walOld } } : {}),
    guarantees,
    ...(WRITE_ROUNDS > 1
      ? { rounds: { app: rounds.app.map((r) => r.rps), floor: rounds.floor.map((r) => r.rps) } }
      : {}),
  };
  log(
    `  ${OPERATIONS.transfer.label}${WRITE_ROUNDS > 1 ? ` (median of ${WRITE_ROUNDS} rounds; wallet ${rounds.app.map((r) => r.rps.toFixed(0)).join(', ')}/s; floor ${rounds.floor.map((r) => r.rps.toFixed(0)).join(', ')}/s)` : ''}\n      wallet ${describe(a)}\n      floor  ${describe(f)}\n      wallet/floor rate ${(a.rps / f.rps).toFixed(2)}; old-order floor ${o.rps.toFixed(0)}/s; guarantees ${guarantees.ok ? 'all held' : 'BROKEN'} (${guarantees.transfersCreated} transfers)${walApp ? `\n      wallet ${describeWal(walApp)}` : ''}${walFloor ? `\n      floor  ${describeWal(walFloor)}` : ''}${walOld ? `\n      old-order floor ${describeWal(walOld)}` : ''}`,
  );
  for (const c of guarantees.checks) if (!c.ok) log(`      BROKEN: ${c.name}: ${c.detail}`);
  if (!guarantees.ok) results.errors.push(`${label(size.cards)}: a money guarantee broke after transfers`);
  for (const r of rounds.app) noteFailures(`${label(size.cards)} transfer (wallet)`, r);
  for (const r of rounds.floor) noteFailures(`${label(size.cards)} transfer (floor)`, r);
}

/**
 * Deposits (issue 29, bench/lib/deposits.ts): deposit addresses for some seeded users, made by the
 * service, and a history of as many deposits as the size has cards, before anything is measured.
 */
async function prepareDeposits(url: string, wallet: Server, p: Population, size: SizeResult): Promise<void> {
  const addresses = await depositAddresses(wallet, p);
  const historySeconds = await seedDepositHistory(url, size.cards);
  p.depositAddresses = addresses;
  size.deposits = { setup: { users: addresses.length, history: size.cards, historySeconds } };
  log(
    `  deposits: ${addresses.length} users with a deposit address; a history of ${size.cards.toLocaleString('en-US')} credited deposits written in ${historySeconds.toFixed(1)} s`,
  );
}

/** Deposits credited per second against the floor, and a deposit's latency on one connection. */
async function measureDeposits(
  url: string,
  wallet: Server,
  floor: Server,
  p: Population,
  size: SizeResult,
): Promise<void> {
  const figures = size.deposits!;
  const settings = {
    url,
    wallet,
    floor,
    addresses: p.depositAddresses!,
    seconds: SECONDS,
    warmupSeconds: Math.min(1, WARMUP),
  };
  const held = (what: string, g: DepositGuaranteeReport) => {
    for (const c of g.checks) if (!c.ok) log(`      BROKEN: ${c.name}: ${c.detail}`);
    if (!g.ok) results.errors.push(`${label(size.cards)}: a deposit guarantee broke after ${what}`);
  };
  figures.plans = await explainScreening(url, SCREENING_STATEMENTS);
  for (const plan of figures.plans) log(`  plan of ${plan.query}: ${plan.plan} (${plan.ms.toFixed(3)} ms)`);
  if (wants('deposit')) {
    const rate = await measureDepositRate({ ...settings, connections: CONNECTIONS, rounds: WRITE_ROUNDS });
    figures.rate = rate;
    log(
      `  simulate/deposit, credited at once${rate.rounds ? ` (median of ${WRITE_ROUNDS} rounds; wallet ${rate.rounds.app.map((r) => r.toFixed(0)).join(', ')}/s; floor ${rate.rounds.floor.map((r) => r.toFixed(0)).join(', ')}/s)` : ''}\n      wallet ${describe(rate.app)}\n      floor  ${describe(rate.floor)}\n      wallet/floor rate ${(rate.app.rps / rate.floor.rps).toFixed(2)}; guarantees ${rate.guarantees.ok ? 'all held' : 'BROKEN'} (${rate.guarantees.depositsCreated} deposits)`,
    );
    held('the deposit load', rate.guarantees);
    noteFailures(`${label(size.cards)} deposit (wallet)`, rate.app);
    noteFailures(`${label(size.cards)} deposit (floor)`, rate.floor);
  }
  if (wants('screening')) {
    const s = await measureScreening({ ...settings, rounds: SCALE_ROUNDS });
    s.step = await measureScreeningStep(url, { rounds: SCALE_ROUNDS, iterations: QUICK ? 200 : 500 });
    figures.screening = s;
    log(
      `  a deposit on one connection, screening included, over ${size.cards.toLocaleString('en-US')} deposits (median of ${SCALE_ROUNDS} rounds; p50s wallet ${s.rounds.app.map((r) => r.toFixed(2)).join(', ')}; floor ${s.rounds.floor.map((r) => r.toFixed(2)).join(', ')})\n      wallet ${describe(s.app)}\n      floor  ${describe(s.floor)}\n      guarantees ${s.guarantees.ok ? 'all held' : 'BROKEN'}
      the screening step alone (totals, rules, verdict; ${s.step.iterations} per round): p50 ${s.step.p50.toFixed(3)} ms, p90 ${s.step.p90.toFixed(3)} ms (round p50s ${s.step.rounds.map((r) => r.toFixed(3)).join(', ')})`,
    );
    if (screeningReference) {
      s.paired = await measurePairedSteps(url, screeningReference, {
        rounds: PAIRED_SCREENING_ROUNDS,
        iterations: QUICK ? 200 : 500,
      });
      log(
        `      the screening step here and at ${cardsLabel(screeningReference.cards)} in alternating rounds: ${s.paired.ratio.toFixed(2)}× (rounds ${s.paired.rounds.map((r) => `${r.own.toFixed(3)}/${r.reference.toFixed(3)} ms`).join(', ')})`,
      );
    }
    held('the one-connection deposits', s.guarantees);
    noteFailures(`${label(size.cards)} deposit, one connection (wallet)`, s.app);
    noteFailures(`${label(size.cards)} deposit, one connection (floor)`, s.floor);
  }
}

/** How many cards the exhausted asset's funds pay for. */
const EXHAUSTED_FUNDS_FOR = 100;

/**
 * 4.4 issuance from one user's wallet funded for exactly EXHAUSTED_FUNDS_FOR cards, by
 * CONNECTIONS clients at once for SECONDS: the funds run out early in the load, and every later
 * application must be refused (4001) without a cent leaving the asset.
 */
async function measureExhausted(url: string, wallet: Server, p: Population, size: SizeResult): Promise<void> {
  const walletAssetId = p.walletAssets[0]![0];
  const [row] = await query<{ app_user_id: string; balance: string; fee: string }>(
    url,
    `select u.app_user_id, a.balance, (select fee from wallet.card_categories where id = $2) as fee
       from wallet.assets a join wallet.users u on u.id = a.user_id where a.id = $1`,
    [walletAssetId, p.categoryId],
  );
  const fee = Number(row!.fee);
  const balance = Number(row!.balance);
  // Up to a whole number of fees, plus EXHAUSTED_FUNDS_FOR more: the asset pays for exactly that many.
  const target = (Math.ceil(balance / fee) + EXHAUSTED_FUNDS_FOR) * fee;
  await fund(url, walletAssetId, target - balance);
  const fundedFor = target / fee;
  const before = await mark(url, walletAssetId);
  let issued = 0;
  let refused = 0;
  const load = await measure({
    url: wallet.baseUrl,
    connections: CONNECTIONS,
    seconds: SECONDS,
    warmupSeconds: 0,
    next: () => {
      const requestId = `bench-${randomUUID()}`;
      const request = signedPath(BENCH_APP, 'userApplyCard', {
        appUserId: row!.app_user_id,
        paymentAssetId: walletAssetId,
        categoryId: p.categoryId,
        embossedName: 'BENCH USER',
        requestId,
      });
      return { ...request, tag: requestId };
    },
    check: (status, body) => status === 200 && /^\{"code":(0|4001),/.test(body),
    onSuccess: (body) => (body.startsWith('{"code":0,') ? issued++ : refused++),
    serverCpuMs: () => groupCpuMs(wallet.process.pid),
  });
  wallet.requests += load.total;
  const guarantees = await checkExhaustedGuarantees({
    url,
    assetId: walletAssetId,
    since: before,
    fundedFor,
    reportedIssued: issued,
    refused,
    abandoned: load.abandoned,
  });
  size.exhausted = { load, fundedFor, issued, refused, guarantees };
  log(
    `  4.4 issuance past a wallet's funds (for ${fundedFor} cards): ${issued} issued, ${refused} refused (4001), ${load.failed} other answers; guarantees ${guarantees.ok ? 'all held' : 'BROKEN'}`,
  );
  for (const c of guarantees.checks) if (!c.ok) log(`      BROKEN: ${c.name}: ${c.detail}`);
  if (!guarantees.ok)
    results.errors.push(`${label(size.cards)}: a money guarantee broke issuing past a wallet's funds`);
  noteFailures(`${label(size.cards)} issuance past the funds`, load);
}

/**
 * Webhook delivery under load (issue 14): one endpoint, a receiver on 127.0.0.1 answering 204,
 * subscribed to card.issued, while issuance runs at full rate on the service; then until every
 * event is delivered. Each delivery's lag is from its event's createdAt (stamped in the
 * issuance's transaction) to its arrival. Just before each such window, the same issuance load
 * with no endpoint (the baseline of issue 27's target: with an endpoint ≥ 0.9× without); with
 * --rounds, each round adds its own endpoint and waits for its deliveries before the next.
 */
async function measureEvents(url: string, wallet: Server, p: Population, size: SizeResult): Promise<void> {
  log('  webhook deliveries while card issuance runs at full rate (a receiver on 127.0.0.1)');
  // In a process of its own, with Node's default keep-alive (5 s), as a receiver behind any common
  // server keeps at least: at the test receiver's 1 s, Node's client opens a connection per
  // delivery (it keeps a 1 s margin).
  const receiver = await startReceiverProcess();
  try {
    const loads: LoadResult[] = [];
    const baselines: LoadResult[] = [];
    const windows: [number, number][] = [];
    // How each delivery ended ("DELIVERED", "PENDING (answered HTTP 503)"), over the rounds.
    const ended = new Map<string, number>();
    const without = async () => {
      await settleWrites(url);
      baselines.push(await measureWallet(wallet, 'issue', p));
    };
    const withEndpoint = async () => {
      const add = signedPath(BENCH_APP, 'webhookAdd', { url: receiver.url, events: 'card.issued' });
      const added = (await (await fetch(`${wallet.baseUrl}${add.path}`, { method: add.method })).json()) as {
        code: number;
        msg: string;
        data?: { endpointId: number };
      };
      if (added.code !== 0) throw new Error(`webhook/add: ${added.code} ${added.msg}`);
      const endpointId = added.data!.endpointId;
      await settleWrites(url);
      const startedAt = Date.now();
      loads.push(await measureWallet(wallet, 'issue', p));
      windows.push([startedAt, Date.now()]);
      // Until the service has nothing left to try for this endpoint (or two minutes), from a
      // second after the load: calls cut off when it stopped may still be committing.
      await new Promise((r) => setTimeout(r, 1_000));
      const deadline = Date.now() + 120_000;
      for (;;) {
        const [pending] = await query<{ n: number }>(
          url,
          `select count(*)::int as n from wallet.event_deliveries where endpoint_id = $1 and status = 'PENDING'`,
          [endpointId],
        );
        if (pending!.n === 0 || Date.now() > deadline) break;
        await new Promise((r) => setTimeout(r, 250));
      }
      // One delivery row per event written for the endpoint (its delete takes them with it).
      for (const o of await query<{ status: string; error: string; n: number }>(
        url,
        `select status, coalesce(last_error, '') as error, count(*)::int as n
             from wallet.event_deliveries where endpoint_id = $1 group by 1, 2`,
        [endpointId],
      )) {
        const key = `${o.status}${o.error ? ` (${o.error})` : ''}`;
        ended.set(key, (ended.get(key) ?? 0) + o.n);
      }
      const remove = signedPath(BENCH_APP, 'webhookDelete', { endpointId });
      await fetch(`${wallet.baseUrl}${remove.path}`, { method: remove.method });
    };
    await writeBurst(url, [wallet], 'issue', p);
    // In turns (without first, then with first...), so that a drift over the rounds favours neither.
    for (let round = 0; round < WRITE_ROUNDS; round++) {
      for (const side of turns(round)) await (side === 'app' ? without() : withEndpoint());
    }
    const endedAt = windows[windows.length - 1]![1];
    const outcomes = [...ended].map(([status, n]) => ({ status, n })).sort((x, y) => y.n - x.n);
    const events = outcomes.reduce((sum, o) => sum + o.n, 0);
    const received = await receiver.arrivals();
    const lags = received.map((r) => r.arrivedAt - Date.parse(r.createdAt)).sort((x, y) => x - y);
    const at = (q: number) => lags[Math.min(lags.length - 1, Math.floor(q * lags.length))] ?? NaN;
    const during = received.filter((r) =>
      windows.some(([from, to]) => r.arrivedAt >= from && r.arrivedAt <= to),
    ).length;
    const ids = received.map((r) => r.eventId);
    const load = medianRate(loads);
    const baseline = medianRate(baselines);
    size.events = {
      load,
      baseline,
      ...(WRITE_ROUNDS > 1
        ? { rounds: { with: loads.map((r) => r.rps), without: baselines.map((r) => r.rps) } }
        : {}),
      events,
      receiver: 'process',
      outcomes: outcomes.map((o) => `${o.status}: ${o.n}`),
      received: received.length,
      duplicates: ids.length - new Set(ids).size,
      deliveredPerSecond: during / (windows.reduce((sum, [from, to]) => sum + (to - from), 0) / 1000),
      lagP50: at(0.5),
      lagP99: at(0.99),
      lagMax: lags[lags.length - 1] ?? NaN,
      drainSeconds: (Math.max(...received.map((r) => r.arrivedAt)) - endedAt) / 1000,
    };
    const undelivered = outcomes.filter((o) => o.status !== 'DELIVERED').reduce((sum, o) => sum + o.n, 0);
    if (undelivered > 0) {
      results.errors.push(
        `${label(size.cards)}: ${undelivered} of ${events} webhook deliveries not made within 2 minutes of the load: ${size.events.outcomes.join('; ')}`,
      );
    }
    const e = size.events;
    log(
      `      issuance without an endpoint ${describe(baseline)}
      issuance with one ${describe(load)}
      with/without ${(load.rps / baseline.rps).toFixed(2)}${WRITE_ROUNDS > 1 ? ` (median rounds; with ${loads.map((r) => r.rps.toFixed(0)).join(', ')}/s; without ${baselines.map((r) => r.rps.toFixed(0)).join(', ')}/s)` : ''}
      ${e.events} events (${e.outcomes.join('; ')}), ${e.received} deliveries (${e.duplicates} repeated), ${e.deliveredPerSecond.toFixed(0)}/s during the load; lag p50 ${e.lagP50} ms, p99 ${e.lagP99} ms, max ${e.lagMax} ms; last one ${e.drainSeconds.toFixed(1)} s after the load`,
    );
    for (const r of baselines) noteFailures(`${label(size.cards)} issuance before the webhook`, r);
    for (const r of loads) noteFailures(`${label(size.cards)} issuance with a webhook`, r);
  } finally {
    await receiver.close();
  }
}

/** Issuance load on the wallet service for as long as the pg concurrency tests run against the same server. */
async function issuanceUnderTest(
  adminUrl: string,
  url: string,
  wallet: Server,
  p: Population,
  cards: number,
) {
  log('  issuance again, while `vitest run --project pg` runs against the same PostgreSQL server');
  const before = await mark(url, p.agencyAssetId);
  const startedAt = performance.now();
  const vitest = spawnChild({
    name: 'vitest-pg',
    command: path.join(ROOT, 'node_modules', '.bin', 'vitest'),
    args: ['run', '--project', 'pg'],
    cwd: ROOT,
    env: {
      ...process.env,
      TEST_DATABASE_URL: adminUrl,
      VITE_CONFIG_NATIVE_IGNORE_WARNING: 'true',
      NO_COLOR: '1',
    },
  });
  const timer = setTimeout(() => void vitest.stop(), 5 * 60_000);
  let issued = 0;
  const load = await measure({
    url: wallet.baseUrl,
    connections: CONNECTIONS,
    seconds: 300,
    warmupSeconds: 0,
    next: requestFactory(BENCH_APP, 'issue', p),
    onSuccess: () => issued++,
    stopWhen: vitest.exited,
    serverCpuMs: () => groupCpuMs(wallet.process.pid),
  });
  wallet.requests += load.total;
  const exitCode = await vitest.exited;
  clearTimeout(timer);
  const seconds = (performance.now() - startedAt) / 1000;
  const output = vitest.output();
  const summary = output
    .replace(/\x1b\[[0-9;]*m/g, '')
    .split('\n')
    .filter((l) => /^\s*(Test Files|Tests)\s/.test(l))
    .map((l) => l.trim().replace(/\s+/g, ' '))
    .join('; ');
  const guarantees = await checkGuarantees({
    url,
    agencyAssetId: p.agencyAssetId,
    since: before,
    reportedIssued: issued,
    abandoned: load.abandoned,
  });
  results.underTest = {
    cards,
    issuance: load,
    vitest: { exitCode, seconds, summary: summary || output.slice(-500) },
    guarantees,
  };
  log(
    `      wallet ${describe(load)}\n      vitest --project pg: exit ${exitCode} (${summary}) in ${seconds.toFixed(0)} s\n      guarantees ${guarantees.ok ? 'all held' : 'BROKEN'}`,
  );
  for (const c of guarantees.checks) if (!c.ok) log(`      BROKEN: ${c.name}: ${c.detail}`);
  if (exitCode !== 0)
    results.errors.push(`the pg concurrency tests failed under issuance load:\n${output.slice(-2000)}`);
  if (!guarantees.ok) results.errors.push('a money guarantee broke during issuance under the pg tests');
}

/**
 * The routes of one user, card, address and asset of the seeded population (the pages with IDs in
 * their path), so every route of the back-office is measured. The address is added here, as
 * address/add would store it: the seed writes none.
 */
async function populationRoutes(url: string): Promise<string[]> {
  const [holder] = await query<{ app_user_id: string; user_id: number; app_id: number; card_id: number }>(
    url,
    // A card with purchases when there are any (its page lists them: the heaviest card page).
    `select u.app_user_id, u.id as user_id, u.app_id, c.id as card_id
       from wallet.users u join wallet.cards c on c.user_id = u.id
      order by exists (select 1 from wallet.authorizations a where a.card_id = c.id) desc, u.id, c.id limit 1`,
  );
  const [asset] = await query<{ id: number }>(
    url,
    `select id from wallet.assets where type = 'CARD_MARGIN' order by id limit 1`,
  );
  if (!holder || !asset) return [];
  const [address] = await query<{ id: number }>(
    url,
    `insert into wallet.addresses (app_id, user_id, country, city, street, first_name, last_name, mobile, is_default)
     values ($1, $2, 'US', 'Austin', '1 Congress Ave', 'Bench', 'User', '1-5125550100', true) returning id`,
    [holder.app_id, holder.user_id],
  );
  const user = `/users/${encodeURIComponent(holder.app_user_id)}`;
  return [
    user,
    `${user}/cards/${holder.card_id}`,
    `${user}/addresses/new`,
    `${user}/addresses/${address!.id}/edit`,
    `${user}/addresses/${address!.id}/delete`,
    `/assets/${asset.id}`,
  ];
}

async function firstLoadJs(app: Server, dbUrl: string): Promise<void> {
  const cookie = await signIn(app.baseUrl, BENCH_ADMIN.email, BENCH_ADMIN.password);
  const routes: string[] = [];
  for (const route of [...BACKOFFICE_ROUTES, ...(await populationRoutes(dbUrl))]) {
    const status = await routeStatus(app.baseUrl, route, route === '/login' ? undefined : cookie);
    if (status === 200) routes.push(route);
    else log(`  JS: ${route} answers HTTP ${status}: skipped`);
  }
  results.js = await measureFirstLoadJs({ baseUrl: app.baseUrl, cookie, routes });
  for (const r of results.js)
    log(
      `  JS ${r.route}: first load ${r.firstLoad.scripts} scripts, ${(r.firstLoad.gzipBytes / 1000).toFixed(1)} kB gzip (${(r.firstLoad.decodedBytes / 1000).toFixed(1)} kB raw); until idle ${(r.untilIdle.gzipBytes / 1000).toFixed(1)} kB gzip${r.finalPath !== r.route ? ` — ended on ${r.finalPath}` : ''}`,
    );
}

async function backofficeAtUsers(snapshot: Snapshot, adminUrl: string, users: number): Promise<void> {
  log(
    `== back-office at ${users.toLocaleString('en-US')} users (${(users * CARDS_PER_USER).toLocaleString('en-US')} cards) on PostgreSQL`,
  );
  const db = await createDatabase(adminUrl, `bo${label(users)}`);
  let app: Server | undefined;
  try {
    await seed({
      snapshotDir: snapshot.dir,
      storage: { kind: 'postgres', url: db.url },
      users,
      cardsPerUser: CARDS_PER_USER,
      log: (l) => log(`  ${l}`),
    });
    // Purchases on the first cards, so that the JS measurement's card page lists some.
    await seedAuthorizations(db.url, SEEDED_AUTHORIZATIONS_PER_CARD, { cards: 3 });
    const seededDisputes = await seedDisputesLogged(db.url);
    app = await startApp({ snapshotDir: snapshot.dir, storage: { kind: 'postgres', url: db.url } });
    const pages = await measureBackoffice(app);
    results.backofficeAtUsers = { users, cards: users * CARDS_PER_USER, pages, seededDisputes };
    if (!SKIP.has('js')) await firstLoadJs(app, db.url);
    await recordMemory(
      app,
      'postgres',
      users * CARDS_PER_USER,
      `the back-office pages${SKIP.has('js') ? '' : ' and the first-load JS visits'}`,
    );
  } finally {
    await app?.stop();
    await db.drop();
  }
}

/** The embedded default: the same reads on PGlite, through the wallet service alone, then `npm start`'s server. */
async function pgliteReads(snapshot: Snapshot, cards: number): Promise<void> {
  const users = Math.round(cards / CARDS_PER_USER);
  log(
    `== ${(users * CARDS_PER_USER).toLocaleString('en-US')} cards (${users.toLocaleString('en-US')} users) on PGlite (embedded)`,
  );
  const data = tempDir('bench-pglite-');
  let server: Server | undefined;
  try {
    const storage = { kind: 'pglite', dataDir: data.dir } as const;
    const seedSeconds = await seed({
      snapshotDir: snapshot.dir,
      storage,
      users,
      cardsPerUser: CARDS_PER_USER,
      log: (l) => log(`  ${l}`),
    });
    // The asset id is the same as on PostgreSQL (same provisioning order); issuance is not measured here.
    // The spec's reads only: none of them needs the wallets, the ledger's length or last fours.
    const p: Population = {
      users,
      prefix: 'seed',
      agencyAssetId: 1,
      categoryId: 1,
      walletAssets: [],
      agencyLedgerLength: 0,
      last4s: [],
    };
    results.pglite = { cards: users * CARDS_PER_USER, users, seedSeconds, reads: {} };
    // The agency asset pays for the seeded cards only: credit it (as an operator would) for the
    // cards the authorize load funds.
    const spend = wants('spend');
    if (spend) await creditAsset({ snapshotDir: snapshot.dir, storage, assetId: 1, amount: '1000000.00' });
    // One process at a time on a PGlite data directory.
    for (const kind of NPM_START ? (['wallet', 'app'] as const) : (['wallet'] as const)) {
      server =
        kind === 'wallet'
          ? await startWallet({ snapshotDir: snapshot.dir, storage })
          : await startApp({ snapshotDir: snapshot.dir, storage });
      const reads: Partial<Record<ReadKey, LoadResult>> = {};
      const readKeys = wants('reads') ? READ_KEYS : [];
      await prime(server, readKeys, p);
      for (const key of readKeys) {
        reads[key] = await measureWallet(server, key, p);
        log(
          `  ${kind === 'wallet' ? 'wallet' : 'npm start'} ${OPERATIONS[key].label}: ${describe(reads[key])}`,
        );
        noteFailures(`PGlite ${key} (${kind === 'wallet' ? 'wallet' : 'npm start'})`, reads[key]);
      }
      if (kind === 'wallet' && spend) {
        // simulate/authorize (approved) on the embedded default, beside PostgreSQL's.
        const cards = await fundSpendCards(server, p);
        const authorize = await measurer({
          connections: CONNECTIONS,
          seconds: SECONDS,
          warmupSeconds: WARMUP,
        })(server, authorizeFactory(cards), { check: approvedCheck, warmup: 1 });
        results.pglite.authorize = authorize;
        log(`  wallet simulate/authorize (approved): ${describe(authorize)}`);
        noteFailures('PGlite authorize (wallet)', authorize);
      }
      if (kind === 'wallet') results.pglite.reads = reads;
      else results.pglite.npmStartReads = reads;
      await recordMemory(server, 'pglite', users * CARDS_PER_USER, 'the signed reads');
      await server.stop();
      server = undefined;
    }
  } finally {
    await server?.stop();
    await data.remove();
  }
}

// ---------------------------------------------------------------------------------------------

async function main(): Promise<void> {
  log(
    `${results.command}: sizes ${SIZES.join(', ')} cards; load average ${results.loadBefore.map((l) => l.toFixed(2)).join(' ')}`,
  );
  const snapshot = ensureSnapshot((l) => log(l), {
    reuseAny: args['reuse-build'] ?? false,
    withoutNext: !NPM_START,
  });
  results.snapshot = {
    fingerprint: snapshot.fingerprint,
    state: snapshot.state,
    ...(snapshot.buildSeconds ? { buildSeconds: snapshot.buildSeconds } : {}),
    ...(snapshot.note ? { note: snapshot.note } : {}),
  };
  const adminUrl = await ensurePostgres();
  const [version] = await query<{ v: string; sb: string }>(
    adminUrl,
    `select current_setting('server_version') as v, current_setting('shared_buffers') as sb`,
  );
  results.machine.postgres = version?.v ?? '?';
  results.machine.sharedBuffers = version?.sb ?? '?';
  await dropLeftoverDatabases(adminUrl, log);
  await step('runtime baseline', async () => {
    const runtime = await runtimeBaseline(snapshot.dir);
    results.runtime = runtime;
    log(
      `idle runtime: node ${(runtime.node / 1e6).toFixed(0)} MB, node --import tsx ${(runtime.nodeTsx / 1e6).toFixed(0)} MB resident`,
    );
  });

  for (const [i, cards] of SIZES.entries()) {
    await step(`size ${cards}`, () => runSize(snapshot, adminUrl, cards, i === 0));
  }
  await screeningReference?.drop();
  screeningReference = undefined;
  if (BACKOFFICE_USERS > 0)
    await step('back-office', () => backofficeAtUsers(snapshot, adminUrl, BACKOFFICE_USERS));
  if (!SKIP.has('pglite')) await step('pglite', () => pgliteReads(snapshot, PGLITE_CARDS));
}

/** A failed step is recorded and the run goes on to the next (its clean-up has run). */
async function step(name: string, fn: () => Promise<void>): Promise<void> {
  try {
    await fn();
  } catch (error) {
    const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
    log(`step "${name}" failed: ${message}`);
    results.errors.push(`step "${name}" failed: ${message.split('\n').slice(0, 8).join('\n')}`);
  }
}

function finish(): void {
  results.loadAfter = os.loadavg();
  results.totalSeconds = (Date.now() - started) / 1000;
  mkdirSync(OUT, { recursive: true });
  writeFileSync(path.join(OUT, 'results.json'), `${JSON.stringify(results, null, 2)}\n`);
  writeReport(results, OUT);
  log(
    `wrote ${path.join(OUT, 'RESULTS.md')}, results.json and growth.svg in ${results.totalSeconds.toFixed(0)} s; load average now ${results.loadAfter.map((l) => l.toFixed(2)).join(' ')}`,
  );
}

if (args['report-only']) {
  const saved = JSON.parse(readFileSync(path.join(OUT, 'results.json'), 'utf8')) as Results;
  writeReport(saved, OUT);
  console.log(`rewrote ${path.join(OUT, 'RESULTS.md')} and growth.svg from results.json`);
  process.exit(0);
}

let stopping = false;
async function abort(reason: string, code: number): Promise<never> {
  if (!stopping) {
    stopping = true;
    log(`${reason}: stopping servers and dropping databases`);
    await cleanupAll();
  }
  process.exit(code);
}
process.on('SIGINT', () => void abort('interrupted', 130));
process.on('SIGTERM', () => void abort('terminated', 143));
const watchdog = setTimeout(
  () => void abort(`time limit of ${WATCHDOG_MS / 60_000} min reached`, 124),
  WATCHDOG_MS,
);
watchdog.unref();

main()
  .catch((error: unknown) => {
    results.errors.push(error instanceof Error ? (error.stack ?? error.message) : String(error));
    log(`failed: ${String(error)}`);
  })
  .finally(async () => {
    await cleanupAll();
    clearTimeout(watchdog);
    finish();
    if (results.errors.length > 0) {
      log(`${results.errors.length} problem(s): see RESULTS.md`);
      process.exitCode = 1;
    }
  });
