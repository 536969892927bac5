// The wallet service's HTTP layer: a plain Node request handler over the router (router.ts: every
// operation's definition and handler, by path).
// For every request under /wallet/api, in this order: the path (404), the method (405, code 1004,
// with Allow; HEAD runs nothing), the query string's size (1002), query parsing (1003 for a
// repeated name, 1002 for escapes that are not UTF-8), validation (1001/1002 naming the parameter
// in msg and in data.field; every parameter has a length bound, so nothing unbounded reaches a
// statement), authentication (2004, 2001, 2002), the app's rate limit (429, code 6001,
// Retry-After), the nonce (2003), the operation (exactly once per requestId when it mutates), and
// the envelope. The rate limit counts the app that the parsed parameters name and the signature
// proves, after the signature and before the nonce write (docs/security.md "Rate limit"): a caller
// without the app's secret cannot spend its budget, however it spells the name on the wire. A call
// signed with the app's back-office key counts on the back-office's own budget instead, so that
// neither the agency's server nor the back-office can use up the other's.
// A database that is away is HTTP 503 / code 5001 with Retry-After (lib/db/unavailable.ts), and so
// is one that stalls: an operation still running after STALL_CHECK_MS while the database does not
// answer a trivial query is answered 503 then, not after the stall (docs/wallet-api.md "When the
// database is away"); anything else unexpected is HTTP 500 / code 5000 with no internal detail. Every request is one log
// line and one metric. The request body is never read: every parameter is in the query string.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { z } from 'zod';
import type { DatabaseHandle } from '@/lib/db/open';
import { isDatabaseUnavailable } from '@/lib/db/unavailable';
import { firstParamIssue } from '@/lib/wallet/contract/param-issues';
import { nonEmptyParams, parseQuery } from '@/lib/wallet/contract/query';
import { ResultCode, WalletError, type WalletErrorDetails } from '@/lib/wallet/contract/result-codes';
import {
  IDEMPOTENT_REPLAYED_HEADER,
  WALLET_API_VERSION,
  WALLET_API_VERSION_HEADER,
  WALLET_MODE_HEADER,
} from '@/lib/wallet/contract/api-version';
import type { AuthenticatedApp } from '../context';
import type { WalletDatabase } from '../db';
import type { Authenticator, Signer } from '../request/authenticate';
import type { WalletRoute, WalletRouter } from '../router';
import { requestFingerprint, runOnce } from '../request/idempotency';
import { queuedDeliveries } from '../event/record-event';
import { cardholderOf } from '../cardholder/wallet-token';
import { describeUnexpected, type Logger } from './logger';
import type { WalletMetrics } from './metrics';
import type { RateLimiter } from './rate-limit';
import { REFERENCE_CSP, REFERENCE_PATH } from './reference-page';

export const WALLET_API_PREFIX = '/wallet/api/';

/**
 * The rate limit's bucket of an app's back-office calls: apart from the app's own (its appId),
 * and no appId can spell it (an appId has no '/').
 */
export function backofficeBucket(appId: string): string {
  return `${appId}/back-office`;
}
/**
 * The rate limit's bucket of one walletToken's calls (docs/wallet-api.md "The walletToken"): its
 * hash's start, which no appId can spell (an appId has no '/').
 */
export function walletTokenBucket(tokenHash: string): string {
  return `wt/${tokenHash.slice(0, 32)}`;
}
export const OPENAPI_PATH = '/wallet/api/openapi.json';
/**
 * The longest query string served (characters, as on the wire). Node already refuses a request
 * head over 16 KiB with a bare 431 before this handler runs; this bound, just under it, makes the
 * service's own limit explicit (not a Node default that a flag can raise) and answers the queries
 * between the two with the envelope. 4.1's photos (at most 8000 characters) fit escaped unless
 * most of their characters need escaping.
 */
export const MAX_QUERY_LENGTH = 15_000;

const JSON_HEADERS = {
  'Content-Type': 'application/json; charset=utf-8',
  'Cache-Control': 'no-store',
  'X-Content-Type-Options': 'nosniff',
  // Every reply says which version of the contract answered (docs/changelog.md).
  [WALLET_API_VERSION_HEADER]: WALLET_API_VERSION,
} as const;

const REPLAYED_HEADERS = { [IDEMPOTENT_REPLAYED_HEADER]: 'true' } as const;

/** The `cleared` of an operation without clearable parameters: one set, never written. */
const NOTHING_CLEARED: ReadonlySet<string> = new Set();

/** Whether a path belongs to the wallet service (its API, health and metrics). */
export function isWalletPath(path: string): boolean {
  return path.startsWith('/wallet/');
}

/**
 * The schemas that answer an empty query with `{}` (me/cards': no parameter at all), found by
 * parsing `{}` once per schema: such a call needs no parse of its own.
 */
const takesNothing = new WeakMap<z.ZodObject, boolean>();

function answersEmptyWithNothing(schema: z.ZodObject): boolean {
  let nothing = takesNothing.get(schema);
  if (nothing === undefined) {
    const empty = schema.safeParse(Object.create(null));
    nothing = empty.success && Object.keys(empty.data).length === 0;
    takesNothing.set(schema, nothing);
  }
  return nothing;
}

function isEmpty(raw: Record<string, string>): boolean {
  for (const name in raw) if (Object.hasOwn(raw, name)) return false;
  return true;
}

/** Schema failure -> 1001 (absent) or 1002 (present but breaking its rule), naming the parameter. */
export function validateParams<S extends z.ZodObject>(schema: S, raw: Record<string, string>): z.output<S> {
  if (isEmpty(raw) && answersEmptyWithNothing(schema)) return {} as z.output<S>;
  const result = schema.safeParse(raw);
  if (result.success) return result.data;
  const issue = firstParamIssue(result.error, raw);
  throw new WalletError(
    issue.kind === 'missing' ? ResultCode.PARAM_MISSING : ResultCode.PARAM_INVALID,
    issue.message,
    issue.kind === 'missing' ? { field: issue.name } : { field: issue.name, rule: issue.rule },
  );
}

/** An id for the log line and the X-Request-Id header: the caller's if it is tame, else a new one. */
function requestIdOf(req: IncomingMessage): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && /^[A-Za-z0-9._-]{8,64}$/.test(given) ? given : randomUUID();
}

type Outcome = { status: number; code: number; body: string; headers?: Record<string, string> };

/** Who called: the app (signed, or the walletToken's user's app) and the validated parameters. */
type Caller = {
  app: AuthenticatedApp;
  params: Record<string, unknown>;
  cardholder?: { userId: number; appUserId: string };
};

function envelope(code: number, msg: string, data?: WalletErrorDetails): string {
  return JSON.stringify(data === undefined ? { code, msg } : { code, msg, data });
}

function failure(error: WalletError): Outcome {
  return { status: 200, code: error.code, body: envelope(error.code, error.message, error.details) };
}

export type WalletRequestHandlerOptions = {
  engine: DatabaseHandle;
  db: WalletDatabase;
  authenticator: Authenticator;
  logger: Logger;
  metrics: WalletMetrics;
  /** The OpenAPI document's JSON text, served at OPENAPI_PATH. */
  openApiJson: () => string;
  /** The public reference page rendered from it (reference-page.ts), served at REFERENCE_PATH. */
  referenceHtml?: () => string;
  /** The per-app rate limit (docs/security.md "Rate limit"); none when absent. */
  rateLimiter?: RateLimiter;
  /**
   * The back-office's own budget: the calls signed with an app's back-office key, counted on
   * their own bucket (backofficeBucket); none when absent.
   */
  backofficeRateLimiter?: RateLimiter;
  /** The per-walletToken limit of the me/* operations (10 calls a second); none when absent. */
  walletTokenRateLimiter?: RateLimiter;
  /** The operations by path, each with its handler (router.ts). */
  router: WalletRouter;
  /** Told after a mutating operation committed webhook deliveries: they are due now. */
  afterCommit?: () => void;
  /** Said on every reply (Wallet-Mode): a sandbox serves simulate/*, a live instance does not. */
  mode: 'sandbox' | 'live';
  /** STALL_CHECK_MS, unless given here (tests). */
  stallCheckMs?: number;
};

export function createWalletRequestHandler(options: WalletRequestHandlerOptions) {
  const { engine, db, authenticator, logger, metrics } = options;
  const { router } = options;
  const stallCheckMs = options.stallCheckMs ?? STALL_CHECK_MS;
  /**
   * Whether the database is stalled under a slow operation: some connection of the pool is in use
   * (an operation waiting on anything else, an agency's decision endpoint, holds none) and the
   * database does not answer. PGlite runs in this process and has no connection to stall.
   */
  const databaseStalled = async () => {
    const pool = engine.pool;
    return pool !== undefined && pool.totalCount > pool.idleCount && !(await engine.ping());
  };

  /**
   * Counts a signed call against its app's budget for the key that signed it (the agency's, or the
   * back-office's own); refuses it (before its nonce is spent) when over.
   */
  const { rateLimiter, backofficeRateLimiter } = options;
  const admit =
    rateLimiter || backofficeRateLimiter
      ? async (app: AuthenticatedApp, signer: Signer) => {
          const decision =
            signer === 'backoffice'
              ? await backofficeRateLimiter?.check(backofficeBucket(app.appId))
              : await rateLimiter?.check(app.appId);
          if (decision && !decision.allowed) throw new RateRefusal(decision.retryAfterSeconds);
        }
      : undefined;

  /**
   * The caller of a signed operation: its app, proved by the signature (and counted against its
   * budget before its nonce is spent).
   */
  async function signedCaller(
    operation: WalletRoute['operation'],
    pairs: ReturnType<typeof parseQuery>,
  ): Promise<Caller> {
    const params = validateParams(operation.params, nonEmptyParams(pairs)) as Record<string, unknown> & {
      agencyCode: string;
      appId: string;
      timestamp: number;
      nonce: string;
      sign: string;
    };
    const app = await authenticator.authenticate(
      {
        method: operation.method,
        path: operation.path,
        pairs,
        agencyCode: params.agencyCode,
        appId: params.appId,
        timestamp: params.timestamp,
        nonce: params.nonce,
        sign: params.sign,
      },
      admit,
    );
    return { app, params };
  }

  /**
   * The caller of a me/* operation (docs/wallet-api.md "The walletToken"): its parameters checked
   * first, as every operation's, then the user whose walletToken the Authorization header bears
   * (401/2005 without one), within the token's own limit.
   */
  async function cardholderCaller(
    operation: WalletRoute['operation'],
    pairs: ReturnType<typeof parseQuery>,
    authorization: string | undefined,
  ): Promise<Caller> {
    const params = validateParams(operation.params, nonEmptyParams(pairs)) as Record<string, unknown>;
    const found = await cardholderOf(engine, authorization);
    if (!found) throw new TokenRefusal();
    const decision = await options.walletTokenRateLimiter?.check(walletTokenBucket(found.tokenHash));
    if (decision && !decision.allowed) throw new RateRefusal(decision.retryAfterSeconds);
    return { app: found.app, params, cardholder: { userId: found.userId, appUserId: found.appUserId } };
  }

  async function runOperation(route: WalletRoute, search: string, authorization?: string): Promise<Outcome> {
    const { name, operation, handle } = route;
    if (search.length > MAX_QUERY_LENGTH) {
      throw new WalletError(
        ResultCode.PARAM_INVALID,
        `The query string must be at most ${MAX_QUERY_LENGTH} characters.`,
      );
    }
    const pairs = parseQuery(search);
    const caller =
      operation.auth === 'walletToken'
        ? await cardholderCaller(operation, pairs, authorization)
        : await signedCaller(operation, pairs);
    const { app, cardholder } = caller;
    // Validated by the operation's own schema; typed as the signature's five (what every handler's
    // parameters share but the me/* ones'), which the handlers' union accepts.
    const params = caller.params as Record<string, unknown> & {
      agencyCode: string;
      appId: string;
      timestamp: number;
      nonce: string;
      sign: string;
      requestId?: string;
    };
    const who = cardholder ? { cardholder } : {};
    // "Given empty" means "remove" for a definition's clearable parameters (card/controls/set).
    const cleared = operation.clearable
      ? new Set(operation.clearable.filter((p) => pairs.get(p) === '' && params[p] === undefined))
      : NOTHING_CLEARED;
    const prepared = route.prepare ? await route.prepare({ db, engine, app, params, ...who }) : undefined;
    let queued = false;
    let replayed = false;
    const data = operation.mutating
      ? await runOnce({
          db,
          engine,
          appKey: app.id,
          operation: name,
          requestId: params.requestId,
          // A cardholder's requestId is one of the app's: its user is part of what it repeats, so
          // another user's call with the same requestId is 4007, never a replay of this answer.
          fingerprint: requestFingerprint(name, {
            ...params,
            ...(cleared.size > 0 ? { cleared: [...cleared].sort() } : {}),
            ...(cardholder ? { cardholderUserId: cardholder.userId } : {}),
          }),
          work: async (tx) => {
            const result = await handle({ db: tx, engine, app, params, prepared, cleared, ...who });
            queued = queuedDeliveries(tx);
            return result;
          },
          onReplay: () => (replayed = true),
          onRetry: (pgCode, attempt) =>
            logger.warn(
              { operation: name, pgCode, attempt },
              'transaction aborted by the database, run again',
            ),
        })
      : JSON.stringify(await handle({ db, engine, app, params, prepared, cleared, ...who }));
    if (queued) options.afterCommit?.();
    return {
      status: 200,
      code: 0,
      body: `{"code":0,"msg":"success","data":${data}}`,
      ...(replayed ? { headers: REPLAYED_HEADERS } : {}),
    };
  }

  async function outcomeOf(req: IncomingMessage, path: string, search: string): Promise<[string, Outcome]> {
    const method = req.method ?? 'GET';
    if (path === OPENAPI_PATH) {
      if (method !== 'GET') return ['openapi', methodNotAllowed('GET')];
      return ['openapi', { status: 200, code: 0, body: options.openApiJson() }];
    }
    if (path === REFERENCE_PATH && options.referenceHtml) {
      if (method !== 'GET') return ['reference', methodNotAllowed('GET')];
      return [
        'reference',
        {
          status: 200,
          code: 0,
          body: options.referenceHtml(),
          headers: {
            'Content-Type': 'text/html; charset=utf-8',
            'Content-Security-Policy': REFERENCE_CSP,
            'Referrer-Policy': 'no-referrer',
            'X-Frame-Options': 'DENY',
          },
        },
      ];
    }
    const route = router.get(path);
    if (!route) {
      return [
        'unknown',
        {
          status: 404,
          code: ResultCode.NOT_FOUND,
          body: envelope(ResultCode.NOT_FOUND, 'There is no wallet operation at this path.'),
        },
      ];
    }
    if (method !== route.operation.method) return [route.name, methodNotAllowed(route.operation.method)];
    try {
      return [
        route.name,
        await watched(runOperation(route, search, req.headers.authorization), databaseStalled, stallCheckMs),
      ];
    } catch (error) {
      if (error instanceof WalletError) return [route.name, failure(error)];
      if (error instanceof TokenRefusal) return [route.name, walletTokenRefused()];
      if (error instanceof RateRefusal) return [route.name, rateLimited(error.retryAfterSeconds)];
      if (error instanceof DatabaseStalled || (await isDatabaseUnavailable(error, engine.ping))) {
        logger.warn({ operation: route.name, ...describeUnexpected(error) }, 'database unavailable');
        return [route.name, databaseAway()];
      }
      logger.error({ operation: route.name, ...describeUnexpected(error) }, 'operation failed unexpectedly');
      return [
        route.name,
        {
          status: 500,
          code: ResultCode.INTERNAL,
          body: envelope(ResultCode.INTERNAL, 'An unexpected error occurred. Please try again later.'),
        },
      ];
    }
  }

  // What every reply of this instance says, made once.
  const replyHeaders = { ...JSON_HEADERS, [WALLET_MODE_HEADER]: options.mode } as const;

  /** Answers one request under /wallet/api/. */
  return async function handleWalletApi(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const started = performance.now();
    const requestId = requestIdOf(req);
    const url = req.url ?? '/';
    const mark = url.indexOf('?');
    const path = mark < 0 ? url : url.slice(0, mark);
    const search = mark < 0 ? '' : url.slice(mark + 1);
    const [operation, outcome] = await outcomeOf(req, path, search);
    res.writeHead(outcome.status, {
      ...replyHeaders,
      'Content-Length': Buffer.byteLength(outcome.body),
      'X-Request-Id': requestId,
      ...outcome.headers,
    });
    res.end(outcome.body);
    const seconds = (performance.now() - started) / 1000;
    const method = req.method ?? 'GET';
    metrics.observe(operation, method, outcome.status, outcome.code, seconds);
    logger.info(
      {
        reqId: requestId,
        operation,
        method,
        path,
        status: outcome.status,
        code: outcome.code,
        ms: Math.round(seconds * 1e4) / 10,
      },
      'request',
    );
  };
}

/** What a me/* operation's caller lacks: a walletToken that names a user (HTTP 401, code 2005). */
class TokenRefusal extends Error {
  constructor() {
    super('wallet token refused');
  }
}

function walletTokenRefused(): Outcome {
  return {
    status: 401,
    code: ResultCode.WALLET_TOKEN_INVALID,
    body: envelope(
      ResultCode.WALLET_TOKEN_INVALID,
      "This operation needs Authorization: Bearer with the user's current walletToken.",
    ),
    headers: { 'WWW-Authenticate': 'Bearer realm="wallet"' },
  };
}

/** Thrown by `admit` when the app is over its rate: HTTP 429, not the 200 of a WalletError. */
class RateRefusal extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super('rate limited');
  }
}

function rateLimited(retryAfterSeconds: number): Outcome {
  return {
    status: 429,
    code: ResultCode.RATE_LIMITED,
    body: envelope(ResultCode.RATE_LIMITED, 'Too many requests from this app: try again later.'),
    headers: { 'Retry-After': String(retryAfterSeconds) },
  };
}

/**
 * How long an operation runs before the service asks whether the database still answers (and
 * again as long as it does). The same bound as a new connection's (lib/db/open.ts): a stalled
 * database, its connections open and silent (a disk or a hypervisor stopped), is then answered
 * like one that is gone, instead of holding the caller for as long as the stall lasts.
 */
export const STALL_CHECK_MS = 5_000;

/** An operation outlived STALL_CHECK_MS and the database did not answer: it is away. */
export class DatabaseStalled extends Error {}

/**
 * `work`'s outcome; or, once it has run `everyMs` and `stalled` says the database is stalled,
 * DatabaseStalled. The operation then goes on without its caller: if it commits, the caller's
 * retry with the same requestId answers it, as after any 503.
 * Every request passes here, so it costs one timer and one promise: no race, no promise per check
 * (bench/RESULTS.md, me/cards against its floor).
 */
export function watched<T>(work: Promise<T>, stalled: () => Promise<boolean>, everyMs: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let settled = false;
    // The first of the work and a stalled database ends it; whatever comes after is dropped.
    const finish = (end: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      end();
    };
    const giveUp = (error: unknown) =>
      finish(() => {
        work.catch(() => undefined);
        reject(error);
      });
    const check = () => {
      stalled().then((isStalled) => {
        if (settled) return;
        if (isStalled)
          giveUp(new DatabaseStalled('the database did not answer while an operation waited on it'));
        else timer = setTimeout(check, everyMs);
      }, giveUp);
    };
    let timer = setTimeout(check, everyMs);
    work.then(
      (value) => finish(() => resolve(value)),
      (error: unknown) => finish(() => reject(error)),
    );
  });
}

/**
 * How long a caller waits before retrying while the database is away: a restart or a failover
 * takes seconds (docs/wallet-api.md "When the database is away").
 */
export const DATABASE_AWAY_RETRY_AFTER_SECONDS = 2;

/**
 * The database is away (unavailable.ts): HTTP 503, code 5001, Retry-After. A mutating call's
 * commit may have been lost with the connection, so the answer never says it failed: the
 * caller's retry with the same requestId answers what was done, once.
 */
function databaseAway(): Outcome {
  return {
    status: 503,
    code: ResultCode.UNAVAILABLE,
    body: envelope(
      ResultCode.UNAVAILABLE,
      'The service cannot reach its database right now: retry with the same requestId after Retry-After seconds.',
    ),
    headers: { 'Retry-After': String(DATABASE_AWAY_RETRY_AFTER_SECONDS) },
  };
}

function methodNotAllowed(allow: string): Outcome {
  return {
    status: 405,
    code: ResultCode.METHOD_NOT_ALLOWED,
    body: envelope(ResultCode.METHOD_NOT_ALLOWED, `Method not allowed: this path answers ${allow} only.`),
    headers: { Allow: allow },
  };
}
