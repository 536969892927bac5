// The integrator's examples run (docs/integrator-guide.md "Signing", docs/examples/): curl with
// openssl, Python's standard library and Node, each as an integrator would run it, against the
// wallet service over HTTP. Each prints the first test vector's signature and the replies of two
// signed calls (agency/assetList, and user/search with a space, an apostrophe and a non-ASCII letter to encode),
// which must be the service's own answers.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callWallet } from '../helpers/wallet-call';
import { createTestDatabase, TEST_AGENCY, type TestDatabase } from '../helpers/wallet-db';
import { startWalletServer, type WalletTestServer } from '../helpers/wallet-server';

const run = promisify(execFile);
const EXAMPLES = path.resolve(import.meta.dirname, '../../docs/examples');
const VECTOR = 'a3cbe0697c17c998b5bbab71d7d06e1f967cc349a3c503f9c95be1001f9fca6f';

let db: TestDatabase;
let server: WalletTestServer;

beforeAll(async () => {
  db = await createTestDatabase();
  server = await startWalletServer();
});

afterAll(async () => {
  await server?.close();
  await db?.close();
});

const examples: [string, string, string[]][] = [
  ['curl and openssl', 'bash', [path.join(EXAMPLES, 'curl/wallet-call.sh')]],
  ['Python (standard library)', 'python3', [path.join(EXAMPLES, 'python/wallet_call.py')]],
  ['Node', process.execPath, [path.join(EXAMPLES, 'node/wallet-call.mjs')]],
];

describe('the examples of docs/examples', () => {
  it.each(examples)('%s: signs the test vector and makes two signed calls', async (_name, command, args) => {
    const { stdout } = await run(command, args, {
      timeout: 60_000,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        BASE_URL: server.baseUrl,
        AGENCY_CODE: TEST_AGENCY.agencyCode,
        APP_ID: TEST_AGENCY.appId,
        APP_SECRET: TEST_AGENCY.appSecret,
      } as unknown as NodeJS.ProcessEnv,
    });
    const lines = stdout.trim().split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toBe(`vector ${VECTOR}`);
    const reply = (line: string, prefix: string) => {
      expect(line.startsWith(`${prefix} `), line).toBe(true);
      return JSON.parse(line.slice(prefix.length + 1)) as { code: number; msg: string; data?: unknown };
    };
    const assets = reply(lines[1]!, '/wallet/api/agency/assetList');
    const search = reply(lines[2]!, '/wallet/api/user/search');
    expect(assets).toEqual((await callWallet(server.baseUrl, 'agencyAssetList', {})).body);
    expect(assets.code).toBe(0);
    expect(search).toEqual(
      (await callWallet(server.baseUrl, 'userSearch', { q: "Zoë O'Brien", pageSize: 5 })).body,
    );
    expect(search.code).toBe(0);
  });
});
