// Where sign-in sends a person afterwards. A callback URL comes from the address bar, so it is
// parsed as a URL, not compared as a string, and accepted only when it stays on this origin:
// browsers drop tabs and newlines inside URLs ("/\t/evil.example" becomes "//evil.example", a
// foreign host), so any control character or space refuses it outright, as does a backslash
// (read as "/" in a URL's path). Refused or absent, sign-in goes to the start page.
export const AFTER_SIGN_IN = '/start';

/** The request header proxy.ts sets to the path (and query) of every page request. */
export const REQUEST_PATH_HEADER = 'x-request-path';

/** A stand-in origin for relative callbacks: a path resolves against it and must stay on it. */
const LOCAL_ORIGIN = 'http://callback.invalid';

const MAX_LENGTH = 2048;

/**
 * The same-origin path (with its query and fragment) `value` names, or null. `origin` is the
 * app's own, for absolute callbacks (next-auth sends those); a relative one is always resolved
 * on this origin.
 */
export function safeCallbackPath(value: unknown, origin?: string): string | null {
  if (typeof value !== 'string' || value === '' || value.length > MAX_LENGTH) return null;
  // C0 and C1 controls, DEL, every Unicode space (U+3000 included) and the backslash.
  if (/[\u0000-\u0020\u007f-\u00a0\\\s]/u.test(value)) return null;
  const absolute = /^[a-z][a-z0-9+.-]*:/i.test(value) || value.startsWith('//');
  // A relative callback is a path: "users" or "?q=1" would resolve against wherever sign-in is.
  if (!absolute && !value.startsWith('/')) return null;
  const base = absolute ? origin : LOCAL_ORIGIN;
  if (!base) return null;
  let url: URL;
  let own: string;
  try {
    url = new URL(value, base);
    own = new URL(base).origin;
  } catch {
    return null;
  }
  if (url.origin !== own) return null;
  // "/..//evil.example" normalises to the path "//evil.example": a foreign host once redirected to.
  if (url.pathname.startsWith('//')) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** Where to go once signed in: the callback when it is a page of this origin, else the start. */
export function afterSignInPath(value: unknown): string {
  const path = safeCallbackPath(value);
  // Back to sign-in (or next-auth's endpoints) would go round in circles.
  if (!path || /^\/(login|api\/auth)(?=[/?#]|$)/.test(path)) return AFTER_SIGN_IN;
  return path;
}

/** The sign-in page, coming back to `path` afterwards when that is a page of this origin. */
export function signInPath(path: string | null | undefined): string {
  const back = afterSignInPath(path);
  return back === AFTER_SIGN_IN || back === '/' ? '/login' : `/login?callbackUrl=${encodeURIComponent(back)}`;
}
