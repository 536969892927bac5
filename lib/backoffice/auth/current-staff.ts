// Who is calling: the one check every page, server action and route handler of the
// back-office makes itself. A session counts only while its account is active and its session
// version is current, so sign-out, disabling and role changes take effect at once. Someone who
// must set up two-factor sign-in first is sent to do so.
import 'server-only';
import { getServerSession } from 'next-auth';
import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { cache } from 'react';
import { can, type Permission } from '@/lib/backoffice/auth/permissions';
import { getAuthOptions, type SessionStaff } from './auth-options';
import { REQUEST_PATH_HEADER, signInPath } from './callback-url';

export type CurrentStaff = SessionStaff;

/** Where a member of staff who must set up two-factor sign-in is sent. */
export const ENROL_PATH = '/account';

/** The session's staff, checked against the account by the session callback (auth-options.ts). */
export const getCurrentStaff = cache(async (): Promise<CurrentStaff | null> => {
  const session = await getServerSession(getAuthOptions());
  return session?.staff ?? null;
});

/**
 * For pages: the signed-in member of staff with the permission, or a redirect: to sign-in,
 * which comes back to the page asked for (proxy.ts passes its path along), or, for someone who
 * must set up two-factor sign-in first, to their account page. `whileEnrolling`: the page (and
 * the layout around every page) serves them anyway.
 */
export async function requireStaff(
  permission?: Permission,
  options: { whileEnrolling?: boolean } = {},
): Promise<CurrentStaff> {
  const current = await getCurrentStaff();
  if (!current) redirect(signInPath((await headers()).get(REQUEST_PATH_HEADER)));
  if (current.mustEnrolTwoFactor && !options.whileEnrolling) redirect(ENROL_PATH);
  if (permission && !can(current.role, permission)) redirect('/?denied=1');
  return current;
}
