// Creating an active account directly with a password: for operators' command line
// (scripts/create-staff.ts) and for tests that seed their own staff. The back-office itself
// invites people instead, so they choose their own password.
import 'server-only';
import { sql } from 'drizzle-orm';
import type { BackofficeDatabase as Database } from '@/lib/backoffice/db';
import { staff, type StaffRole } from '@/lib/backoffice/db/schema';
import { hashPassword } from '@/lib/backoffice/auth/password';
import { recordAudit } from '@/lib/backoffice/audit/record-audit';
import { StaffFacingError } from '../shared/errors';

export async function createStaffAccount(options: {
  db: Database;
  email: string;
  name: string;
  role: StaffRole;
  password: string;
}): Promise<{ staffId: number }> {
  const email = options.email.toLowerCase();
  const passwordHash = await hashPassword(options.password);
  return options.db.transaction(async (tx) => {
    const [clash] = await tx
      .select({ id: staff.id })
      .from(staff)
      .where(sql`lower(${staff.email}) = ${email}`);
    if (clash) throw new StaffFacingError(`A member of staff with the e-mail ${email} already exists.`);
    const [row] = await tx
      .insert(staff)
      .values({ email, name: options.name, role: options.role, status: 'active', passwordHash })
      .returning({ id: staff.id });
    if (!row) throw new Error('staff insert returned no row');
    await recordAudit(tx, {
      actor: { id: null, email: 'command-line', role: null },
      action: 'staff.create',
      targetType: 'staff',
      targetId: email,
      outcome: 'success',
      summary: `Created ${email} as ${options.role} from the command line`,
    });
    return { staffId: row.id };
  });
}
