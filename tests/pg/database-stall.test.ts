// A database that stalls under the service (docs/wallet-api.md "When the database is away"): every
// process of a PostgreSQL cluster of this test's own (scripts/lib/pg-cluster.ts; the shared test
// server is never touched) stopped with SIGSTOP, its connections open and silent, as a disk or a
// hypervisor that stops does. A call that waits on it is answered 503 / 5001 with Retry-After while
// the stall lasts (found by `npm run faults`: it was held until the stall ended); once the
// database continues, the same call with its requestId answers what was done, exactly once.
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startPgCluster, type PgCluster } from '../../scripts/lib/pg-cluster';
import { callWallet, kycParams, type CallOptions } from '../helpers/wallet-call';
import { startWalletProcess, type WalletProcess } from '../helpers/wallet-process';

const APP: CallOptions = { agencyCode: 'STALL', appId: 'stall-app', secret: 'stall-secret-0123456789abcdef' };
const STALL_MS = 20_000;

let cluster: PgCluster | undefined;
let databaseUrl = '';
let wallet: WalletProcess | undefined;

beforeAll(async () => {
  cluster = await startPgCluster();
  databaseUrl = await cluster.createDatabase('wallet_stall');
  wallet = await startWalletProcess({
    DATABASE_URL: databaseUrl,
    WALLET_AGENCY_CODE: APP.agencyCode!,
    WALLET_APP_ID: APP.appId!,
    WALLET_APP_SECRET: APP.secret!,
  });
}, 120_000);

afterAll(async () => {
  await wallet?.kill();
  await cluster?.destroy();
});

const register = (appUserId: string) =>
  callWallet(
    wallet!.baseUrl,
    'registerAndKyc',
    { ...kycParams(appUserId), requestId: `req-${appUserId}` },
    APP,
  );

it('answers 503 / 5001 with Retry-After while the database is stalled, and the retry answers what was done', async () => {
  expect((await register('stall-before')).body.code).toBe(0);

  let stallEnded = false;
  const stall = cluster!.stall(STALL_MS).then(() => (stallEnded = true));
  try {
    await new Promise((resolve) => setTimeout(resolve, 300));
    const during = await register('stall-during');
    // Answered while the stall still lasts: not held until it ends.
    expect(stallEnded).toBe(false);
    expect([during.status, during.body.code, during.headers.get('retry-after')]).toEqual([503, 5001, '2']);
  } finally {
    await stall;
  }

  let answer = await register('stall-during');
  for (let attempt = 0; answer.body.code !== 0 && attempt < 40; attempt++) {
    expect([answer.status, answer.body.code]).toEqual([503, 5001]);
    await new Promise((resolve) => setTimeout(resolve, 500));
    answer = await register('stall-during');
  }
  expect(answer.body.code).toBe(0);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      `select count(*)::int as n from wallet.users where app_user_id like 'stall-%'`,
    );
    expect(rows[0]!.n).toBe(2);
  } finally {
    await client.end();
  }
}, 120_000);
