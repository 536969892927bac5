// The back-office's start-up, run once per process from Next's instrumentation hook: create the
// first admin when there is no staff yet, and print how to sign in. Secrets are never printed,
// except a generated admin password, this once.
import 'server-only';
import { getDatabase } from '@/lib/db/client';
import { env } from '@/lib/env';
import { backofficeDb } from './db';
import { ensureFirstAdmin } from './staff/ensure-first-admin';

export async function announceStartup(): Promise<void> {
  const handle = await getDatabase();
  // Under the migration lock, so that instances starting together create one admin.
  const admin = await handle.withMigrationLock(() =>
    ensureFirstAdmin({ db: backofficeDb(handle), email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD }),
  );
  if (!admin.created) return;
  console.log(
    admin.generatedPassword
      ? `[card-wallet] first admin created: sign in as ${admin.email} with password ${admin.generatedPassword} (shown this once; change it by inviting yourself a new account or set ADMIN_PASSWORD before the first start)`
      : `[card-wallet] first admin created: sign in as ${admin.email} with the password in ADMIN_PASSWORD`,
  );
}
