// Who is calling: the one check every page, server action and route handler of the
// back-office makes itself. A session counts only while its account is active and its session
// version is current, so sign-out, disabling and role changes take effect at once.
import 'server-only';
import { eq } from 'drizzle-orm';
import { getServerSession } from 'next-auth';
import { redirect } from 'next/navigation';
import { cache } from 'react';
import { can, type Permission } from '@/lib/backoffice/auth/permissions';
import { getDb } from '@/lib/backoffice/db';
import { staff, type StaffRole } from '@/lib/backoffice/db/schema';
import { getAuthOptions } from './auth-options';

export type CurrentStaff = { id: number; email: string; name: string; role: StaffRole };

export const getCurrentStaff = cache(async (): Promise<CurrentStaff | null> => {
  const session = await getServerSession(getAuthOptions());
  if (typeof session?.staffId !== 'number' || typeof session.sv !== 'number') return null;
  const db = await getDb();
  const [row] = await db.select().from(staff).where(eq(staff.id, session.staffId)).limit(1);
  if (!row || row.status !== 'active' || row.sessionVersion !== session.sv) return null;
  return { id: row.id, email: row.email, name: row.name, role: row.role };
});

/** For pages: the signed-in member of staff with the permission, or a redirect. */
export async function requireStaff(permission?: Permission): Promise<CurrentStaff> {
  const current = await getCurrentStaff();
  if (!current) redirect('/login');
  if (permission && !can(current.role, permission)) redirect('/?denied=1');
  return current;
}
