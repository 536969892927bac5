// The wallet service alone (lib/wallet/service/main.ts, as `npm run start:wallet` runs it, through
// tsx here so no build is needed) as a real process on a free port, for PostgreSQL tests that must
// crash an instance: kill() is SIGKILL, no shutdown code runs.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from './app-process';

const root = path.resolve(import.meta.dirname, '../..');

export type WalletProcess = {
  baseUrl: string;
  output(): string;
  kill(): Promise<void>;
  stop(): Promise<void>;
};

export async function startWalletProcess(env: Record<string, string>): Promise<WalletProcess> {
  const port = await freePort();
  let output = '';
  const child = spawn(
    path.join(root, 'node_modules/.bin/tsx'),
    [path.join(root, 'lib/wallet/service/main.ts')],
    {
      cwd: root,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        NODE_ENV: 'production',
        WALLET_DATA_DIR: mkdtempSync(path.join(tmpdir(), 'wallet-process-')),
        ...(process.env.WALLET_MASTER_KEY ? { WALLET_MASTER_KEY: process.env.WALLET_MASTER_KEY } : {}),
        WALLET_RATE_LIMIT_RPS: '0',
        WALLET_BACKOFFICE_RATE_LIMIT_RPS: '0',
        // One back-office key for every instance on the database, as an operator sets it.
        WALLET_BACKOFFICE_SECRET: 'system-backoffice-key-0123456789',
        ...env,
        PORT: String(port),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    },
  );
  child.stdout?.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (output += c.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const end = async (signal: NodeJS.Signals) => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    try {
      process.kill(-child.pid!, signal);
    } catch {
      // Already gone.
    }
    await exited;
  };
  const deadline = Date.now() + 60_000;
  while (!output.includes('wallet service ready')) {
    if (child.exitCode !== null) throw new Error(`the wallet service exited early:\n${output}`);
    if (Date.now() > deadline) {
      await end('SIGKILL');
      throw new Error(`the wallet service did not become ready:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    output: () => output,
    kill: () => end('SIGKILL'),
    stop: () => end('SIGTERM'),
  };
}
