// Running the production build in the one Node server of `npm start` (lib/app-server.ts: the
// wallet API and the back-office) as a real process, for system tests: start it on a free port
// with a given environment, wait until start-up has migrated and provisioned
// the database, then stop it gracefully or kill it outright (a crash). The one app starter of the
// test suite.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

/** The back-office key of every app process the tests start, unless a test gives its own. */
export const SYSTEM_BACKOFFICE_SECRET = 'system-backoffice-key-0123456789';

export type AppProcess = {
  baseUrl: string;
  port: number;
  /** Everything the server printed so far. */
  output(): string;
  /** SIGTERM and wait for exit (SIGKILL after 10 s). */
  stop(): Promise<void>;
  /** SIGKILL: no shutdown code runs, as in a crash. */
  kill(): Promise<void>;
};

/** A port nothing listens on right now (the OS picks it). */
export async function freePort(): Promise<number> {
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

/**
 * Starts the build with exactly `env` (plus PATH, HOME, PORT, NODE_ENV=production and, unless
 * given, a data directory of its own).
 */
export async function startApp(options: { port?: number; env: Record<string, string> }): Promise<AppProcess> {
  if (!existsSync(path.join(root, '.next', 'BUILD_ID'))) {
    throw new Error(
      'There is no production build: run the system tests through `npm test -- --only system`.',
    );
  }
  const port = options.port ?? (await freePort());
  let output = '';
  const child: ChildProcess = spawn(
    path.join(root, 'node_modules/.bin/tsx'),
    [path.join(root, 'lib/app-server.ts')],
    {
      cwd: root,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        NODE_ENV: 'production',
        NEXT_TELEMETRY_DISABLED: '1',
        WALLET_DATA_DIR: mkdtempSync(path.join(tmpdir(), 'wallet-app-')),
        // The suite's one master key (vitest.config.ts), so what the tests seal the app opens.
        ...(process.env.WALLET_MASTER_KEY ? { WALLET_MASTER_KEY: process.env.WALLET_MASTER_KEY } : {}),
        // One back-office key for every instance on a database (docs/operator-guide.md "Scaling"):
        // each would otherwise generate its own in its data directory, and the last to start wins.
        WALLET_BACKOFFICE_SECRET: SYSTEM_BACKOFFICE_SECRET,
        // The suite's rate limits (none: vitest.config.ts) unless a test sets its own in `env`.
        ...(process.env.WALLET_RATE_LIMIT_RPS !== undefined
          ? { WALLET_RATE_LIMIT_RPS: process.env.WALLET_RATE_LIMIT_RPS }
          : {}),
        ...(process.env.WALLET_BACKOFFICE_RATE_LIMIT_RPS !== undefined
          ? { WALLET_BACKOFFICE_RATE_LIMIT_RPS: process.env.WALLET_BACKOFFICE_RATE_LIMIT_RPS }
          : {}),
        ...options.env,
        PORT: String(port),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      // Its own process group, so a signal reaches whatever the server runs under it.
      detached: true,
    },
  );
  child.stdout?.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (output += c.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const signalGroup = (signal: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, signal);
    } catch {
      // Already gone.
    }
  };
  const end = async (signal: NodeJS.Signals) => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    signalGroup(signal);
    const timer = signal === 'SIGKILL' ? undefined : setTimeout(() => signalGroup('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  };

  const deadline = Date.now() + 120_000;
  for (;;) {
    if (output.includes('[card-wallet] database ready')) break;
    if (child.exitCode !== null) throw new Error(`the app server exited early:\n${output}`);
    if (Date.now() > deadline) {
      await end('SIGKILL');
      throw new Error(`the app server did not become ready:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }

  return {
    baseUrl: `http://127.0.0.1:${port}`,
    port,
    output: () => output,
    stop: () => end('SIGTERM'),
    kill: () => end('SIGKILL'),
  };
}
