// The staff directory for admins.
import 'server-only';
import { asc } from 'drizzle-orm';
import type { BackofficeDatabase as Database } from '@/lib/backoffice/db';
import { staff } from '@/lib/backoffice/db/schema';
import type { CurrentStaff } from '@/lib/backoffice/auth/current-staff';
import { assertCan } from './staff-access';

export async function listStaff(options: { db: Database; actor: CurrentStaff }) {
  assertCan(options.actor, 'staff.read');
  return options.db
    .select({
      id: staff.id,
      email: staff.email,
      name: staff.name,
      role: staff.role,
      status: staff.status,
      lastSignInAt: staff.lastSignInAt,
      inviteExpiresAt: staff.inviteExpiresAt,
      twoFactorSince: staff.totpEnabledAt,
      createdAt: staff.createdAt,
    })
    .from(staff)
    .orderBy(asc(staff.email));
}
