// Telling "the database is away" from any other failure (docs/wallet-api.md "When the database
// is away"): a restart, a crash, a failover, a connection cut by a proxy or a stall. Such a
// failure is answered as retryable (HTTP 503, code 5001, Retry-After), never as the 500 of a
// defect. Decided from codes only, never from an error's English text: the driver's and the
// server's codes first, and where a failure carries none, whether the database answers now.

/**
 * SQLSTATEs of a server that is going away or cannot take the connection: class 08 (connection
 * exception) and these of class 57 and 53. Anything else the server said is the statement's own
 * outcome, not the database's absence.
 */
const UNAVAILABLE_SQLSTATES: ReadonlySet<string> = new Set([
  '57P01', // admin_shutdown: a fast restart, pg_terminate_backend
  '57P02', // crash_shutdown: another backend crashed, the server restarts
  '57P03', // cannot_connect_now: the server is starting or in recovery
  '57P05', // idle_session_timeout
  '53300', // too_many_connections
]);

/** Node's system errors of a socket that cannot reach the server or lost it. */
const UNAVAILABLE_ERRNO: ReadonlySet<string> = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * Errors a pool client emitted as it lost its connection (open.ts listens on every client): the
 * same error rejects the statement that was running, which carries no code of its own.
 */
const lostConnections = new WeakSet<object>();

/** Called by the pool's client listener with the error the client emitted. */
export function noteLostConnection(error: unknown): void {
  if (typeof error === 'object' && error !== null) lostConnections.add(error);
}

function codeOf(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' ? code : undefined;
}

/**
 * Whether the error, or one it wraps (Drizzle wraps the driver's as `cause`), is by its code a
 * database that cannot be reached or that dropped the connection.
 */
export function isDatabaseUnavailableError(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; depth++) {
    if (typeof e === 'object' && lostConnections.has(e)) return true;
    const code = codeOf(e);
    if (code && (UNAVAILABLE_SQLSTATES.has(code) || code.startsWith('08') || UNAVAILABLE_ERRNO.has(code)))
      return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * Whether a failure is the database's absence: by its code, or, for a failure with no code of
 * its own (node-postgres's "connection terminated" errors carry none), by the database not
 * answering a trivial query now.
 */
export async function isDatabaseUnavailable(error: unknown, ping: () => Promise<boolean>): Promise<boolean> {
  if (isDatabaseUnavailableError(error)) return true;
  for (let e: unknown = error, depth = 0; e && depth < 5; depth++) {
    // A code means the server answered (a constraint, a syntax error): a defect or a rule,
    // not an outage.
    if (codeOf(e)) return false;
    e = (e as { cause?: unknown }).cause;
  }
  return !(await ping());
}
