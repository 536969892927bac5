// The first admin (docs/architecture.md "Embedded default"): created at the first start from
// ADMIN_EMAIL and ADMIN_PASSWORD, the password generated when unset. Returns the generated password
// so that start-up can print it, once; a restart finds staff already there and creates nothing.
import 'server-only';
import { count } from 'drizzle-orm';
import type { BackofficeDatabase as Database } from '@/lib/backoffice/db';
import { staff } from '@/lib/backoffice/db/schema';
import { generatePassword, hashPassword } from '@/lib/backoffice/auth/password';
import { recordAudit } from '@/lib/backoffice/audit/record-audit';

export async function ensureFirstAdmin(options: {
  db: Database;
  email: string;
  password?: string;
}): Promise<{ created: false } | { created: true; email: string; generatedPassword?: string }> {
  const { db } = options;
  const [existing] = await db.select({ n: count() }).from(staff);
  if ((existing?.n ?? 0) > 0) return { created: false };
  const password = options.password ?? generatePassword();
  const passwordHash = await hashPassword(password);
  const email = options.email.toLowerCase();
  await db.transaction(async (tx) => {
    await tx
      .insert(staff)
      .values({ email, name: 'Administrator', role: 'admin', status: 'active', passwordHash });
    await recordAudit(tx, {
      actor: { id: null, email: 'system', role: null },
      action: 'staff.bootstrap_admin',
      targetType: 'staff',
      targetId: email,
      outcome: 'success',
      summary: `Created the first admin account ${email}`,
    });
  });
  return { created: true, email, generatedPassword: options.password ? undefined : password };
}
