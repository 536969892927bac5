// `npm start` on a fresh data directory with no configuration serves the signed API, and a
// restart keeps every user, card and balance (and provisions nothing twice). A data directory
// from before the back-office key (docs/security.md "Rate limit") gets one at that restart, served
// at once, and nothing else of its secrets changes.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { freePort } from '../helpers/app-process';
import { addressParams, callWallet, kycParams } from '../helpers/wallet-call';

const root = path.resolve(import.meta.dirname, '../..');
// A port the OS says is free (a random one could be taken), kept across the restart.
let port: number;
let baseUrl: string;
let dataDir: string;
let server: ChildProcess | undefined;
let output = '';

/** The environment a fresh machine has: no configuration beyond where to listen and store. */
function bareEnv(): NodeJS.ProcessEnv {
  const env = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    PORT: String(port),
    WALLET_DATA_DIR: dataDir,
  };
  // Next's types declare NODE_ENV as always present; a fresh machine does not set it.
  return env as unknown as NodeJS.ProcessEnv;
}

async function startServer(): Promise<void> {
  output = '';
  server = spawn('npm', ['start'], {
    cwd: root,
    env: bareEnv(),
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  server.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  server.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const deadline = Date.now() + 150_000;
  while (Date.now() < deadline) {
    if (output.includes('[card-wallet] database ready')) return;
    if (server.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server did not become ready:\n${output}`);
}

async function stopServer(): Promise<void> {
  const child = server;
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  process.kill(-child.pid!, 'SIGTERM');
  await exited;
  server = undefined;
}

function demoApp() {
  const secrets = JSON.parse(readFileSync(path.join(dataDir, 'secrets.json'), 'utf8')) as {
    walletAppSecret: string;
  };
  return { agencyCode: 'DEMO', appId: 'demo-app', secret: secrets.walletAppSecret };
}

beforeAll(async () => {
  port = await freePort();
  baseUrl = `http://127.0.0.1:${port}`;
  dataDir = mkdtempSync(path.join(tmpdir(), 'wallet-start-'));
  await startServer();
});

afterAll(async () => {
  await stopServer();
  rmSync(dataDir, { recursive: true, force: true });
});

it('without APP_URL (plain http://localhost), no HSTS and no Secure cookies', async () => {
  const login = await fetch(`${baseUrl}/login`);
  await login.text();
  expect(login.status).toBe(200);
  expect(login.headers.get('strict-transport-security')).toBeNull();
  const csrf = await fetch(`${baseUrl}/api/auth/csrf`);
  await csrf.text();
  const cookies = csrf.headers.getSetCookie();
  expect(cookies.some((c) => c.startsWith('next-auth.csrf-token='))).toBe(true);
  expect(cookies.filter((c) => /;\s*Secure(;|$)/i.test(c))).toEqual([]);
});

it('serves the signed API on the embedded default, and a restart keeps every user, card and balance', async () => {
  expect(output).toContain(
    `wallet API: http://localhost:${port}/wallet/api (agencyCode DEMO, appId demo-app`,
  );
  const app = demoApp();

  const assets = await callWallet<{ assetId: number; balance: number; type: string }[]>(
    baseUrl,
    'agencyAssetList',
    {},
    app,
  );
  expect(assets.body.code).toBe(0);
  expect(assets.body.data).toHaveLength(1);
  const margin = assets.body.data![0]!;
  expect(margin).toMatchObject({ type: 'CARD_MARGIN', balance: 100000, currency: 'USD' });

  const categories = await callWallet<{ categoryId: number; type: string; fee: number }[]>(
    baseUrl,
    'categoryList',
    {},
    app,
  );
  expect(categories.body.data!.map((c) => c.type).sort()).toEqual([
    'PHYSICAL',
    'PHYSICAL',
    'VIRTUAL',
    'VIRTUAL',
  ]);
  // The opening balance pays for at least 1,000 cards of every category.
  for (const c of categories.body.data!)
    expect(Math.floor(margin.balance / c.fee)).toBeGreaterThanOrEqual(1000);

  expect((await callWallet(baseUrl, 'registerAndKyc', kycParams('restart-user'), app)).body.code).toBe(0);
  const card = await callWallet<{ cardId: number }>(
    baseUrl,
    'agencyApplyUserCard',
    {
      appUserId: 'restart-user',
      paymentAssetId: margin.assetId,
      categoryId: 1,
      embossedName: 'JANE OCONNOR',
    },
    app,
  );
  expect(card.body.code).toBe(0);
  const address = await callWallet(baseUrl, 'addAddress', addressParams('restart-user'), app);
  expect(address.body.code).toBe(0);

  const snapshot = async () => ({
    users: (await callWallet(baseUrl, 'cardListAllByUser', {}, app)).body,
    assets: (await callWallet(baseUrl, 'agencyAssetList', {}, app)).body,
    userAssets: (await callWallet(baseUrl, 'userAssetList', { appUserId: 'restart-user' }, app)).body,
    addresses: (await callWallet(baseUrl, 'addressList', { appUserId: 'restart-user' }, app)).body,
  });
  const before = await snapshot();
  expect((before.assets.data as { balance: number }[])[0]!.balance).toBe(99995);

  // As an installation from before the back-office key: its secrets file has the other two only.
  const secretsFile = path.join(dataDir, 'secrets.json');
  const generated = JSON.parse(readFileSync(secretsFile, 'utf8')) as Record<string, string>;
  expect(Object.keys(generated).sort()).toEqual(['authSecret', 'backofficeSecret', 'walletAppSecret']);
  const { backofficeSecret: firstKey, ...older } = generated;
  await stopServer();
  writeFileSync(secretsFile, JSON.stringify(older), { mode: 0o600 });
  await startServer();

  const after = await snapshot();
  expect(after).toEqual(before);
  expect((after.users.data as { dataTotal: number }).dataTotal).toBe(1);
  // The restart gave it a new back-office key, kept the other two, and the service took it.
  const upgraded = JSON.parse(readFileSync(secretsFile, 'utf8')) as Record<string, string>;
  expect(upgraded).toMatchObject(older);
  expect(upgraded.backofficeSecret).toMatch(/^[A-Za-z0-9_-]{43}$/);
  expect(upgraded.backofficeSecret).not.toBe(firstKey);
  const asBackoffice = { ...app, secret: upgraded.backofficeSecret! };
  expect((await callWallet(baseUrl, 'agencyAssetList', {}, asBackoffice)).body.code).toBe(0);
  expect((await callWallet(baseUrl, 'agencyAssetList', {}, { ...app, secret: firstKey! })).body.code).toBe(
    2001,
  );
});
