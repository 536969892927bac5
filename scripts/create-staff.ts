// `npm run staff:create -- --email a@b.c --role operator [--name "A B"] [--password ...]`:
// creates an active back-office account directly in the configured database (PostgreSQL via
// DATABASE_URL, or the embedded one while the server is stopped: PGlite is single-process).
// Prints the password when it generated one.
import { parseArgs } from 'node:util';
import { env, dataDir } from '@/lib/env';
import { openDatabase } from '@/lib/db/open';
import { backofficeDb } from '@/lib/backoffice/db';
import { createStaffAccount } from '@/lib/backoffice/staff/create-staff-account';
import { generatePassword } from '@/lib/backoffice/auth/password';
import { STAFF_ROLES, type StaffRole } from '@/lib/backoffice/db/schema';
import { passwordSchema, staffEmailSchema } from '@/lib/backoffice/staff/forms';
import { exitOnError } from './lib/exit-on-error';

const { values } = parseArgs({
  options: {
    email: { type: 'string' },
    role: { type: 'string' },
    name: { type: 'string' },
    password: { type: 'string' },
  },
});

function fail(message: string): never {
  console.error(`create-staff: ${message}`);
  process.exit(2);
}

const parsedEmail = staffEmailSchema.safeParse(values.email ?? '');
const email = {
  data: parsedEmail.success ? parsedEmail.data : fail('--email must be a valid e-mail address'),
};
if (!STAFF_ROLES.includes(values.role as StaffRole)) fail(`--role must be one of ${STAFF_ROLES.join(', ')}`);
const password = values.password ?? generatePassword();
if (!passwordSchema.safeParse(password).success) fail('--password must be 12-200 characters');

// CommonJS under tsx: no top-level await.
async function main(): Promise<void> {
  const handle = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir, poolSize: 2 });
  try {
    await createStaffAccount({
      db: backofficeDb(handle),
      email: email.data,
      name: values.name ?? email.data,
      role: values.role as StaffRole,
      password,
    });
    console.log(
      values.password
        ? `created ${email.data} (${values.role})`
        : `created ${email.data} (${values.role}) with password ${password}`,
    );
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error));
  } finally {
    await handle.close();
  }
}

main().catch((error: unknown) => exitOnError('staff:create', error));
