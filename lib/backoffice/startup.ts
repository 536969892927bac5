// What the server does once at boot: open (migrate, provision) the database, create the first
// admin when there is no staff yet, and say where everything is. Secrets are never printed:
// only where they are kept, except a generated admin password, printed this once.
import 'server-only';
import path from 'node:path';
import { dataDir, env } from '@/lib/env';
import { getDatabase } from '@/lib/db/client';
import { ensureFirstAdmin } from '@/lib/backoffice/staff/ensure-first-admin';

export async function announceStartup(): Promise<void> {
  const handle = await getDatabase();
  // Under the migration lock, so that instances starting together create one admin.
  const admin = await handle.withMigrationLock(() =>
    ensureFirstAdmin({ db: handle.db, email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD }),
  );
  const storage =
    handle.engine === 'pglite'
      ? `embedded PGlite in ${path.join(dataDir, 'pglite')}`
      : 'PostgreSQL (DATABASE_URL)';
  const secretSource = env.WALLET_APP_SECRET
    ? 'WALLET_APP_SECRET'
    : `walletAppSecret in ${path.join(dataDir, 'secrets.json')}`;
  const lines = [
    `[card-wallet] database ready: ${storage}`,
    `[card-wallet] back-office: http://localhost:${env.PORT}/login`,
    `[card-wallet] wallet API: http://localhost:${env.PORT}/wallet/api (agencyCode ${env.WALLET_AGENCY_CODE}, appId ${env.WALLET_APP_ID}, secret: ${secretSource})`,
    `[card-wallet] API reference: http://localhost:${env.PORT}/wallet/api/openapi.json`,
  ];
  if (admin.created) {
    lines.push(
      admin.generatedPassword
        ? `[card-wallet] first admin created: sign in as ${admin.email} with password ${admin.generatedPassword} (shown this once; change it by inviting yourself a new account or set ADMIN_PASSWORD before the first start)`
        : `[card-wallet] first admin created: sign in as ${admin.email} with the password in ADMIN_PASSWORD`,
    );
  }
  console.log(lines.join('\n'));
}
