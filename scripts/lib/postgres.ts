// Test PostgreSQL: owns finding (or installing, creating and starting) the local Debian cluster
// and the `wallet_test` role and database that the pg and system tests connect to.
// TEST_DATABASE_URL short-circuits all of it, so a developer or CI can point at any server.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';

const ROLE = 'wallet_test';
const PASSWORD = 'wallet_test';
const DATABASE = 'wallet_test';

type Cluster = { version: string; name: string; port: number; online: boolean };

type RunResult = { code: number; stdout: string; stderr: string };

function log(line: string): void {
  console.log(`[postgres] ${line}`);
}

/** Runs a command; `capture` collects output instead of streaming it (for commands we parse). */
function run(
  command: string,
  args: readonly string[],
  options: { capture?: boolean; input?: string; env?: NodeJS.ProcessEnv } = {},
): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      stdio: [options.input === undefined ? 'ignore' : 'pipe', options.capture ? 'pipe' : 'inherit', 'pipe'],
      env: options.env ?? process.env,
    });
    let stdout = '';
    let stderr = '';
    child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    // stderr is always captured so a failure can be reported with its cause, and echoed so
    // long-running commands (apt-get) still show their warnings as they happen.
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      if (!options.capture) process.stderr.write(chunk);
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? 1, stdout, stderr }));
    if (options.input !== undefined) child.stdin?.end(options.input);
  });
}

async function mustRun(
  command: string,
  args: readonly string[],
  options: { capture?: boolean; input?: string; env?: NodeJS.ProcessEnv } = {},
): Promise<string> {
  const result = await run(command, args, options);
  if (result.code !== 0) {
    const detail = result.stderr.trim() || result.stdout.trim();
    throw new Error(
      `\`${command} ${args.join(' ')}\` exited with code ${result.code}${detail ? `:\n${detail}` : ''}`,
    );
  }
  return result.stdout;
}

function commandExists(name: string): boolean {
  const dirs = (process.env.PATH ?? '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin').split(
    ':',
  );
  return dirs.some((dir) => dir !== '' && existsSync(`${dir}/${name}`));
}

async function installPostgres(): Promise<void> {
  log('pg_ctlcluster not found: installing PostgreSQL with apt-get (this takes a while)');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  await mustRun('apt-get', ['update'], { env });
  await mustRun('apt-get', ['install', '-y', '--no-install-recommends', 'postgresql'], { env });
}

/** Parses `pg_lsclusters --no-header`: "15 main 5432 online postgres /var/lib/... /var/log/...". */
async function listClusters(): Promise<Cluster[]> {
  const out = await mustRun('pg_lsclusters', ['--no-header'], { capture: true });
  const clusters: Cluster[] = [];
  for (const line of out.split('\n')) {
    const [version, name, port, status] = line.trim().split(/\s+/);
    if (!version || !name || !port || !status) continue;
    clusters.push({ version, name, port: Number(port), online: status.startsWith('online') });
  }
  return clusters;
}

/** The newest installed server version, from the Debian layout /usr/lib/postgresql/<ver>/bin. */
function newestInstalledVersion(): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root).filter((v) => /^\d+(\.\d+)?$/.test(v) && existsSync(`${root}/${v}/bin/postgres`))
    : [];
  versions.sort((a, b) => Number(b) - Number(a));
  const newest = versions[0];
  if (!newest) throw new Error(`No PostgreSQL server binaries under ${root}`);
  return newest;
}

/** Prefers an online cluster (no restart needed), then the newest version. */
function pickCluster(clusters: readonly Cluster[]): Cluster | undefined {
  return [...clusters].sort(
    (a, b) => Number(b.online) - Number(a.online) || Number(b.version) - Number(a.version),
  )[0];
}

/** psql as the postgres superuser over the local socket, where peer auth lets root in via su. */
async function psqlAsSuperuser(port: number, sql: string): Promise<string> {
  return mustRun('su', ['postgres', '-c', `psql -X -q -t -A -v ON_ERROR_STOP=1 -p ${port} -d postgres`], {
    capture: true,
    input: sql,
  });
}

/**
 * Returns a URL of a PostgreSQL database the tests may use freely (the role may create more
 * databases). Idempotent: safe to call when everything already exists and is running.
 */
export async function ensurePostgres(): Promise<string> {
  const fromEnv = process.env.TEST_DATABASE_URL;
  if (fromEnv) {
    log('using TEST_DATABASE_URL from the environment');
    return fromEnv;
  }
  if (process.getuid?.() !== 0) {
    throw new Error(
      'Setting up the local PostgreSQL needs root (apt-get, pg_ctlcluster, su postgres). ' +
        'Run as root, or set TEST_DATABASE_URL to a database whose role has CREATEDB.',
    );
  }

  if (!commandExists('pg_ctlcluster')) await installPostgres();

  let cluster = pickCluster(await listClusters());
  if (!cluster) {
    const version = newestInstalledVersion();
    log(`no cluster found: creating ${version}/main`);
    await mustRun('pg_createcluster', [version, 'main']);
    cluster = pickCluster(await listClusters());
    if (!cluster) throw new Error('pg_createcluster succeeded but pg_lsclusters lists no cluster');
  }

  const label = `${cluster.version}/${cluster.name} on port ${cluster.port}`;
  if (cluster.online) {
    log(`cluster ${label} is online`);
  } else {
    log(`starting cluster ${label}`);
    // Containers have no systemd; without this flag pg_ctlcluster hands off to systemctl.
    await mustRun('pg_ctlcluster', ['--skip-systemctl-redirect', cluster.version, cluster.name, 'start']);
  }

  // ALTER on every run keeps the password and rights right even if someone changed them.
  await psqlAsSuperuser(
    cluster.port,
    `DO $$
BEGIN
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = '${ROLE}') THEN
    CREATE ROLE ${ROLE} LOGIN PASSWORD '${PASSWORD}' CREATEDB;
  ELSE
    ALTER ROLE ${ROLE} LOGIN PASSWORD '${PASSWORD}' CREATEDB;
  END IF;
  -- The benchmark checkpoints a freshly loaded database before it measures (bench/lib/servers.ts).
  GRANT pg_checkpoint TO ${ROLE};
END
$$;`,
  );
  // CREATE DATABASE cannot run inside a DO block or transaction, hence the separate check.
  const exists = await psqlAsSuperuser(
    cluster.port,
    `SELECT 1 FROM pg_database WHERE datname = '${DATABASE}';`,
  );
  if (exists.trim() === '1') {
    log(`role and database ${DATABASE} ready`);
  } else {
    await psqlAsSuperuser(cluster.port, `CREATE DATABASE ${DATABASE} OWNER ${ROLE};`);
    log(`created database ${DATABASE}`);
  }

  // 127.0.0.1 rather than localhost: pg_hba allows scram on both, but ::1 may not be listening.
  return `postgres://${ROLE}:${PASSWORD}@127.0.0.1:${cluster.port}/${DATABASE}`;
}
