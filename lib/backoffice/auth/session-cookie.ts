// Writing this browser's session cookie from the server: at sign-in through the sign-in form's
// server action (which works before its scripts load, unlike next-auth's client), and to keep the
// current browser signed in when its account's session version goes up (a password
// change ends every session of the account). Sessions are next-auth 4 JWTs in a cookie, and a
// JWT cannot be changed on the server, only replaced: this decodes the request's own session
// cookie, writes the new version into it and sets it again, so this browser's next request
// carries a current version while every other session still carries the old one and ends.
// next-auth's own client-side update (useSession().update) is not used for this: its jwt
// callback would have to trust whatever session asked, so an ended session could renew itself.
import 'server-only';
import { decode, encode } from 'next-auth/jwt';
import { cookies } from 'next/headers';
import { authSecret } from '@/lib/env';
import { getAuthOptions, SESSION_MAX_AGE_SECONDS, type AuthorizedStaff } from './auth-options';

function sessionCookieName(): { name: string; secure: boolean } {
  const secure = getAuthOptions().useSecureCookies ?? false;
  return { name: `${secure ? '__Secure-' : ''}next-auth.session-token`, secure };
}

/**
 * Re-issues this request's session for `staffId` with `sessionVersion`. False when the request
 * has no session of that account to re-issue: the person then signs in again.
 */
export async function reissueSession(staffId: number, sessionVersion: number): Promise<boolean> {
  const { name, secure } = sessionCookieName();
  const store = await cookies();
  // next-auth splits a token over 4 kB into name.0, name.1...; ours is far smaller, but read both.
  const chunks = store
    .getAll()
    .filter((c) => c.name.startsWith(`${name}.`))
    .sort((a, b) => Number(a.name.slice(name.length + 1)) - Number(b.name.slice(name.length + 1)));
  const raw = store.get(name)?.value ?? (chunks.length ? chunks.map((c) => c.value).join('') : undefined);
  if (!raw) return false;
  const secret = authSecret();
  const token = await decode({ token: raw, secret }).catch(() => null);
  if (!token || token.staffId !== staffId) return false;
  const value = await encode({
    token: { ...token, sv: sessionVersion },
    secret,
    maxAge: SESSION_MAX_AGE_SECONDS,
  });
  for (const chunk of chunks) store.delete(chunk.name);
  setSessionCookie(store, name, secure, value);
  return true;
}

type CookieStore = Awaited<ReturnType<typeof cookies>>;

function setSessionCookie(store: CookieStore, name: string, secure: boolean, value: string): void {
  store.set(name, value, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure,
    expires: new Date(Date.now() + SESSION_MAX_AGE_SECONDS * 1000),
  });
}

/**
 * Signs this browser in as `account`: the token next-auth's own sign-in would make (its default
 * claims, then the jwt callback's staff id, role and session version), in next-auth's cookie.
 */
export async function issueSession(account: AuthorizedStaff): Promise<void> {
  const { name, secure } = sessionCookieName();
  const value = await encode({
    token: {
      name: account.name,
      email: account.email,
      sub: account.id,
      staffId: Number(account.id),
      role: account.role,
      sv: account.sessionVersion,
      ...(account.mustEnrolTwoFactor ? { enrol: true } : {}),
    },
    secret: authSecret(),
    maxAge: SESSION_MAX_AGE_SECONDS,
  });
  setSessionCookie(await cookies(), name, secure, value);
}
