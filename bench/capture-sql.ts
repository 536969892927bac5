// Captures the SQL the wallet service runs for each benchmarked operation, by calling the
// service's own functions (authentication, then the operation, composed as with-wallet-route.ts
// composes them) on a Drizzle instance whose logger records every statement. The harness
// compares the result with the SQL of bench/floor-server.ts, so the floor provably runs the
// same statements as the service. Prints JSON: { [operation]: string[] } on stdout.
//
//   tsx --conditions=react-server bench/capture-sql.ts <database-url> <agencyCode> <appId> <appUserId> <email> <paymentAssetId>
import { randomBytes, randomUUID } from 'node:crypto';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as backofficeSchema from '@/lib/backoffice/db/schema';
import type { Database } from '@/lib/db/open';
import * as walletSchema from '@/lib/wallet/service/db/schema';
import { listAgencyAssets } from '@/lib/wallet/service/asset/list-agency-assets';
import { applyCard } from '@/lib/wallet/service/card/apply-card';
import { listCardsByUser } from '@/lib/wallet/service/card/list-cards-by-user';
import { listUserCards } from '@/lib/wallet/service/card/list-user-cards';
import { requestFingerprint, runOnce } from '@/lib/wallet/service/request/idempotency';
import { verifySignedRequest } from '@/lib/wallet/service/request/verify-signed-request';
import {
  walletOperations,
  type OperationParams,
  type WalletOperationName,
} from '@/lib/wallet/contract/operations';
import { signRequest } from '@/lib/wallet/contract/signature';

const [url, agencyCode, appId, appUserId, email, paymentAssetId] = process.argv.slice(2);
if (!url || !agencyCode || !appId || !appUserId || !email || !paymentAssetId) {
  console.error(
    'usage: capture-sql.ts <database-url> <agencyCode> <appId> <appUserId> <email> <paymentAssetId>',
  );
  process.exit(2);
}

let log: string[] = [];

async function main(): Promise<void> {
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  const db = drizzle({
    client: pool,
    schema: { ...walletSchema, ...backofficeSchema },
    logger: { logQuery: (query) => void log.push(query) },
  }) as unknown as Database;
  const secretRows = await pool.query<{ secret: string }>(
    'select secret from wallet.apps where app_id = $1',
    [appId],
  );
  const secret = secretRows.rows[0]?.secret;
  if (!secret) throw new Error(`app ${appId} not found`);

  async function authenticate(name: WalletOperationName, params: Record<string, string>) {
    const op = walletOperations[name];
    const pairs = new Map<string, string>([
      ['agencyCode', agencyCode!],
      ['appId', appId!],
      ['timestamp', String(Date.now())],
      ['nonce', randomBytes(12).toString('base64url')],
      ...Object.entries(params),
    ]);
    const sign = signRequest(secret!, op.method, op.path, pairs);
    const app = await verifySignedRequest({
      db,
      method: op.method,
      path: op.path,
      pairs,
      agencyCode: agencyCode!,
      appId: appId!,
      timestamp: Number(pairs.get('timestamp')),
      nonce: pairs.get('nonce')!,
      sign,
    });
    const validated = op.params.parse({ ...Object.fromEntries(pairs), sign });
    return { app, params: validated };
  }

  const captured: Record<string, string[]> = {};
  const capture = async (key: string, fn: () => Promise<unknown>) => {
    // The first authentication of a process also prunes old nonces (once a minute, off the
    // request's path, so interleaved with the operation's own query): a warm-up call captures
    // that, then each operation on its own.
    log = [];
    await fn();
    await new Promise((resolve) => setTimeout(resolve, 200));
    captured[key] = log;
  };

  await capture('warm-up (with nonce pruning)', async () => {
    const { app } = await authenticate('agencyAssetList', {});
    await listAgencyAssets({ db, app });
  });
  await capture('cardListAllByUser', async () => {
    const { app, params } = await authenticate('cardListAllByUser', { pageNum: '1', pageSize: '20' });
    await listCardsByUser({ db, app, params: params as OperationParams<'cardListAllByUser'> });
  });
  await capture('cardListAllByUser (deep)', async () => {
    const { app, params } = await authenticate('cardListAllByUser', { pageNum: '3', pageSize: '20' });
    await listCardsByUser({ db, app, params: params as OperationParams<'cardListAllByUser'> });
  });
  await capture('cardListAllByUser (email)', async () => {
    const { app, params } = await authenticate('cardListAllByUser', {
      email: email!,
      pageNum: '1',
      pageSize: '20',
    });
    await listCardsByUser({ db, app, params: params as OperationParams<'cardListAllByUser'> });
  });
  await capture('agencyAssetList', async () => {
    const { app } = await authenticate('agencyAssetList', {});
    await listAgencyAssets({ db, app });
  });
  await capture('userCardList', async () => {
    const { app, params } = await authenticate('userCardList', { appUserId: appUserId! });
    await listUserCards({ db, app, params: params as OperationParams<'userCardList'> });
  });
  await capture('agencyApplyUserCard', async () => {
    const { app, params } = await authenticate('agencyApplyUserCard', {
      appUserId: appUserId!,
      paymentAssetId: paymentAssetId!,
      categoryId: '1',
      embossedName: 'BENCH USER',
      requestId: `bench-${randomUUID()}`,
    });
    const p = params as OperationParams<'agencyApplyUserCard'>;
    await runOnce({
      db,
      appKey: app.id,
      operation: 'agencyApplyUserCard',
      requestId: p.requestId,
      fingerprint: requestFingerprint('agencyApplyUserCard', p),
      work: (tx) => applyCard({ db: tx, app, payer: 'AGENCY', params: p }),
    });
  });
  await pool.end();
  process.stdout.write(JSON.stringify(captured));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
