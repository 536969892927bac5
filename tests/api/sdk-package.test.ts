// The SDK as an integrator gets it (docs/integrator-guide.md "The SDK"): scripts/build-sdk.ts
// builds the package, `npm pack` makes its tarball, and an empty project installs it offline (it
// has no dependency), typechecks code against its types (the parameters, results and result
// codes of the OpenAPI document) and makes signed calls with it against the wallet service.
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSdk, SDK_NAME } from '../../scripts/build-sdk';
import { WALLET_API_VERSION } from '@/lib/wallet/contract/api-version';
import { buildOpenApiDocument } from '@/lib/wallet/contract/openapi';
import { fundedCard } from '../helpers/spending';
import { callWallet, kycParams } from '../helpers/wallet-call';
import { createTestDatabase, TEST_AGENCY, type TestDatabase } from '../helpers/wallet-db';
import { startWalletServer, type WalletTestServer } from '../helpers/wallet-server';

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

let db: TestDatabase;
let server: WalletTestServer;
let work: string;
let project: string;

const childEnv = (extra: Record<string, string> = {}) =>
  ({
    PATH: process.env.PATH ?? '',
    HOME: work,
    npm_config_cache: path.join(work, 'npm-cache'),
    npm_config_offline: 'true',
    npm_config_audit: 'false',
    npm_config_fund: 'false',
    npm_config_update_notifier: 'false',
    ...extra,
  }) as unknown as NodeJS.ProcessEnv;

beforeAll(async () => {
  db = await createTestDatabase();
  server = await startWalletServer();
  work = mkdtempSync(path.join(os.tmpdir(), 'wallet-sdk-'));
  const built = await buildSdk(path.join(work, 'package'));
  await run(npm, ['pack', '--pack-destination', work], { cwd: built, env: childEnv(), timeout: 120_000 });
  const tarball = readdirSync(work).find((f) => f.endsWith('.tgz'));
  expect(tarball).toBe(`card-wallet-sdk-${WALLET_API_VERSION}.0.tgz`);
  project = path.join(work, 'project');
  await run('mkdir', ['-p', project]);
  writeFileSync(path.join(project, 'package.json'), '{"name":"integrator","private":true,"type":"module"}\n');
  await run(npm, ['install', '--ignore-scripts', path.join(work, tarball!)], {
    cwd: project,
    env: childEnv(),
    timeout: 120_000,
  });
}, 240_000);

afterAll(async () => {
  await server?.close();
  await db?.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('the SDK package', () => {
  it('installs offline into an empty project with nothing but itself', () => {
    expect(readdirSync(path.join(project, 'node_modules')).filter((n) => !n.startsWith('.'))).toEqual([
      '@card-wallet',
    ]);
    expect(readdirSync(path.join(project, 'node_modules', SDK_NAME)).sort()).toEqual([
      'README.md',
      'index.d.ts',
      'index.js',
      'package.json',
    ]);
  });

  it('types every operation: parameters, results and result codes (tsc --strict over its types only)', async () => {
    writeFileSync(
      path.join(project, 'check.ts'),
      `import { createWalletClient, verifyWebhook, apiVersion, type Reply } from '${SDK_NAME}';
const wallet = createWalletClient({ baseUrl: 'https://wallet.example.com', agencyCode: 'AG001', appId: 'app-1', secret: 's' });
export async function use(): Promise<string> {
  const found = await wallet.userSearch({ q: 'ada', pageSize: 5 });
  if (found.code === 0) return found.data.list.map((u) => u.appUserId).join();
  const transfer: Reply<'assetTransfer'> = await wallet.call('assetTransfer', { fromAssetId: 1, toAssetId: 2, amount: '25.00' });
  if (transfer.code === 4001) return transfer.msg;
  const events = await wallet.eventList();
  if (events.code === 0 && events.data.nextCursor !== null) await wallet.eventList({ cursor: events.data.nextCursor });
  // @ts-expect-error pageSize is a number
  await wallet.userSearch({ q: 'ada', pageSize: 'ten' });
  // @ts-expect-error q is required
  await wallet.userSearch({});
  // @ts-expect-error no such operation
  await wallet.call('cardSteal', {});
  // @ts-expect-error 3002 is not a code of assetTransfer
  if (transfer.code === 3002) return '';
  const v: '${WALLET_API_VERSION}' = apiVersion;
  return String(verifyWebhook({ secret: 's', rawBody: '{}', timestamp: '1', signature: 'x' })) + v;
}
`,
    );
    const tsc = path.join(ROOT, 'node_modules/typescript/bin/tsc');
    writeFileSync(
      path.join(project, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          noEmit: true,
          target: 'es2022',
          lib: ['es2022'],
          module: 'nodenext',
          moduleResolution: 'nodenext',
          types: [],
        },
        files: ['check.ts'],
      }),
    );
    const result = await run(process.execPath, [tsc, '-p', 'tsconfig.json'], {
      cwd: project,
      env: childEnv(),
      timeout: 120_000,
    }).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? String(error) }));
    expect(result.stdout).toBe('');
  });

  it('makes signed calls against the wallet service, as its README shows', async () => {
    writeFileSync(
      path.join(project, 'call.mjs'),
      `import { createWalletClient } from '${SDK_NAME}';
const wallet = createWalletClient({
  baseUrl: process.env.BASE_URL,
  agencyCode: process.env.AGENCY_CODE,
  appId: process.env.APP_ID,
  secret: process.env.APP_SECRET,
});
console.log(JSON.stringify(await wallet.agencyAssetList()));
console.log(JSON.stringify(await wallet.call('userSearch', { q: "Zoë O'Brien", pageSize: 5 })));
console.log(JSON.stringify(await wallet.cardListAllByUser({ pageSize: 101 })));
`,
    );
    const { stdout } = await run(process.execPath, ['call.mjs'], {
      cwd: project,
      timeout: 60_000,
      env: childEnv({
        BASE_URL: `${server.baseUrl}/`,
        AGENCY_CODE: TEST_AGENCY.agencyCode,
        APP_ID: TEST_AGENCY.appId,
        APP_SECRET: TEST_AGENCY.appSecret,
      }),
    });
    const [assets, search, refused] = stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { code: number });
    expect(assets).toEqual((await callWallet(server.baseUrl, 'agencyAssetList', {})).body);
    expect(assets!.code).toBe(0);
    expect(search).toEqual(
      (await callWallet(server.baseUrl, 'userSearch', { q: "Zoë O'Brien", pageSize: 5 })).body,
    );
    expect(refused).toEqual({
      code: 1002,
      msg: 'pageSize must be at most 100.',
      data: { field: 'pageSize', rule: 'must be at most 100' },
    });
  });

  it("calls the cardholder's operations from a device with the walletToken alone", async () => {
    const appUserId = `sdk-holder-${process.pid}`;
    const registered = await callWallet<{ walletToken: string }>(
      server.baseUrl,
      'registerAndKyc',
      kycParams(appUserId),
    );
    expect(registered.body.code, registered.body.msg).toBe(0);
    writeFileSync(
      path.join(project, 'holder.mjs'),
      `import { createCardholderClient } from '${SDK_NAME}';
const me = createCardholderClient({ baseUrl: process.env.BASE_URL, walletToken: process.env.USER_TOKEN });
console.log(JSON.stringify(await me.meCards()));
console.log(JSON.stringify(await me.call('meCardFreeze', { cardId: 2000000000 })));
console.log(JSON.stringify(await createCardholderClient({ baseUrl: process.env.BASE_URL, walletToken: 'wt_gone' }).meCards()));
`,
    );
    const { stdout } = await run(process.execPath, ['holder.mjs'], {
      cwd: project,
      timeout: 60_000,
      env: childEnv({ BASE_URL: server.baseUrl, USER_TOKEN: registered.body.data!.walletToken }),
    });
    const [cards, notTheirs, refused] = stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { code: number; data?: unknown });
    expect(cards).toEqual({ code: 0, msg: 'success', data: [] });
    expect(notTheirs!.code).toBe(4008);
    expect(refused!.code).toBe(2005);
  });

  it('sends a clearable parameter given empty, and it clears: every x-clearable parameter of the catalogue', async () => {
    const doc = buildOpenApiDocument() as {
      paths: Record<string, Record<string, { operationId: string; parameters?: ClearableParameter[] }>>;
    };
    const clearables = Object.values(doc.paths)
      .flatMap((methods) => Object.values(methods))
      .flatMap((op) =>
        (op.parameters ?? []).filter((p) => p['x-clearable']).map((p) => ({ op: op.operationId, p })),
      );
    // Every clearable parameter has a reader below, so a new one cannot go untested.
    expect(clearables.map(({ op, p }) => `${op}.${p.name}`).sort()).toEqual(Object.keys(SETTING_OF).sort());

    const card = await fundedCard(server.baseUrl, db, 0, 'sdk-clear');
    const base: Record<string, Record<string, string | number>> = {
      cardControlsSet: { appUserId: card.appUserId, cardId: card.cardId },
      kytRulesSet: {},
      decisionSet: {},
      appCardViewOriginsSet: {},
    };
    const steps = clearables.map(({ op, p }) => ({
      op,
      set: { ...base[op], [p.name]: SET_VALUE[`${op}.${p.name}`] ?? (p.example as string) },
      clear: { ...base[op], [p.name]: '' },
    }));
    writeFileSync(
      path.join(project, 'clear.mjs'),
      `import { createWalletClient } from '${SDK_NAME}';
const wallet = createWalletClient({
  baseUrl: process.env.BASE_URL,
  agencyCode: process.env.AGENCY_CODE,
  appId: process.env.APP_ID,
  secret: process.env.APP_SECRET,
});
for (const step of JSON.parse(process.env.STEPS)) {
  console.log(JSON.stringify([await wallet[step.op](step.set), await wallet[step.op](step.clear)]));
}
`,
    );
    const { stdout } = await run(process.execPath, ['clear.mjs'], {
      cwd: project,
      timeout: 60_000,
      env: childEnv({
        BASE_URL: server.baseUrl,
        AGENCY_CODE: TEST_AGENCY.agencyCode,
        APP_ID: TEST_AGENCY.appId,
        APP_SECRET: TEST_AGENCY.appSecret,
        STEPS: JSON.stringify(steps),
      }),
    });
    const replies = stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as [Reply, Reply]);
    expect(replies).toHaveLength(clearables.length);
    replies.forEach(([set, cleared], i) => {
      const key = `${clearables[i]!.op}.${clearables[i]!.p.name}`;
      expect([set.code, cleared.code], `${key}: ${set.msg} / ${cleared.msg}`).toEqual([0, 0]);
      expect(SETTING_OF[key]!(set.data), `${key} set`).toBe(true);
      expect(SETTING_OF[key]!(cleared.data), `${key} cleared`).toBe(false);
    });
  });
});

type ClearableParameter = { name: string; example?: unknown; 'x-clearable'?: boolean };
type Reply = { code: number; msg: string; data: Record<string, unknown> };

const hasLimit = (interval: string) => (data: Record<string, unknown>) =>
  (data.limits as { interval: string }[]).some((l) => l.interval === interval);
const nonEmpty = (name: string) => (data: Record<string, unknown>) => (data[name] as unknown[]).length > 0;

/** Whether an operation's answer shows each clearable parameter's setting as set. */
const SETTING_OF: Record<string, (data: Record<string, unknown>) => boolean> = {
  'cardControlsSet.perTransaction': hasLimit('PER_TRANSACTION'),
  'cardControlsSet.daily': hasLimit('DAILY'),
  'cardControlsSet.monthly': hasLimit('MONTHLY'),
  'cardControlsSet.allTime': hasLimit('ALL_TIME'),
  'cardControlsSet.blockedMcc': nonEmpty('blockedMcc'),
  'cardControlsSet.blockedCountries': nonEmpty('blockedCountries'),
  'kytRulesSet.blockedAddresses': nonEmpty('blockedAddresses'),
  'kytRulesSet.reviewAddresses': nonEmpty('reviewAddresses'),
  'decisionSet.url': (data) => data.url !== null,
  'appCardViewOriginsSet.origins': nonEmpty('origins'),
};

/**
 * A value to set where the document's example cannot be: the decision URL's host must resolve to
 * a public address when set, and this machine resolves no name (a literal address is checked as
 * it is; nothing connects to it, and the test clears it at once).
 */
const SET_VALUE: Record<string, string> = { 'decisionSet.url': 'https://93.184.215.14/decide' };
