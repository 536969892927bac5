// What the server does once at boot: open (migrate, provision) the database and say where
// everything is. Secrets are never printed: only where they are kept.
import 'server-only';
import path from 'node:path';
import { dataDir, env } from '@/lib/env';
import { getDatabase } from '@/lib/server/db/client';

export async function announceStartup(): Promise<void> {
  const handle = await getDatabase();
  const storage =
    handle.engine === 'pglite'
      ? `embedded PGlite in ${path.join(dataDir, 'pglite')}`
      : 'PostgreSQL (DATABASE_URL)';
  const secretSource = env.WALLET_APP_SECRET
    ? 'WALLET_APP_SECRET'
    : `walletAppSecret in ${path.join(dataDir, 'secrets.json')}`;
  console.log(
    [
      `[card-wallet] database ready: ${storage}`,
      `[card-wallet] wallet API: http://localhost:${env.PORT}/wallet/api (agencyCode ${env.WALLET_AGENCY_CODE}, appId ${env.WALLET_APP_ID}, secret: ${secretSource})`,
      `[card-wallet] API reference: http://localhost:${env.PORT}/wallet/api/openapi.json`,
    ].join('\n'),
  );
}
