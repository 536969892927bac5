// The processes under measurement and their data: a PostgreSQL database per size (created on the
// test server that scripts/lib/postgres.ts prepares, dropped afterwards), the seed, and the three
// servers, each a single Node process run from the snapshot directory:
// - the wallet service alone, as `npm run start:wallet` runs it
//   (`node scripts/start-wallet.mjs`, the esbuild bundle in plain Node): what the API figures measure;
// - the app, as `npm start` serves it after its build (`node --import tsx lib/app-server.ts` with
//   NODE_ENV=production: the wallet API and Next's handler for the back-office on one port);
// - the floor (bench/floor-server.ts).
// Clients reach them on 127.0.0.1 only (the two servers of the app bind every interface: they
// take no host setting). Each server's output goes to a file (a line per request, for the wallet).
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { groupMemory, onCleanup, runToEnd, spawnChild, waitFor, type Child, type Memory } from './processes';

/** Connections of every server's pool (the service's DATABASE_POOL_SIZE default, and the floor's). */
export const POOL_SIZE = 10;

export const BENCH_APP = {
  agencyCode: 'BENCH',
  appId: 'bench-app',
  secret: 'bench-wallet-secret-0123456789abcdef',
} as const;
export const BENCH_ADMIN = { email: 'bench-admin@example.com', password: 'bench-admin-password-1' } as const;
const AUTH_SECRET = 'bench-auth-secret-0123456789abcdef0123456789';

/** A free TCP port on 127.0.0.1 (asked of the kernel, then released). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

// ---------------------------------------------------------------------------------------------
// Databases

export type BenchDatabase = { name: string; url: string; drop(): Promise<void> };

async function withClient<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

export async function createDatabase(adminUrl: string, label: string): Promise<BenchDatabase> {
  const name = `bench_${label}_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  await withClient(adminUrl, (c) => c.query(`CREATE DATABASE "${name}"`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const drop = onCleanup(`drop database ${name}`, async () => {
    // FORCE cannot end a session PostgreSQL itself holds on the database for a moment (an
    // autovacuum worker after a bulk load): wait for it and try again, a few times.
    for (let attempt = 1; ; attempt++) {
      try {
        await withClient(adminUrl, (c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
        return;
      } catch (error) {
        if (attempt >= 10) throw error;
        await new Promise((r) => setTimeout(r, 1000));
      }
    }
  });
  return { name, url: url.toString(), drop };
}

export async function query<T extends pg.QueryResultRow>(
  url: string,
  text: string,
  values: unknown[] = [],
): Promise<T[]> {
  return withClient(url, async (c) => (await c.query<T>(text, values)).rows);
}

/**
 * Before measuring a freshly loaded database: vacuum what the harness wrote after the seed (its
 * funding, the population's own ledger entries), write every dirty page out (CHECKPOINT), and wait
 * for autovacuum workers on it to finish, so that neither a background vacuum nor a checkpoint of
 * the bulk load runs during the measured windows of one size and not of another. Returns the
 * seconds spent waiting.
 */
export async function quiesceDatabase(url: string, timeoutMs = 120_000): Promise<number> {
  const started = performance.now();
  await query(url, 'vacuum (analyze)');
  await query(url, 'checkpoint');
  await autovacuumDone(url, started + timeoutMs, 500);
  return (performance.now() - started) / 1000;
}

/** Until no autovacuum worker runs on the database, or `deadline` (performance.now()) passes. */
async function autovacuumDone(url: string, deadline: number, pollMs: number): Promise<void> {
  for (;;) {
    const [busy] = await query<{ n: number }>(
      url,
      `select count(*)::int as n from pg_stat_activity
        where datname = current_database() and backend_type = 'autovacuum worker'`,
    );
    if (!busy?.n || performance.now() > deadline) return;
    await new Promise((r) => setTimeout(r, pollMs));
  }
}

/**
 * Before each measured window of a write figure: write every dirty page out (CHECKPOINT) and wait
 * for autovacuum workers on the database to finish (at most `timeoutMs`). The writes of the window
 * before leave dirty pages and dead rows behind; without this, the checkpoint or the vacuum they
 * cause lands in whichever window comes next, the floor's or the service's, and decides the ratio
 * more than either server does.
 */
export async function settleWrites(url: string, timeoutMs = 30_000): Promise<void> {
  const started = performance.now();
  await query(url, 'checkpoint');
  await autovacuumDone(url, started + timeoutMs, 250);
}

/** Which side a round measures first: the service in even rounds, the floor in odd ones. */
export function turns(round: number): readonly ['app', 'floor'] | readonly ['floor', 'app'] {
  return round % 2 === 0 ? (['app', 'floor'] as const) : (['floor', 'app'] as const);
}

/**
 * Databases a killed earlier run left behind: only names this module makes, older than two
 * hours (the timestamp is in the name) and with nobody connected, are dropped.
 */
export async function dropLeftoverDatabases(adminUrl: string, log: (line: string) => void): Promise<void> {
  const rows = await query<{ datname: string }>(
    adminUrl,
    `select datname from pg_database d where datname like 'bench\\_%'
       and not exists (select 1 from pg_stat_activity a where a.datname = d.datname)`,
  );
  for (const { datname } of rows) {
    const match = /^bench_[a-z0-9]+_([a-z0-9]+)_[0-9a-f]{6}$/.exec(datname);
    if (!match || Date.now() - parseInt(match[1]!, 36) < 2 * 3_600_000) continue;
    log(`dropping ${datname}, left by an earlier run`);
    await query(adminUrl, `DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
  }
}

// ---------------------------------------------------------------------------------------------
// Processes

type Env = Record<string, string | undefined>;

function baseEnv(): Env {
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NEXT_TELEMETRY_DISABLED: '1',
    WALLET_AGENCY_CODE: BENCH_APP.agencyCode,
    WALLET_APP_ID: BENCH_APP.appId,
    WALLET_APP_SECRET: BENCH_APP.secret,
    // The back-office's key, the same for every process on the database (docs/operator-guide.md).
    WALLET_BACKOFFICE_SECRET: BENCH_BACKOFFICE_SECRET,
    // Every process that seals or opens the app's secret (seed, service, app) shares one key.
    WALLET_MASTER_KEY: BENCH_MASTER_KEY,
    // The limit runs (its cost is measured) but never refuses the benchmark's load.
    WALLET_RATE_LIMIT_RPS: '1000000',
    WALLET_BACKOFFICE_RATE_LIMIT_RPS: '1000000',
    WALLET_TOKEN_RATE_LIMIT_RPS: '1000000',
    // The harness reads each server's heap from its /wallet/metrics, as a scraper would.
    WALLET_METRICS_TOKEN: BENCH_METRICS_TOKEN,
    // The webhook receiver of the events measurement listens on 127.0.0.1. Every server on the
    // database runs a delivery worker and claims deliveries, so all of them must allow it (a run
    // where only the wallet did saw the app's worker refuse the 3 it claimed).
    WALLET_WEBHOOK_ALLOW_PRIVATE: 'true',
  };
}

/** The back-office key of every benchmark process (docs/security.md "Rate limit"). */
export const BENCH_BACKOFFICE_SECRET = 'bench-backoffice-key-0123456789';
/** The master key of every benchmark process (secrets at rest, docs/architecture.md "Embedded default"). */
export const BENCH_MASTER_KEY = 'b'.repeat(64);
/** The bearer token of every bench server's /wallet/metrics. */
export const BENCH_METRICS_TOKEN = 'bench-metrics-token-'.padEnd(40, 'm');

export type Storage = { kind: 'postgres'; url: string } | { kind: 'pglite'; dataDir: string };

function storageEnv(storage: Storage, dataDir: string): Env {
  return storage.kind === 'postgres'
    ? { DATABASE_URL: storage.url, WALLET_DATA_DIR: dataDir }
    : { WALLET_DATA_DIR: storage.dataDir };
}

/** A temporary directory removed at clean-up. */
export function tempDir(prefix: string): { dir: string; remove(): Promise<void> } {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  const remove = onCleanup(`remove ${dir}`, async () => rmSync(dir, { recursive: true, force: true }));
  return { dir, remove };
}

/** scripts/seed-large.ts of the snapshot: users x 3 cards, in bulk SQL that keeps every invariant. */
export async function seed(options: {
  snapshotDir: string;
  storage: Storage;
  users: number;
  cardsPerUser: number;
  log: (line: string) => void;
}): Promise<number> {
  const scratch = tempDir('bench-seed-');
  try {
    const { output, seconds } = await runToEnd({
      name: 'seed',
      command: path.join(options.snapshotDir, 'node_modules', '.bin', 'tsx'),
      args: [
        '--conditions=react-server',
        'scripts/seed-large.ts',
        '--users',
        String(options.users),
        '--cards-per-user',
        String(options.cardsPerUser),
      ],
      cwd: options.snapshotDir,
      env: { ...baseEnv(), ...storageEnv(options.storage, scratch.dir), NODE_ENV: 'production' },
      timeoutMs: 12 * 60_000,
    });
    const summary = output.split('\n').find((l) => l.includes(' users/s)')) ?? '';
    options.log(summary.replace(/^seed-large: /, 'seeded ').trim() || `seeded in ${seconds.toFixed(0)} s`);
    return seconds;
  } finally {
    await scratch.remove();
  }
}

/** scripts/credit-asset.ts of the snapshot (an operator's credit, with its ledger entry); PGlite while no server runs. */
export async function creditAsset(options: {
  snapshotDir: string;
  storage: Storage;
  assetId: number;
  amount: string;
}): Promise<void> {
  const scratch = tempDir('bench-credit-');
  try {
    await runToEnd({
      name: 'credit-asset',
      command: path.join(options.snapshotDir, 'node_modules', '.bin', 'tsx'),
      args: ['scripts/credit-asset.ts', '--asset-id', String(options.assetId), '--amount', options.amount],
      cwd: options.snapshotDir,
      env: { ...baseEnv(), ...storageEnv(options.storage, scratch.dir), NODE_ENV: 'production' },
      timeoutMs: 2 * 60_000,
    });
  } finally {
    await scratch.remove();
  }
}

export type ServerKind = 'wallet' | 'app' | 'floor';

export type Server = {
  kind: ServerKind;
  baseUrl: string;
  port: number;
  process: Child;
  /** Requests sent to it by the harness so far (loads with their warm-ups, priming, checks). */
  requests: number;
  /** Its memory once ready, before any request of the harness. */
  atStart?: Memory;
  /** Its V8 heap once ready (from its /wallet/metrics; not for the floor). */
  atStartHeap?: Heap;
  stop(): Promise<void>;
};

/** V8's heap (total and in use) and external memory of a process, in bytes. */
export type Heap = { total: number; used: number; external: number };

/** Process metrics of the wallet service (its /wallet/metrics, prom-client's default set), in bytes. */
export async function heapMetrics(server: Pick<Server, 'kind' | 'baseUrl'>): Promise<Heap | undefined> {
  if (server.kind === 'floor') return undefined;
  try {
    const text = await (
      await fetch(`${server.baseUrl}/wallet/metrics`, {
        headers: { Authorization: `Bearer ${BENCH_METRICS_TOKEN}` },
        signal: AbortSignal.timeout(10_000),
      })
    ).text();
    const value = (name: string) => {
      const match = new RegExp(`^wallet_${name}(?:\\{[^}]*\\})? ([0-9.e+]+)$`, 'm').exec(text);
      return match ? Number(match[1]) : undefined;
    };
    const total = value('nodejs_heap_size_total_bytes');
    const used = value('nodejs_heap_size_used_bytes');
    const external = value('nodejs_external_memory_bytes');
    return total === undefined || used === undefined ? undefined : { total, used, external: external ?? NaN };
  } catch {
    return undefined;
  }
}

/** What each server is, for the report. */
export const SERVER_COMMANDS: Record<ServerKind, string> = {
  wallet:
    '`npm run start:wallet` (`node scripts/start-wallet.mjs`: the service bundled by esbuild, plain Node)',
  app: "`npm start`'s server (`node --import tsx lib/app-server.ts`, NODE_ENV=production, after `next build`)",
  floor: '`bench/floor-server.ts` (`node --import tsx`)',
};

/** PostgreSQL, or PGlite's data directory (otherwise each server gets a scratch data directory). */
function serverStorageEnv(storage: Storage): Env {
  return storage.kind === 'postgres' ? { DATABASE_URL: storage.url } : { WALLET_DATA_DIR: storage.dataDir };
}

async function startServer(options: {
  kind: ServerKind;
  snapshotDir: string;
  script: string;
  env: Env;
  nodeArgs?: string[];
  /** A line of the server's output that says it listens. */
  ready: (output: string) => boolean;
  /** Checked once ready: the wallet's readiness endpoint (the database answers). */
  readyPath?: string;
  timeoutMs: number;
}): Promise<Server> {
  const port = await freePort();
  const scratch = tempDir(`bench-${options.kind}-`);
  const child = spawnChild({
    name: options.kind,
    // tsx as a loader of this one node process (no tsx supervisor process in between).
    command: process.execPath,
    args: [
      ...(options.nodeArgs ?? []),
      ...(options.script.endsWith('.mjs') ? [] : ['--import', 'tsx']),
      options.script,
    ],
    cwd: options.snapshotDir,
    env: {
      NODE_ENV: 'production',
      ...options.env,
      PORT: String(port),
      WALLET_DATA_DIR: options.env.WALLET_DATA_DIR ?? scratch.dir,
    },
    logFile: path.join(scratch.dir, 'output.log'),
  });
  const stop = async () => {
    await child.stop(10_000);
    await scratch.remove();
  };
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await waitFor(`the ${options.kind} server to listen`, options.timeoutMs, () => {
      if (options.ready(child.output())) return true;
      if (child.child.exitCode !== null)
        throw new Error(`${options.kind} exited early:\n${child.output().slice(-3000)}`);
      return false;
    });
    if (options.readyPath) {
      const response = await fetch(`${baseUrl}${options.readyPath}`, { signal: AbortSignal.timeout(10_000) });
      const body = await response.text();
      if (response.status !== 200)
        throw new Error(`${options.kind}: ${options.readyPath} answered HTTP ${response.status}: ${body}`);
    }
  } catch (error) {
    await stop();
    throw error;
  }
  const atStart = groupMemory(child.pid);
  const atStartHeap = await heapMetrics({ kind: options.kind, baseUrl });
  return {
    kind: options.kind,
    baseUrl,
    port,
    process: child,
    requests: atStartHeap ? 1 : 0,
    ...(atStart ? { atStart } : {}),
    ...(atStartHeap ? { atStartHeap } : {}),
    stop,
  };
}

/** `npm start`'s one Node server over the snapshot's build, ready once migrated and provisioned. */
export async function startApp(options: {
  snapshotDir: string;
  storage: Storage;
  /** Options for node itself (e.g. --cpu-prof, which NODE_OPTIONS may not carry). */
  nodeArgs?: string[];
}): Promise<Server> {
  return startServer({
    kind: 'app',
    snapshotDir: options.snapshotDir,
    script: 'lib/app-server.ts',
    nodeArgs: options.nodeArgs,
    env: {
      ...baseEnv(),
      ...serverStorageEnv(options.storage),
      NODE_ENV: 'production',
      DATABASE_POOL_SIZE: String(POOL_SIZE),
      AUTH_SECRET,
      ADMIN_EMAIL: BENCH_ADMIN.email,
      ADMIN_PASSWORD: BENCH_ADMIN.password,
    },
    ready: (output) => output.includes('[card-wallet] database ready'),
    readyPath: '/wallet/health/ready',
    timeoutMs: 120_000,
  });
}

/**
 * The node options `npm run start:wallet` gives the service (package.json's script, e.g. a
 * smaller young generation), so the benchmark runs it exactly as the script does.
 */
function startWalletNodeOptions(snapshotDir: string): string[] {
  const file = path.join(snapshotDir, 'package.json');
  const pkg = JSON.parse(readFileSync(existsSync(file) ? file : 'package.json', 'utf8')) as {
    scripts: Record<string, string>;
  };
  const words = (pkg.scripts['start:wallet'] ?? '').split(/\s+/);
  return words.slice(1).filter((w) => w.startsWith('--'));
}

/** `npm run start:wallet`: the wallet service alone, without Next or the back-office. */
export async function startWallet(options: {
  snapshotDir: string;
  storage: Storage;
  nodeArgs?: string[];
}): Promise<Server> {
  return startServer({
    kind: 'wallet',
    snapshotDir: options.snapshotDir,
    // What `npm run start:wallet` runs: it bundles the service with esbuild, then serves the
    // bundle in the same plain Node process.
    script: 'scripts/start-wallet.mjs',
    nodeArgs: [...startWalletNodeOptions(options.snapshotDir), ...(options.nodeArgs ?? [])],
    env: {
      ...baseEnv(),
      ...serverStorageEnv(options.storage),
      NODE_ENV: 'production',
      DATABASE_POOL_SIZE: String(POOL_SIZE),
    },
    ready: (output) => output.includes('"msg":"wallet service ready"'),
    readyPath: '/wallet/health/ready',
    timeoutMs: 60_000,
  });
}

/** bench/floor-server.ts of the snapshot, on its own process (like the others). */
export async function startFloor(options: {
  snapshotDir: string;
  databaseUrl: string;
  nodeArgs?: string[];
  /** 'old': asset/transfer in the statement order before issue 46 (the old-order floor). */
  transferOrder?: 'old';
}): Promise<Server> {
  return startServer({
    kind: 'floor',
    snapshotDir: options.snapshotDir,
    script: 'bench/floor-server.ts',
    nodeArgs: options.nodeArgs,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'production',
      FLOOR_DATABASE_URL: options.databaseUrl,
      FLOOR_POOL_SIZE: String(POOL_SIZE),
      WALLET_MASTER_KEY: BENCH_MASTER_KEY,
      ...(options.transferOrder ? { FLOOR_TRANSFER_ORDER: options.transferOrder } : {}),
    },
    ready: (output) => output.includes('[floor] listening'),
    timeoutMs: 30_000,
  });
}

/**
 * Resident memory of an idle Node process from the snapshot directory, bare and with tsx as its
 * loader (`node --import tsx`, as every server here runs): what the runtime alone takes.
 */
export async function runtimeBaseline(snapshotDir: string): Promise<{ node: number; nodeTsx: number }> {
  const one = async (args: string[]) => {
    const child = spawnChild({
      name: 'idle-node',
      command: process.execPath,
      args: [...args, '-e', "console.log('idle'); setInterval(() => {}, 1000);"],
      cwd: snapshotDir,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: 'production' },
    });
    try {
      await waitFor('an idle node to start', 30_000, () => child.output().includes('idle'));
      await new Promise((resolve) => setTimeout(resolve, 300));
      return groupMemory(child.pid)?.peakRssBytes ?? NaN;
    } finally {
      await child.stop();
    }
  };
  return { node: await one([]), nodeTsx: await one(['--import', 'tsx']) };
}
