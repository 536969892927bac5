// The reference an error page gives staff, and the server's log line that carries it
// (docs/operator-guide.md "Health, metrics, logs"), so an administrator told "reference 2380512945"
// finds what failed. A page that failed on the server has Next's digest of the error, the same one
// the error page is given (instrumentation.ts logs it); one that failed in the browser has none,
// so the page makes a reference there and reports it (reportPageError), logged the same way. The
// line names the error's class and the path without its query, never the error's message or the
// query, which may hold what staff typed. Pure and client-safe.

/** Where the page failed: rendered on the server, or in the browser after it arrived. */
export type PageErrorSide = 'server' | 'browser';

/** A reference made in the browser: "b-" and 10 letters or digits, apart from Next's digits. */
export const BROWSER_REFERENCE = /^b-[a-z0-9]{10}$/;

export function browserReference(random: () => number = Math.random): string {
  let text = '';
  for (let i = 0; i < 10; i++) text += Math.floor(random() * 36).toString(36);
  return `b-${text}`;
}

/** The error page's reference: Next's digest of a server error, else one made in the browser. */
export function pageErrorReference(
  digest: string | undefined,
  make: () => string = browserReference,
): string {
  return digest && digest.trim() !== '' ? digest : make();
}

/** The path alone: the query and fragment may hold what staff typed. */
export function pathOnly(path: string): string {
  return path.split(/[?#]/)[0] || '/';
}

/** The error's class ("TypeError"), never its message. */
export function errorClass(error: unknown): string {
  const name = error instanceof Error ? error.name : typeof error;
  return /^[A-Za-z0-9_$.]{1,60}$/.test(name) ? name : 'Error';
}

/** The one log line of a failed page, as JSON. */
export function pageErrorLine(entry: {
  reference: string;
  side: PageErrorSide;
  path: string;
  error: string;
  route?: string;
}): string {
  return JSON.stringify({
    level: 'error',
    event: 'page.error',
    reference: entry.reference,
    side: entry.side,
    path: pathOnly(entry.path),
    ...(entry.route ? { route: entry.route } : {}),
    error: entry.error,
  });
}
