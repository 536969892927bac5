// Device cookies (OWASP's "Slow down online guessing attacks with device cookies"): after a
// successful sign-in the browser is given an HttpOnly cookie naming the account, signed with a
// key derived from AUTH_SECRET. A later attempt at that account presenting a valid one is counted
// in the device's own throttle scope (sign-in-throttle.ts), so one person guessing from an
// office's shared address, or anyone guessing from elsewhere, never slows the account's owner on
// a browser they signed in from before. Nothing is stored on the server: the signature is the
// proof; a cookie is good for DEVICE_COOKIE_DAYS and renewed at each sign-in.
//
// Each account has its own cookie name (a MAC of the e-mail, so names say nothing about who
// signed in), so a browser shared by several people remembers each of them. The value is
// "<device id>.<expiry, unix seconds>.<HMAC-SHA256 over the account, id and expiry>".
import 'server-only';
import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import { cookies } from 'next/headers';
import { authSecret, servedOverHttps } from '@/lib/env';

export const DEVICE_COOKIE_DAYS = 30;
const PREFIX = 'card-wallet.device.';

let key: Buffer | undefined;

function deviceKey(): Buffer {
  key ??= Buffer.from(hkdfSync('sha256', authSecret(), '', 'card-wallet device cookie v1', 32));
  return key;
}

const mac = (text: string) => createHmac('sha256', deviceKey()).update(text).digest('base64url');

/** The cookie's name for this account (lower-cased e-mail). */
export function deviceCookieName(account: string): string {
  return `${servedOverHttps ? '__Secure-' : ''}${PREFIX}${mac(`name|${account}`).slice(0, 16)}`;
}

function readCookie(header: string | string[] | undefined, name: string): string | undefined {
  const raw = Array.isArray(header) ? header.join('; ') : (header ?? '');
  for (const pair of raw.split(';')) {
    const eq = pair.indexOf('=');
    if (eq > 0 && pair.slice(0, eq).trim() === name) return pair.slice(eq + 1).trim();
  }
  return undefined;
}

/**
 * The id of the device cookie for `account` among the request's cookies, when it is present, was
 * signed by us for this very account and has not expired; null otherwise.
 */
export function trustedDevice(
  headers: Record<string, string | string[] | undefined> | undefined,
  account: string,
  now = Date.now(),
): string | null {
  const value = readCookie(headers?.cookie, deviceCookieName(account));
  const [id, expires, signature, ...rest] = value?.split('.') ?? [];
  if (!id || !expires || !signature || rest.length > 0 || !/^\d+$/.test(expires)) return null;
  if (Number(expires) * 1000 <= now) return null;
  const expected = Buffer.from(mac(`device|${account}|${id}|${expires}`));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return id;
}

export type DeviceCookie = {
  name: string;
  value: string;
  options: { httpOnly: true; sameSite: 'lax'; secure: boolean; path: '/'; expires: Date };
};

/** A device cookie for `account`: the device's own id again when it had one, else a new one. */
export function deviceCookieFor(account: string, deviceId?: string | null, now = Date.now()): DeviceCookie {
  const id = deviceId ?? randomBytes(12).toString('base64url');
  const expires = Math.floor(now / 1000) + DEVICE_COOKIE_DAYS * 24 * 3600;
  return {
    name: deviceCookieName(account),
    value: `${id}.${expires}.${mac(`device|${account}|${id}|${expires}`)}`,
    options: {
      httpOnly: true,
      sameSite: 'lax',
      secure: servedOverHttps,
      path: '/',
      expires: new Date(expires * 1000),
    },
  };
}

/**
 * After a successful sign-in: gives this browser the account's device cookie (renewing the one it
 * had). Needs a Next.js request (a route handler or server action) to set the cookie on.
 */
export async function rememberDevice(
  headers: Record<string, string | string[] | undefined> | undefined,
  email: string,
): Promise<void> {
  const account = email.toLowerCase();
  const cookie = deviceCookieFor(account, trustedDevice(headers, account));
  (await cookies()).set(cookie.name, cookie.value, cookie.options);
}
