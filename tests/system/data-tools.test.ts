// Moving the data (issue 16): data made through the API on the embedded default is copied into
// PostgreSQL by `npm run db:copy` and served from there with the same answers (new writes
// continue the sequences, a requestId sent before the copy replays after it); and
// `db:backup`, a wipe, then `db:restore` give the same answers again. The tools run as the
// operator would run them (npm scripts, child processes), against the production build. The
// cards' sealed numbers and CVVs come along as they are: the same master key opens them, and
// each number is still bound (4006, by its fingerprint).
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, pgliteDir } from '@/lib/db/open';
import { walletDb } from '@/lib/wallet/service/db';
import { cards } from '@/lib/wallet/service/db/schema';
import { revealCardSecrets } from '@/lib/wallet/service/card/card-secrets';
import { startApp, type AppProcess } from '../helpers/app-process';
import { signIn } from '../helpers/backoffice-http';
import { createFreshPgDatabase, type FreshPgDatabase } from '../helpers/pg';
import { addressParams, callWallet, kycParams } from '../helpers/wallet-call';

const root = path.resolve(import.meta.dirname, '../..');
const APP = { agencyCode: 'DEMO', appId: 'demo-app', secret: 'data-tools-secret-0123456789ab' };
const ADMIN_PASSWORD = 'data-tools-admin-password-1';
const USERS = ['move-ann', 'move-bob', 'move-cyd'] as const;
const REQUEST_ID = 'move-request-0001';

let dataDir: string;
let database: FreshPgDatabase;
let app: AppProcess | undefined;
let env: Record<string, string>;
/** What the app answered on the embedded database, before anything was moved. */
let before: Record<string, unknown>;
/** The card application sent with REQUEST_ID, as first answered. */
let firstApplication: string;
/** The whole numbers of the cards made before the copy, opened from the copy. */
const wholeNumbers: string[] = [];

type Run = { code: number; output: string };

/** `npm run <script> -- args` as an operator runs it, with the app's environment. */
function runTool(script: string, args: string[], extraEnv: Record<string, string> = {}): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      path.join(root, 'node_modules/.bin/tsx'),
      ['--conditions=react-server', path.join(root, 'scripts', script), ...args],
      {
        cwd: root,
        env: {
          NODE_ENV: 'production',
          PATH: process.env.PATH,
          HOME: process.env.HOME,
          WALLET_MASTER_KEY: process.env.WALLET_MASTER_KEY!,
          ...env,
          ...extraEnv,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? 1, output }));
  });
}

/** A call that must succeed; its data. */
async function ok<T = unknown>(
  baseUrl: string,
  operation: Parameters<typeof callWallet>[1],
  params: Parameters<typeof callWallet>[2],
): Promise<T> {
  const response = await callWallet<T>(baseUrl, operation, params, APP);
  expect(response.body.code, response.text).toBe(0);
  return response.body.data as T;
}

/** Every read a caller could make of the data this test made. */
async function answers(baseUrl: string): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  const assets = await ok<{ assetId: number }[]>(baseUrl, 'agencyAssetList', {});
  out.agencyAssets = assets;
  out.agencyLedger = await ok(baseUrl, 'assetLedger', { assetId: assets[0]!.assetId, pageSize: 100 });
  out.allByUser = await ok(baseUrl, 'cardListAllByUser', { pageSize: 100 });
  out.search = await ok(baseUrl, 'userSearch', { q: 'move' });
  for (const appUserId of USERS) {
    out[`${appUserId}.cards`] = await ok<{ cardId: number }[]>(baseUrl, 'userCardList', { appUserId });
    out[`${appUserId}.assets`] = await ok(baseUrl, 'userAssetList', { appUserId });
    out[`${appUserId}.addresses`] = await ok(baseUrl, 'addressList', { appUserId });
    for (const card of out[`${appUserId}.cards`] as { cardId: number }[]) {
      out[`${appUserId}.card.${card.cardId}`] = await ok(baseUrl, 'cardDetail', {
        appUserId,
        cardId: card.cardId,
      });
    }
  }
  return out;
}

async function applyCard(baseUrl: string, appUserId: string, requestId?: string, cardNumber?: string) {
  const [asset] = await ok<{ assetId: number }[]>(baseUrl, 'agencyAssetList', {});
  return callWallet<{ cardId: number }>(
    baseUrl,
    'agencyApplyUserCard',
    {
      appUserId,
      paymentAssetId: asset!.assetId,
      categoryId: 1,
      embossedName: 'MOVE TEST',
      requestId,
      cardNumber,
    },
    APP,
  );
}

/** A number given again is refused as bound (4006), whichever card holds it. */
async function expectBound(baseUrl: string, cardNumber: string): Promise<void> {
  const again = await applyCard(baseUrl, 'move-cyd', undefined, cardNumber);
  expect(again.body, again.text).toEqual({ code: 4006, msg: 'cardNumber is already bound to a card.' });
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'wallet-move-'));
  database = await createFreshPgDatabase();
  env = {
    WALLET_DATA_DIR: dataDir,
    WALLET_APP_SECRET: APP.secret,
    AUTH_SECRET: 'data-tools-auth-secret-0123456789abcdef',
    ADMIN_PASSWORD,
  };

  // The embedded default, with data made through the API.
  app = await startApp({ env });
  for (const appUserId of USERS) {
    await ok(app.baseUrl, 'registerAndKyc', kycParams(appUserId));
    await ok(app.baseUrl, 'addAddress', addressParams(appUserId, { isDefault: true }));
  }
  const application = await applyCard(app.baseUrl, 'move-ann', REQUEST_ID);
  expect(application.body.code, application.text).toBe(0);
  firstApplication = application.text;
  const second = (await applyCard(app.baseUrl, 'move-bob')).body.data!;
  await ok(app.baseUrl, 'cardLock', { appUserId: 'move-bob', cardId: second.cardId, reason: 'LOST' });
  const [bobWallet] = await ok<{ assetId: number }[]>(app.baseUrl, 'userAssetList', {
    appUserId: 'move-bob',
  });
  const [agency] = await ok<{ assetId: number }[]>(app.baseUrl, 'agencyAssetList', {});
  await ok(app.baseUrl, 'assetTransfer', {
    fromAssetId: agency!.assetId,
    toAssetId: bobWallet!.assetId,
    amount: '12.34',
  });
  before = await answers(app.baseUrl);
}, 240_000);

afterAll(async () => {
  await app?.stop();
  await database?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('db:copy, db:backup and db:restore', () => {
  it('refuse while the server has the embedded database open, and change nothing', async () => {
    const copy = await runTool('db-copy.ts', ['--to', database.url]);
    expect(copy.code, copy.output).toBe(1);
    expect(copy.output).toContain(`The embedded database in ${pgliteDir(dataDir)} is open in process`);
    const backupFile = path.join(dataDir, 'refused.backup');
    const backup = await runTool('db-backup.ts', ['--out', backupFile]);
    expect(backup.code, backup.output).toBe(1);
    expect(backup.output).toContain('is open in process');
    expect(existsSync(backupFile)).toBe(false);
    const restore = await runTool('db-restore.ts', ['--in', path.join(root, 'package.json')]);
    expect(restore.code, restore.output).toBe(1);
    expect(restore.output).toContain('is open in process');
    expect(await answers(app!.baseUrl)).toEqual(before);
  });

  it('db:copy moves everything to PostgreSQL, where the app gives the same answers and goes on', async () => {
    await app!.stop();
    const copy = await runTool('db-copy.ts', ['--to', database.url]);
    expect(copy.code, copy.output).toBe(0);
    expect(copy.output).toContain("every table's count matches and the books balance");
    expect(copy.output).toMatch(/wallet\.users\s+3\n/);
    expect(copy.output).not.toContain(`:${new URL(database.url).password}@`);

    app = await startApp({ env: { ...env, DATABASE_URL: database.url } });
    expect(await answers(app.baseUrl)).toEqual(before);
    // The staff account and its password came along.
    await signIn(app.baseUrl, 'admin@example.com', ADMIN_PASSWORD);
    // A requestId sent before the copy replays its first answer, byte for byte.
    expect((await applyCard(app.baseUrl, 'move-ann', REQUEST_ID)).text).toBe(firstApplication);
    // New rows continue the copied sequences.
    const cardIds = USERS.flatMap((u) => (before[`${u}.cards`] as { cardId: number }[]).map((c) => c.cardId));
    expect(cardIds).toHaveLength(2);
    const next = await applyCard(app.baseUrl, 'move-cyd');
    expect(next.body.code, next.text).toBe(0);
    expect(next.body.data!.cardId).toBe(Math.max(...cardIds) + 1);
    await ok(app.baseUrl, 'registerAndKyc', kycParams('move-dee'));

    // The sealed numbers came along: the same master key opens them, each still bound.
    const copied = await openPostgres(database.url, 2);
    try {
      const wallet = walletDb(copied);
      for (const cardId of cardIds) {
        const [row] = await wallet.select().from(cards).where(eq(cards.id, cardId));
        const secrets = await revealCardSecrets(wallet, cardId);
        expect(secrets?.cvv).toMatch(/^\d{3}$/);
        expect(secrets?.cardNumber.slice(-4)).toBe(row?.last4);
        expect(row?.plainCardNumber).toBeNull();
        wholeNumbers.push(secrets!.cardNumber);
      }
    } finally {
      await copied.close();
    }
    for (const number of wholeNumbers) await expectBound(app.baseUrl, number);

    // A second copy into the now non-empty database is refused.
    const again = await runTool('db-copy.ts', ['--to', database.url]);
    expect(again.code, again.output).toBe(1);
    expect(again.output).toContain('The target database is not empty');
    await app.stop();
    app = undefined;
  });

  it('db:backup, a wipe and db:restore give the same answers', async () => {
    const backupFile = path.join(dataDir, 'wallet.backup');
    const backup = await runTool('db-backup.ts', ['--out', backupFile]);
    expect(backup.code, backup.output).toBe(0);
    expect(backup.output).toContain('loaded it back and found every row');
    const overwrite = await runTool('db-backup.ts', ['--out', backupFile]);
    expect(overwrite.code, overwrite.output).toBe(1);
    expect(overwrite.output).toContain('exists already');

    rmSync(pgliteDir(dataDir), { recursive: true, force: true });
    // Wiped: the app starts on an empty embedded database, where none of the users exist.
    app = await startApp({ env });
    expect(
      (await callWallet(app.baseUrl, 'userCardList', { appUserId: 'move-ann' }, APP)).body.code,
    ).not.toBe(0);
    await app.stop();

    const notABackup = await runTool('db-restore.ts', ['--in', path.join(root, 'package.json')]);
    expect(notABackup.code, notABackup.output).toBe(1);
    expect(notABackup.output).toContain('is not a backup made by db:backup');
    const restore = await runTool('db-restore.ts', ['--in', backupFile]);
    expect(restore.code, restore.output).toBe(0);
    expect(restore.output).toMatch(/kept in .*pglite\.replaced-/);

    app = await startApp({ env });
    expect(await answers(app.baseUrl)).toEqual(before);
    await signIn(app.baseUrl, 'admin@example.com', ADMIN_PASSWORD);
    // The restored cards' fingerprints came back with them.
    expect(wholeNumbers).toHaveLength(2);
    for (const number of wholeNumbers) await expectBound(app.baseUrl, number);
  });

  it('db:restore refuses a backup the configured master key cannot open', async () => {
    await app?.stop();
    app = undefined;
    const restore = await runTool('db-restore.ts', ['--in', path.join(dataDir, 'wallet.backup')], {
      WALLET_MASTER_KEY: 'another-master-key-0123456789abcdef',
    });
    expect(restore.code, restore.output).toBe(1);
    expect(restore.output).toContain('does not open the secrets of app(s) demo-app');
  });
});
