// The agency's client in the fault run (docs/reliability.md): signed calls to the wallet API that
// retry as docs/integrator-guide.md tells integrators to. A call that changes something carries a
// requestId; when its outcome is unknown (the connection failed or was cut, no answer in time) or
// the service says to come back (HTTP 503 code 5001, 429 code 6001, each with Retry-After), the
// same parameters and requestId are sent again, with a fresh timestamp, nonce and sign, to the
// next instance, until an answer says what was done. HTTP 500 (code 5000) is retried the same way
// but counted apart: while the database is away it is a fault of the service's (issue 45).
import { walletOperations, type WalletOperationName } from '@/lib/wallet/contract/operations';
import { encodeQuery, requestPairs } from '@/lib/wallet/contract/signed-query';
import { signRequest } from '@/lib/wallet/contract/signature';

export type App = { agencyCode: string; appId: string; secret: string };

export type Envelope<T = unknown> = { code: number; msg: string; data?: T };

/** What one fault's load saw, call by call and attempt by attempt. */
export type CallStats = {
  /** HTTP attempts made. */
  sent: number;
  /** Calls that ended with an answer that says what was done (a result code other than below). */
  answered: number;
  /** Attempts beyond each call's first. */
  retried: number;
  /** Attempts whose connection failed or was cut, or that had no answer in time. */
  cutOff: number;
  /** Answers 503 / 5001 (the database away). */
  unavailable: number;
  /** Answers 429 / 6001 (the rate limit). */
  limited: number;
  /** Answers 500 / 5000: a fault of the service's, listed in `failures`. */
  unexpected: number;
  /** Calls given up on without an answer (the final replay must answer them). */
  unresolved: number;
  /** The longest any one attempt waited for its answer, ms. */
  slowestMs: number;
  /** Result codes of the answers that said what was done, with how many. */
  codes: Record<number, number>;
  /** What went wrong that must not: one line each. */
  failures: string[];
};

export const emptyStats = (): CallStats => ({
  sent: 0,
  answered: 0,
  retried: 0,
  cutOff: 0,
  unavailable: 0,
  limited: 0,
  unexpected: 0,
  unresolved: 0,
  slowestMs: 0,
  codes: {},
  failures: [],
});

/** How long one attempt may take before its outcome counts as unknown. */
const ATTEMPT_TIMEOUT_MS = 30_000;

export type Answer<T> = { status: number; body: Envelope<T>; text: string; retryAfterS?: number };

/** One signed attempt; null when no answer came (connection refused or cut, or too slow). */
export async function attempt<T>(
  baseUrl: string,
  app: App,
  operation: WalletOperationName,
  params: Record<string, string | number | boolean>,
): Promise<Answer<T> | null> {
  const op = walletOperations[operation];
  const pairs = requestPairs({ agencyCode: app.agencyCode, appId: app.appId, params });
  const sign = signRequest(app.secret, op.method, op.path, pairs);
  try {
    const response = await fetch(`${baseUrl}${op.path}?${encodeQuery([...pairs, ['sign', sign]])}`, {
      method: op.method,
      signal: AbortSignal.timeout(ATTEMPT_TIMEOUT_MS),
    });
    const text = await response.text();
    let body: Envelope<T>;
    try {
      body = JSON.parse(text) as Envelope<T>;
    } catch {
      body = { code: -1, msg: `not JSON: ${text.slice(0, 120)}` };
    }
    const retryAfter = Number(response.headers.get('retry-after'));
    return {
      status: response.status,
      body,
      text,
      ...(Number.isFinite(retryAfter) && retryAfter > 0 ? { retryAfterS: retryAfter } : {}),
    };
  } catch {
    return null;
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A call as the integrator guide says: retried with the same parameters (and requestId) on the
 * next instance while its outcome is unknown or the service asks to come back, for up to
 * `giveUpMs`. The answer that says what was done, or null when none came in that time.
 */
export async function callUntilAnswered<T>(options: {
  baseUrls: () => string[];
  app: App;
  operation: WalletOperationName;
  params: Record<string, string | number | boolean>;
  stats: CallStats;
  /** Which instance to start with (clients spread over the instances). */
  prefer: number;
  giveUpMs?: number;
}): Promise<Answer<T> | null> {
  const { app, operation, params, stats } = options;
  const deadline = Date.now() + (options.giveUpMs ?? 120_000);
  for (let n = 0; ; n++) {
    const urls = options.baseUrls();
    const baseUrl = urls[(options.prefer + n) % urls.length]!;
    if (n > 0) stats.retried++;
    stats.sent++;
    const sentAt = Date.now();
    const answer = await attempt<T>(baseUrl, app, operation, params);
    stats.slowestMs = Math.max(stats.slowestMs, Date.now() - sentAt);
    let waitMs = 250;
    if (answer === null) stats.cutOff++;
    else if (answer.status === 503 && answer.body.code === 5001) {
      stats.unavailable++;
      waitMs = (answer.retryAfterS ?? 1) * 1000;
    } else if (answer.status === 429 && answer.body.code === 6001) {
      stats.limited++;
      waitMs = (answer.retryAfterS ?? 1) * 1000;
    } else if (answer.status >= 500) {
      stats.unexpected++;
      stats.failures.push(`${operation} answered HTTP ${answer.status}: ${answer.text.slice(0, 160)}`);
    } else {
      stats.answered++;
      stats.codes[answer.body.code] = (stats.codes[answer.body.code] ?? 0) + 1;
      return answer;
    }
    if (Date.now() + waitMs > deadline) {
      stats.unresolved++;
      return null;
    }
    await pause(waitMs);
  }
}
