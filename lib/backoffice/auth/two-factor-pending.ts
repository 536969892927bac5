// Between the two steps of a two-factor sign-in on the sign-in form: once the password was right,
// the browser holds this HttpOnly cookie (5 minutes) naming the account and its session version,
// signed with a key derived from AUTH_SECRET, and the form asks for the code alone, so the
// password is never sent back to the page or kept in it. The cookie proves only that the password
// was right; the code step is a throttled attempt of its own (auth-options.ts
// authorizeSecondFactor), and a new session version (a sign-out, a password change) voids it.
import 'server-only';
import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { cookies } from 'next/headers';
import { authSecret, servedOverHttps } from '@/lib/env';

export const PENDING_SIGN_IN_SECONDS = 5 * 60;
const NAME = `${servedOverHttps ? '__Secure-' : ''}card-wallet.two-factor`;

export type PendingSignIn = { staffId: number; sessionVersion: number };

let key: Buffer | undefined;

function mac(text: string): string {
  key ??= Buffer.from(hkdfSync('sha256', authSecret(), '', 'card-wallet two-factor pending v1', 32));
  return createHmac('sha256', key).update(text).digest('base64url');
}

/** The cookie's value for `pending`, good until `now` + 5 minutes. */
export function pendingValue(pending: PendingSignIn, now = Date.now()): string {
  const body = `${pending.staffId}.${pending.sessionVersion}.${Math.floor(now / 1000) + PENDING_SIGN_IN_SECONDS}`;
  return `${body}.${mac(body)}`;
}

/** The sign-in a cookie value stands for, when signed by us and not expired; null otherwise. */
export function openPendingValue(value: string | undefined, now = Date.now()): PendingSignIn | null {
  const [id, version, expires, signature, ...rest] = value?.split('.') ?? [];
  if (!id || !version || !expires || !signature || rest.length > 0) return null;
  if (![id, version, expires].every((part) => /^\d{1,12}$/.test(part))) return null;
  const expected = Buffer.from(mac(`${id}.${version}.${expires}`));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  if (Number(expires) * 1000 <= now) return null;
  return { staffId: Number(id), sessionVersion: Number(version) };
}

/** Sets the cookie on this response (a server action). */
export async function setPendingSignIn(pending: PendingSignIn): Promise<void> {
  (await cookies()).set(NAME, pendingValue(pending), {
    httpOnly: true,
    sameSite: 'lax',
    secure: servedOverHttps,
    path: '/',
    maxAge: PENDING_SIGN_IN_SECONDS,
  });
}

/** This request's pending sign-in, if any. */
export async function readPendingSignIn(): Promise<PendingSignIn | null> {
  return openPendingValue((await cookies()).get(NAME)?.value);
}

export async function clearPendingSignIn(): Promise<void> {
  (await cookies()).delete(NAME);
}
