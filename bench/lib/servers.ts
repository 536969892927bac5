// The processes under measurement and their data: a PostgreSQL database per size (created on the
// test server that scripts/lib/postgres.ts prepares, dropped afterwards), the seed, the app
// (`next start` of the snapshot build) and the floor server. Everything listens on 127.0.0.1.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { onCleanup, runToEnd, spawnChild, waitFor, type Child } from './processes';

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
    await withClient(adminUrl, (c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
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
  };
}

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

export type Server = { baseUrl: string; port: number; process: Child; stop(): Promise<void> };

/** `next start` of the snapshot build, on 127.0.0.1, ready once it has migrated and provisioned. */
export async function startApp(options: {
  snapshotDir: string;
  storage: Storage;
  /** Options for node itself (e.g. --cpu-prof, which NODE_OPTIONS may not carry). */
  nodeArgs?: string[];
}): Promise<Server> {
  const port = await freePort();
  const scratch = tempDir('bench-app-');
  const next = path.join(options.snapshotDir, 'node_modules', 'next', 'dist', 'bin', 'next');
  const child = spawnChild({
    name: 'app',
    command: process.execPath,
    args: [...(options.nodeArgs ?? []), next, 'start', '-p', String(port), '-H', '127.0.0.1'],
    cwd: options.snapshotDir,
    env: {
      ...baseEnv(),
      ...storageEnv(options.storage, scratch.dir),
      NODE_ENV: 'production',
      PORT: String(port),
      AUTH_SECRET,
      ADMIN_EMAIL: BENCH_ADMIN.email,
      ADMIN_PASSWORD: BENCH_ADMIN.password,
      NEXTAUTH_URL: `http://127.0.0.1:${port}`,
    },
  });
  try {
    await waitFor('the app to report its database ready', 120_000, () => {
      if (child.output().includes('[card-wallet] database ready')) return true;
      if (child.child.exitCode !== null) throw new Error(`app exited early:\n${child.output().slice(-3000)}`);
      return false;
    });
  } catch (error) {
    await child.stop();
    await scratch.remove();
    throw error;
  }
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    port,
    process: child,
    stop: async () => {
      await child.stop(10_000);
      await scratch.remove();
    },
  };
}

/** bench/floor-server.ts of the snapshot, on its own process (like the app). */
export async function startFloor(options: {
  snapshotDir: string;
  databaseUrl: string;
  nodeArgs?: string[];
}): Promise<Server> {
  const port = await freePort();
  const child = spawnChild({
    name: 'floor',
    // tsx as a loader of this one node process (no tsx supervisor process in between).
    command: process.execPath,
    args: [...(options.nodeArgs ?? []), '--import', 'tsx', 'bench/floor-server.ts'],
    cwd: options.snapshotDir,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'production',
      FLOOR_DATABASE_URL: options.databaseUrl,
      FLOOR_PORT: String(port),
    },
  });
  await waitFor('the floor server to listen', 30_000, () => {
    if (child.output().includes('[floor] listening')) return true;
    if (child.child.exitCode !== null) throw new Error(`floor exited early:\n${child.output()}`);
    return false;
  });
  return { baseUrl: `http://127.0.0.1:${port}`, port, process: child, stop: () => child.stop() };
}
