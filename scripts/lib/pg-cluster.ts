// A PostgreSQL cluster of its own, in a temporary directory on a free port, to break on purpose
// (`npm run faults`, tests/system/faults-quick.test.ts; docs/reliability.md): restarted fast or
// immediate, stopped and started, stalled (every process of the cluster SIGSTOPped, then
// SIGCONTed), its client connections terminated. Nothing here touches any other cluster on the
// machine: the faults go to this one's postmaster and its children only, found by the pid in its
// own postmaster.pid. Run as root (initdb and pg_ctl then run as `postgres`), or as a user who
// may run them directly.
import { spawn, spawnSync } from 'node:child_process';
import {
  chownSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';

export type RestartMode = 'fast' | 'immediate';

export type PgCluster = {
  port: number;
  /** A URL of `database` as the superuser, over TCP on 127.0.0.1. */
  url(database?: string): string;
  /** One statement as the superuser on the postgres database (a new connection each time). */
  query<T extends pg.QueryResultRow = pg.QueryResultRow>(text: string, values?: unknown[]): Promise<T[]>;
  createDatabase(name: string): Promise<string>;
  restart(mode: RestartMode): Promise<void>;
  stop(mode: RestartMode): Promise<void>;
  start(): Promise<void>;
  /** Every process of the cluster stopped (SIGSTOP) for `ms`, then continued; always continued. */
  stall(ms: number): Promise<void>;
  /** pg_terminate_backend of every client connection to `database`; how many were terminated. */
  terminateBackends(database: string): Promise<number>;
  /** Stops the cluster (immediate) and removes its directory; safe to call twice. */
  destroy(): Promise<void>;
};

const PASSWORD = 'faults-superuser-password';

function binDir(): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root).filter((v) => existsSync(path.join(root, v, 'bin', 'initdb')))
    : [];
  versions.sort((a, b) => Number(b) - Number(a));
  if (!versions[0]) throw new Error(`no PostgreSQL server binaries (initdb) under ${root}`);
  return path.join(root, versions[0], 'bin');
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** As `postgres` when run as root (initdb refuses root), as ourselves otherwise. */
function asOwner(command: string, args: string[]): [string, string[]] {
  return process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
}

function run(command: string, args: string[]): Promise<void> {
  const [cmd, argv] = asOwner(command, args);
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, argv, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited ${code}:\n${output}`)),
    );
  });
}

/** The postmaster's pid (first line of postmaster.pid), or undefined while it is not running. */
function postmasterPid(dataDir: string): number | undefined {
  try {
    const pid = Number(readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/** The children of `pid` (its backends and auxiliary processes), by their parent pid. */
function childrenOf(pid: number): number[] {
  const out = spawnSync('pgrep', ['-P', String(pid)], { encoding: 'utf8' }).stdout ?? '';
  return out
    .split('\n')
    .map(Number)
    .filter((n) => Number.isInteger(n) && n > 0);
}

function signal(pids: number[], sig: NodeJS.Signals): void {
  for (const pid of pids) {
    try {
      process.kill(pid, sig);
    } catch {
      // Gone meanwhile.
    }
  }
}

export async function startPgCluster(): Promise<PgCluster> {
  const bin = binDir();
  const dir = mkdtempSync(path.join(tmpdir(), 'faults-pg-'));
  const dataDir = path.join(dir, 'data');
  const logFile = path.join(dir, 'postgres.log');
  const pwFile = path.join(dir, 'pw');
  writeFileSync(pwFile, PASSWORD);
  if (process.getuid?.() === 0) {
    const uid = Number(spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).stdout.trim());
    const gid = Number(spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).stdout.trim());
    chownSync(dir, uid, gid);
    chownSync(pwFile, uid, gid);
  }
  const port = await freePort();
  let destroyed = false;
  await run(path.join(bin, 'initdb'), [
    '-D',
    dataDir,
    '-U',
    'postgres',
    '--pwfile',
    pwFile,
    '--auth-host=scram-sha-256',
    '--auth-local=peer',
    '--no-sync',
    '-E',
    'UTF8',
    '--locale=C',
  ]);
  // Only TCP on 127.0.0.1, no socket file; fsync off: a crash of this throwaway cluster loses
  // nothing that matters, and the machine's disk is spared. Up to 200 connections: two instances'
  // pools, the checks, and the connections a restart leaves to be cleaned up.
  const options = `-c listen_addresses=127.0.0.1 -c port=${port} -c unix_socket_directories= -c fsync=off -c max_connections=200`;
  const pgCtl = (...args: string[]) => run(path.join(bin, 'pg_ctl'), ['-D', dataDir, ...args]);
  const start = () => pgCtl('start', '-w', '-t', '60', '-l', logFile, '-o', options);
  await start();

  const url = (database = 'postgres') =>
    `postgres://postgres:${PASSWORD}@127.0.0.1:${port}/${encodeURIComponent(database)}`;
  const query = async <T extends pg.QueryResultRow>(text: string, values: unknown[] = []) => {
    const client = new pg.Client({ connectionString: url(), connectionTimeoutMillis: 10_000 });
    client.on('error', () => undefined);
    await client.connect();
    try {
      return (await client.query<T>(text, values)).rows;
    } finally {
      await client.end().catch(() => undefined);
    }
  };

  const cluster: PgCluster = {
    port,
    url,
    query,
    async createDatabase(name) {
      await query(`create database "${name.replace(/"/g, '')}"`);
      return url(name);
    },
    restart: (mode) => pgCtl('restart', '-w', '-t', '60', '-m', mode, '-l', logFile, '-o', options),
    stop: (mode) => pgCtl('stop', '-w', '-t', '60', '-m', mode),
    start,
    async stall(ms) {
      const postmaster = postmasterPid(dataDir);
      if (!postmaster) throw new Error('the cluster is not running: nothing to stall');
      // The postmaster first, so that it forks no backend after its children were listed.
      const stopped = [postmaster];
      signal([postmaster], 'SIGSTOP');
      const children = childrenOf(postmaster);
      signal(children, 'SIGSTOP');
      stopped.push(...children);
      try {
        await new Promise((resolve) => setTimeout(resolve, ms));
      } finally {
        signal(stopped.reverse(), 'SIGCONT');
      }
    },
    async terminateBackends(database) {
      const rows = await query<{ n: number }>(
        `select count(*) filter (where pg_terminate_backend(pid))::int as n
           from pg_stat_activity
          where datname = $1 and pid <> pg_backend_pid() and backend_type = 'client backend'`,
        [database],
      );
      return rows[0]?.n ?? 0;
    },
    async destroy() {
      if (destroyed) return;
      destroyed = true;
      const postmaster = postmasterPid(dataDir);
      // A stalled cluster cannot stop: continue it first.
      if (postmaster) signal([postmaster, ...childrenOf(postmaster)], 'SIGCONT');
      await pgCtl('stop', '-w', '-t', '30', '-m', 'immediate').catch(() => {
        const pid = postmasterPid(dataDir);
        if (pid) signal([pid], 'SIGKILL');
      });
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return cluster;
}
