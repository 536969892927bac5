// Where signing in leads when no page was asked for: a support agent to the search box (the
// caller is on the phone), everyone else to the dashboard; someone who must set up two-factor
// sign-in first, to their account page. Checks the caller itself.
import { ENROL_PATH, getCurrentStaff } from '@/lib/backoffice/auth/current-staff';

export async function GET() {
  const staff = await getCurrentStaff();
  const to = !staff
    ? '/login'
    : staff.mustEnrolTwoFactor
      ? ENROL_PATH
      : staff.role === 'support'
        ? '/search'
        : '/';
  // A relative Location: the host the browser used, whatever the server thinks its name is.
  return new Response(null, { status: 303, headers: { Location: to, 'Cache-Control': 'no-store' } });
}
