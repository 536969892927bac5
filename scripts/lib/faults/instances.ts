// The wallet service instances of the fault run: `npm run start:wallet` (scripts/start-wallet.mjs)
// as a user runs it, each on a free port and in its own process group, so that a kill -9 takes the
// instance and nothing else. Each instance's connections carry its name (PGAPPNAME).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../../..');

export type Instance = {
  name: string;
  baseUrl: string;
  output(): string;
  /** False once the process has ended, whoever ended it. */
  alive(): boolean;
  /** SIGKILL: no shutdown code runs. */
  kill(): Promise<void>;
  /** SIGTERM: the service's own shutdown. */
  stop(): Promise<void>;
};

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

export async function startInstance(name: string, env: Record<string, string>): Promise<Instance> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), `faults-${name}-`));
  let output = '';
  const child = spawn(
    process.execPath,
    ['--max-semi-space-size=8', path.join(root, 'scripts/start-wallet.mjs')],
    {
      cwd: root,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        NODE_ENV: 'production',
        WALLET_DATA_DIR: dataDir,
        PGAPPNAME: name,
        ...env,
        PORT: String(port),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    },
  );
  child.stdout.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr.on('data', (c: Buffer) => (output += c.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const end = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) {
      try {
        process.kill(-child.pid!, signal);
      } catch {
        // Already gone.
      }
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 90_000;
  while (!output.includes('wallet service ready')) {
    if (child.exitCode !== null) throw new Error(`wallet instance ${name} exited early:\n${output}`);
    if (Date.now() > deadline) {
      await end('SIGKILL');
      throw new Error(`wallet instance ${name} did not become ready:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    name,
    baseUrl: `http://127.0.0.1:${port}`,
    output: () => output,
    alive: () => child.exitCode === null && child.signalCode === null,
    kill: () => end('SIGKILL'),
    stop: () => end('SIGTERM'),
  };
}

/** Whether the instance's /wallet/health/ready says ready (false too when it does not answer). */
export async function isReady(baseUrl: string): Promise<boolean> {
  try {
    const response = await fetch(`${baseUrl}/wallet/health/ready`, { signal: AbortSignal.timeout(5_000) });
    await response.arrayBuffer();
    return response.status === 200;
  } catch {
    return false;
  }
}
