// Running the production build as real server processes, for tests about several instances
// and crashes: start `next start` on a port with a given environment, wait until it serves,
// stop it gracefully or kill it outright.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

export type AppProcess = {
  baseUrl: string;
  port: number;
  output(): string;
  /** SIGTERM and wait for exit. */
  stop(): Promise<void>;
  /** SIGKILL: no shutdown code runs, as in a crash. */
  kill(): Promise<void>;
};

export function freePort(): number {
  return 20_000 + Math.floor(Math.random() * 20_000);
}

export async function startApp(options: { port?: number; env: Record<string, string> }): Promise<AppProcess> {
  const port = options.port ?? freePort();
  let output = '';
  const child: ChildProcess = spawn(
    path.join(root, 'node_modules/.bin/next'),
    ['start', '-p', String(port), '-H', '127.0.0.1'],
    {
      cwd: root,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        NODE_ENV: 'production',
        NEXT_TELEMETRY_DISABLED: '1',
        WALLET_DATA_DIR: mkdtempSync(path.join(tmpdir(), 'wallet-app-')),
        ...options.env,
        PORT: String(port),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  child.stdout?.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (output += c.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const deadline = Date.now() + 60_000;
  for (;;) {
    if (output.includes('[card-wallet] database ready')) break;
    if (child.exitCode !== null) throw new Error(`app exited early:\n${output}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`app did not become ready:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }

  const end = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await exited;
  };
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    port,
    output: () => output,
    stop: () => end('SIGTERM'),
    kill: () => end('SIGKILL'),
  };
}
