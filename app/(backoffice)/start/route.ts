// Where signing in leads when no page was asked for: a support agent to the search box (the
// caller is on the phone), everyone else to the dashboard. Checks the caller itself.
import { getCurrentStaff } from '@/lib/backoffice/auth/current-staff';

export async function GET() {
  const staff = await getCurrentStaff();
  const to = !staff ? '/login' : staff.role === 'support' ? '/search' : '/';
  // A relative Location: the host the browser used, whatever the server thinks its name is.
  return new Response(null, { status: 303, headers: { Location: to, 'Cache-Control': 'no-store' } });
}
