// The Python client (sdk/python/wallet_client.py, docs/integrator-guide.md "The Python client")
// run as an integrator runs it, with Debian's python3 and nothing else: its self-test signs the
// guide's test vectors and then walks a card's journey against the service (a user, a card paid
// by the agency, a top-up and its replay, a purchase cleared, a daily limit set and cleared with
// an empty value, the cardholder's me/* calls with the walletToken alone, a lock, a refusal naming
// its field).
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, TEST_AGENCY, type TestDatabase } from '../helpers/wallet-db';
import { startWalletServer, type WalletTestServer } from '../helpers/wallet-server';

const run = promisify(execFile);
const CLIENT = path.resolve(import.meta.dirname, '../../sdk/python/wallet_client.py');

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

it('runs its self-test against the service: every step passes', async () => {
  const { stdout } = await run('python3', [CLIENT, '--self-test'], {
    timeout: 120_000,
    env: {
      PATH: process.env.PATH ?? '',
      BASE_URL: server.baseUrl,
      AGENCY_CODE: TEST_AGENCY.agencyCode,
      APP_ID: TEST_AGENCY.appId,
      APP_SECRET: TEST_AGENCY.appSecret,
    } as unknown as NodeJS.ProcessEnv,
  }).catch((error: { stdout?: string; stderr?: string }) => ({
    stdout: `${error.stdout ?? ''}\n${error.stderr ?? String(error)}`,
  }));
  const lines = stdout.trim().split('\n');
  expect(lines.filter((l) => l.startsWith('FAIL'))).toEqual([]);
  expect(lines.at(-1)).toBe('23 passed, 0 failed');
}, 180_000);
