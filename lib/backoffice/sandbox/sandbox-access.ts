// Who may open the sandbox's pages (/sandbox and /sandbox/deposits; docs/back-office.md
// "Sandbox"): gone (404) while simulation is off; a signed-in staff member, and only operators
// and admins (`sandbox.use`) see its forms. One check for both pages.
import 'server-only';
import { notFound } from 'next/navigation';
import { requireStaff } from '@/lib/backoffice/auth/current-staff';
import { can } from '@/lib/backoffice/auth/permissions';
import { env } from '@/lib/env';

/** Whether the staff member may use the sandbox; a 404 while simulation is off. */
export async function mayUseSandbox(): Promise<boolean> {
  if (!env.WALLET_SIMULATION) notFound();
  const me = await requireStaff();
  return can(me.role, 'sandbox.use');
}
