// Where signing in leads when no page was asked for: a support agent to the search box (the
// caller is on the phone), everyone else to the dashboard; someone who must set up two-factor
// sign-in first, to their account page. Any signed-in staff; signed out, to the sign-in page.
// Checks the caller itself (a route handler sits outside every layout: staffRoute).
import { ENROL_PATH } from '@/lib/backoffice/auth/current-staff';
import { seeOther, staffRoute } from '@/lib/backoffice/auth/staff-route';

export const GET = staffRoute(
  { permission: 'any staff', format: 'redirect', signedOut: '/login' },
  async ({ staff }) =>
    seeOther(staff.mustEnrolTwoFactor ? ENROL_PATH : staff.role === 'support' ? '/search' : '/'),
);
