// `npm run bench [-- --quick] [-- --sizes 1000,100000,1000000]`: the performance benchmark.
//
// For each size (cards; users = cards / 3, three cards each) it seeds a fresh PostgreSQL
// database, starts the app (production build) and the floor (bench/floor-server.ts: the same SQL
// over `pg` in a bare node:http server), checks that the floor runs exactly the service's SQL and
// answers exactly what the service answers, then measures on loopback with autocannon each read
// operation and card issuance on both, checks the money guarantees after issuance, and measures
// the back-office's server time. Then: issuance again while `vitest --project pg` (the
// concurrency tests) runs; the back-office at 100,000 users and the JavaScript each route sends;
// the reads on PGlite. Writes results.json, growth.svg and RESULTS.md (bench/ for a full run).
//
// Options: --quick (sizes 1000,10000; 3 s runs; results under the temp directory),
// --sizes a,b,c, --seconds N, --connections N, --out DIR, --reuse-build (measure the last snapshot
// built even if the sources changed since: for iterating on the harness itself), --report-only
// (rewrite RESULTS.md and growth.svg from the results.json in --out, measuring nothing).
import { execSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ROOT } from '../scripts/lib/build';
import { ensurePostgres } from '../scripts/lib/postgres';
import {
  BACKOFFICE_ROUTES,
  measureFirstLoadJs,
  measurePage,
  routeStatus,
  signIn,
  type RouteJs,
} from './lib/backoffice';
import { checkGuarantees, mark, type GuaranteeReport } from './lib/guarantees';
import { describe, measure, walletSuccess, type LoadResult } from './lib/load';
import { cleanupAll, groupCpuMs, spawnChild } from './lib/processes';
import { describeProfile, profileOperation, type OpProfile } from './lib/profile-op';
import { explainPlans, type Plan } from './lib/plans';
import { writeReport } from './lib/report';
import {
  BENCH_ADMIN,
  BENCH_APP,
  createDatabase,
  dropLeftoverDatabases,
  query,
  seed,
  startApp,
  startFloor,
  tempDir,
  type Server,
} from './lib/servers';
import { ensureSnapshot, type Snapshot } from './lib/snapshot';
import { verifyFloor, type FloorCheck } from './lib/verify-floor';
import {
  OPERATIONS,
  READ_KEYS,
  deepPage,
  requestFactory,
  type Population,
  type ReadKey,
} from './lib/wallet-requests';

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
  },
});
const QUICK = args.quick ?? false;
const SIZES = (args.sizes ?? (QUICK ? '1000,10000' : '1000,100000,1000000'))
  .split(',')
  .map((s) => Number(s.trim()))
  .filter((n) => Number.isInteger(n) && n >= 3);
const SECONDS = Number(args.seconds ?? (QUICK ? 3 : 8));
const WARMUP = QUICK ? 1 : 2;
const CONNECTIONS = Number(args.connections ?? 8);
const OUT = path.resolve(
  args.out ?? (QUICK ? path.join(os.tmpdir(), 'card-wallet-bench', 'quick') : 'bench'),
);
const CARDS_PER_USER = 3;
const BACKOFFICE_USERS = QUICK ? 0 : 100_000;
const PGLITE_CARDS = QUICK ? 10_000 : 100_000;
const UNDER_TEST_CARDS = SIZES.includes(100_000) ? 100_000 : SIZES[SIZES.length - 1]!;
/** The app's asset pays for the seeded cards only: fund it for the issuance loads. */
const ISSUANCE_FUNDING_MINOR = 1_000_000_000;
/** Operations profiled at the first size: the lightest read, and the heaviest common one. */
const PROFILED = ['assets', 'list-first'] as const;
const WATCHDOG_MS = (QUICK ? 15 : 35) * 60_000;

if (SIZES.length === 0 || !(SECONDS > 0) || !(CONNECTIONS > 0)) {
  console.error(
    'usage: npm run bench [-- --quick] [-- --sizes 1000,100000,1000000] [--seconds 8] [--connections 8]',
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

export type Pair = { app: LoadResult; floor?: LoadResult };
export type SizeResult = {
  cards: number;
  users: number;
  seedSeconds: number;
  /** pg_database_size after seeding. */
  dbBytes?: number;
  /** The 1-minute load average when this size's measurements started. */
  loadAverage?: number;
  /** EXPLAIN ANALYZE of 4.2's statements on this database. */
  plans?: Plan[];
  reads: Partial<Record<ReadKey, Pair>>;
  issuance?: Pair & { guarantees: GuaranteeReport };
  backoffice: Record<string, LoadResult | { status: number }>;
};
export type Results = {
  command: string;
  date: string;
  quick: boolean;
  settings: { seconds: number; warmupSeconds: number; connections: number; cardsPerUser: number };
  machine: Record<string, string | number>;
  loadBefore: number[];
  loadAfter?: number[];
  snapshot: Omit<Snapshot, 'dir'>;
  floorCheck?: FloorCheck;
  sizes: SizeResult[];
  underTest?: {
    cards: number;
    issuance: LoadResult;
    vitest: { exitCode: number; seconds: number; summary: string };
    guarantees: GuaranteeReport;
  };
  backofficeAtUsers?: {
    users: number;
    cards: number;
    pages: Record<string, LoadResult | { status: number }>;
  };
  js?: RouteJs[];
  profiles?: (OpProfile & { cards: number })[];
  pglite?: { cards: number; users: number; seedSeconds: number; reads: Partial<Record<ReadKey, LoadResult>> };
  totalSeconds?: number;
  errors: string[];
};

const results: Results = {
  command: `npm run bench${process.argv.length > 2 ? ` -- ${process.argv.slice(2).join(' ')}` : ''}`,
  date: new Date().toISOString(),
  quick: QUICK,
  settings: {
    seconds: SECONDS,
    warmupSeconds: WARMUP,
    connections: CONNECTIONS,
    cardsPerUser: CARDS_PER_USER,
  },
  machine: machineFacts(),
  loadBefore: os.loadavg(),
  snapshot: { fingerprint: '', state: 'reused' },
  sizes: [],
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

async function population(url: string, users: number): Promise<Population> {
  const [row] = await query<{ asset_id: number; category_id: number }>(
    url,
    `select (select a.id from wallet.assets a join wallet.apps p on p.id = a.app_id
              where p.app_id = $1 and a.user_id is null and a.code = 'CARD_MARGIN_USD') as asset_id,
            (select id from wallet.card_categories where type = 'VIRTUAL' order by fee, id limit 1) as category_id`,
    [BENCH_APP.appId],
  );
  if (!row?.asset_id || !row.category_id) throw new Error('seeded database has no agency asset or category');
  return { users, prefix: 'seed', agencyAssetId: row.asset_id, categoryId: row.category_id };
}

/** Credits the agency asset (with its ledger entry, as creditAsset does) so issuance never runs dry. */
async function fund(url: string, assetId: number, amountMinor: number): Promise<void> {
  await query(
    url,
    `with up as (update wallet.assets set balance = balance + $2 where id = $1 returning balance)
     insert into wallet.ledger_entries (asset_id, amount, balance_after, reason)
     select $1, $2, balance, 'CREDIT' from up`,
    [assetId, amountMinor],
  );
}

async function measureWallet(server: Server, key: ReadKey | 'issue', p: Population, onSuccess?: () => void) {
  return measure({
    url: server.baseUrl,
    connections: CONNECTIONS,
    seconds: SECONDS,
    warmupSeconds: key === 'issue' ? Math.min(1, WARMUP) : WARMUP,
    next: requestFactory(BENCH_APP, key, p),
    serverCpuMs: () => groupCpuMs(server.process.pid),
    ...(onSuccess ? { onSuccess } : {}),
  });
}

/**
 * A few sequential calls of each operation before any load: the first requests of a fresh
 * server compile and cache (and PGlite reads its files), which no load window should include.
 */
async function prime(server: Server, keys: readonly (ReadKey | 'issue')[], p: Population): Promise<void> {
  for (const key of keys) {
    const next = requestFactory(BENCH_APP, key, p);
    for (let i = 0; i < 3; i++) {
      const { method, path: target } = next();
      const response = await fetch(`${server.baseUrl}${target}`, {
        method,
        signal: AbortSignal.timeout(60_000),
      });
      const body = await response.text();
      if (!walletSuccess(response.status, body)) {
        throw new Error(
          `${key} on ${server.baseUrl} answered HTTP ${response.status}: ${body.slice(0, 200)}`,
        );
      }
    }
  }
}

function noteFailures(what: string, r: LoadResult): void {
  if (r.ok === 0) results.errors.push(`${what}: no successful response in the measured run`);
  else if (r.failed) results.errors.push(`${what}: ${r.failed} failed response(s), e.g. ${r.failureSample}`);
}

async function measureBackoffice(app: Server): Promise<Record<string, LoadResult | { status: number }>> {
  const cookie = await signIn(app.baseUrl, BENCH_ADMIN.email, BENCH_ADMIN.password);
  const out: Record<string, LoadResult | { status: number }> = {};
  for (const route of ['/', '/cards']) {
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
    log(`  back-office ${route} (1 connection): ${describe(r)} · p95 ${r.p95.toFixed(1)} ms`);
    out[route] = r;
  }
  return out;
}

async function runSize(snapshot: Snapshot, adminUrl: string, cards: number, first: boolean): Promise<void> {
  const users = Math.max(1, Math.round(cards / CARDS_PER_USER));
  log(
    `== ${(users * CARDS_PER_USER).toLocaleString('en-US')} cards (${users.toLocaleString('en-US')} users) on PostgreSQL`,
  );
  const db = await createDatabase(adminUrl, label(cards));
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
    const p = await population(db.url, users);
    await fund(db.url, p.agencyAssetId, ISSUANCE_FUNDING_MINOR);
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
    };
    results.sizes.push(size);
    size.plans = await explainPlans(db.url, p);
    size.loadAverage = os.loadavg()[0];
    for (const plan of size.plans) log(`  plan of ${plan.query}: ${plan.plan} (${plan.ms.toFixed(2)} ms)`);
    app = await startApp({ snapshotDir: snapshot.dir, storage });
    floor = await startFloor({ snapshotDir: snapshot.dir, databaseUrl: db.url });

    if (first) {
      log("  checking that the floor runs the service's SQL and answers what it answers");
      const check = await verifyFloor({
        snapshotDir: snapshot.dir,
        databaseUrl: db.url,
        population: p,
        app,
        floor,
      });
      results.floorCheck = check;
      for (const c of check.sql) log(`    SQL ${c.ok ? 'same' : 'DIFFERENT'}: ${c.operation}`);
      for (const c of check.output)
        log(`    answer ${c.ok ? 'same' : 'DIFFERENT'}: ${c.operation}${c.ok ? '' : ` (${c.detail})`}`);
      if (!check.ok)
        results.errors.push(
          "the floor does not run exactly the service's SQL or answer what it answers: see floorCheck",
        );
    }
    log(
      `  app ${app.baseUrl}, floor ${floor.baseUrl}; ${CONNECTIONS} connections, ${WARMUP} s warm-up + ${SECONDS} s each; deep page = ${deepPage(p)}`,
    );

    await prime(app, READ_KEYS, p);
    await prime(floor, READ_KEYS, p);
    for (const key of READ_KEYS) {
      const a = await measureWallet(app, key, p);
      const f = await measureWallet(floor, key, p);
      size.reads[key] = { app: a, floor: f };
      log(
        `  ${OPERATIONS[key].label}\n      app   ${describe(a)}\n      floor ${describe(f)}\n      ratio ${(a.p50 / f.p50).toFixed(2)}x`,
      );
      noteFailures(`${label(cards)} ${key} (app)`, a);
      noteFailures(`${label(cards)} ${key} (floor)`, f);
    }

    // Every success the clients saw (warm-ups included) must be exactly one new card.
    const before = await mark(db.url, p.agencyAssetId);
    let issued = 0;
    const a = await measureWallet(app, 'issue', p, () => issued++);
    const f = await measureWallet(floor, 'issue', p, () => issued++);
    const guarantees = await checkGuarantees({
      url: db.url,
      agencyAssetId: p.agencyAssetId,
      since: before,
      reportedIssued: issued,
      abandoned: [...a.abandoned, ...f.abandoned],
    });
    size.issuance = { app: a, floor: f, guarantees };
    log(
      `  ${OPERATIONS.issue.label}\n      app   ${describe(a)}\n      floor ${describe(f)}\n      guarantees ${guarantees.ok ? 'all held' : 'BROKEN'} (${guarantees.cardsCreated} cards issued)`,
    );
    for (const c of guarantees.checks) if (!c.ok) log(`      BROKEN: ${c.name}: ${c.detail}`);
    if (!guarantees.ok) results.errors.push(`${label(cards)}: a money guarantee broke after issuance`);
    noteFailures(`${label(cards)} issue (app)`, a);
    noteFailures(`${label(cards)} issue (floor)`, f);

    if (cards === UNDER_TEST_CARDS) await issuanceUnderTest(adminUrl, db.url, app, p, size.cards);

    size.backoffice = await measureBackoffice(app);
    if (QUICK && cards === SIZES[SIZES.length - 1]) await firstLoadJs(app);

    if (first) {
      // Where the time goes: both servers again, one at a time, under the CPU profiler.
      await floor.stop();
      await app.stop();
      app = floor = undefined;
      results.profiles = [];
      for (const key of PROFILED) {
        log(`  profiling ${OPERATIONS[key].label} (app, then floor, under V8's CPU profiler)`);
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
              `    ${side}: ${s.cpuMsPerRequest.toFixed(2)} ms CPU/req\n      ${describeProfile(s, 6).join('\n      ')}`,
            );
        }
      }
    }
  } finally {
    await floor?.stop();
    await app?.stop();
    await db.drop();
  }
}

/** Issuance load on the app for as long as the pg concurrency tests run against the same server. */
async function issuanceUnderTest(adminUrl: string, url: string, app: Server, p: Population, cards: number) {
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
    url: app.baseUrl,
    connections: CONNECTIONS,
    seconds: 300,
    warmupSeconds: 0,
    next: requestFactory(BENCH_APP, 'issue', p),
    onSuccess: () => issued++,
    stopWhen: vitest.exited,
    serverCpuMs: () => groupCpuMs(app.process.pid),
  });
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
    `      app   ${describe(load)}\n      vitest --project pg: exit ${exitCode} (${summary}) in ${seconds.toFixed(0)} s\n      guarantees ${guarantees.ok ? 'all held' : 'BROKEN'}`,
  );
  for (const c of guarantees.checks) if (!c.ok) log(`      BROKEN: ${c.name}: ${c.detail}`);
  if (exitCode !== 0)
    results.errors.push(`the pg concurrency tests failed under issuance load:\n${output.slice(-2000)}`);
  if (!guarantees.ok) results.errors.push('a money guarantee broke during issuance under the pg tests');
}

async function firstLoadJs(app: Server): Promise<void> {
  const cookie = await signIn(app.baseUrl, BENCH_ADMIN.email, BENCH_ADMIN.password);
  const routes: string[] = [];
  for (const route of BACKOFFICE_ROUTES) {
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
    app = await startApp({ snapshotDir: snapshot.dir, storage: { kind: 'postgres', url: db.url } });
    const pages = await measureBackoffice(app);
    results.backofficeAtUsers = { users, cards: users * CARDS_PER_USER, pages };
    await firstLoadJs(app);
  } finally {
    await app?.stop();
    await db.drop();
  }
}

async function pgliteReads(snapshot: Snapshot, cards: number): Promise<void> {
  const users = Math.round(cards / CARDS_PER_USER);
  log(
    `== ${(users * CARDS_PER_USER).toLocaleString('en-US')} cards (${users.toLocaleString('en-US')} users) on PGlite (embedded)`,
  );
  const data = tempDir('bench-pglite-');
  let app: Server | undefined;
  try {
    const storage = { kind: 'pglite', dataDir: data.dir } as const;
    const seedSeconds = await seed({
      snapshotDir: snapshot.dir,
      storage,
      users,
      cardsPerUser: CARDS_PER_USER,
      log: (l) => log(`  ${l}`),
    });
    app = await startApp({ snapshotDir: snapshot.dir, storage });
    // The asset id is the same as on PostgreSQL (same provisioning order); issuance is not measured here.
    const p: Population = { users, prefix: 'seed', agencyAssetId: 1, categoryId: 1 };
    const reads: Partial<Record<ReadKey, LoadResult>> = {};
    await prime(app, READ_KEYS, p);
    for (const key of READ_KEYS) {
      reads[key] = await measureWallet(app, key, p);
      log(`  ${OPERATIONS[key].label}: ${describe(reads[key])}`);
      noteFailures(`PGlite ${key}`, reads[key]);
    }
    results.pglite = { cards: users * CARDS_PER_USER, users, seedSeconds, reads };
  } finally {
    await app?.stop();
    await data.remove();
  }
}

// ---------------------------------------------------------------------------------------------

async function main(): Promise<void> {
  log(
    `${results.command}: sizes ${SIZES.join(', ')} cards; load average ${results.loadBefore.map((l) => l.toFixed(2)).join(' ')}`,
  );
  const snapshot = ensureSnapshot((l) => log(l), { reuseAny: args['reuse-build'] ?? false });
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

  for (const [i, cards] of SIZES.entries()) {
    await step(`size ${cards}`, () => runSize(snapshot, adminUrl, cards, i === 0));
  }
  if (BACKOFFICE_USERS > 0)
    await step('back-office', () => backofficeAtUsers(snapshot, adminUrl, BACKOFFICE_USERS));
  await step('pglite', () => pgliteReads(snapshot, PGLITE_CARDS));
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
