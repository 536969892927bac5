// The wallet service's HTTP layer: a plain Node request handler over the operation catalogue.
// For every request under /wallet/api, in this order: the path (404), the method (405, code 1004,
// with Allow; HEAD runs nothing), the app's rate limit (429, code 6001, Retry-After: before any
// other work), query parsing (1003 for a repeated name, 1002 for escapes that are not UTF-8),
// validation (1001/1002
// naming the parameter in msg and in data.field), authentication (2004, 2001, 2002, 2003), the
// operation (exactly once per requestId when it mutates), and the envelope. Anything unexpected
// is HTTP 500 / code 5000 with no internal detail. Every request is one log line and one metric.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { z } from 'zod';
import type { DatabaseHandle } from '@/lib/db/open';
import {
  walletOperations,
  type WalletOperation,
  type WalletOperationName,
} from '@/lib/wallet/contract/operations';
import { firstParamIssue } from '@/lib/wallet/contract/param-issues';
import { decodeComponent, nonEmptyParams, parseQuery } from '@/lib/wallet/contract/query';
import { ResultCode, WalletError, type WalletErrorDetails } from '@/lib/wallet/contract/result-codes';
import type { WalletDatabase } from '../db';
import type { WalletHandlers } from '../handlers';
import type { Authenticator } from '../request/authenticate';
import { requestFingerprint, runOnce } from '../request/idempotency';
import { describeUnexpected, type Logger } from './logger';
import type { WalletMetrics } from './metrics';
import type { RateLimiter } from './rate-limit';

export const WALLET_API_PREFIX = '/wallet/api/';
export const OPENAPI_PATH = '/wallet/api/openapi.json';

const JSON_HEADERS = {
  'Content-Type': 'application/json; charset=utf-8',
  'Cache-Control': 'no-store',
  'X-Content-Type-Options': 'nosniff',
} as const;

type Route = { name: WalletOperationName; operation: WalletOperation };

const routes = new Map<string, Route>(
  (Object.keys(walletOperations) as WalletOperationName[]).map((name) => [
    walletOperations[name].path,
    { name, operation: walletOperations[name] },
  ]),
);

/** Whether a path belongs to the wallet service (its API, health and metrics). */
export function isWalletPath(path: string): boolean {
  return path.startsWith('/wallet/');
}

/** Schema failure -> 1001 (absent) or 1002 (present but breaking its rule), naming the parameter. */
export function validateParams<S extends z.ZodObject>(schema: S, raw: Record<string, string>): z.output<S> {
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
  /** The per-app rate limit (docs/wallet-api.md "Rate limit"); none when absent. */
  rateLimiter?: RateLimiter;
  handlers: WalletHandlers;
  /** Told after a mutating operation committed: its events' deliveries may be due now. */
  afterCommit?: () => void;
};

export function createWalletRequestHandler(options: WalletRequestHandlerOptions) {
  const { engine, db, authenticator, logger, metrics } = options;
  const { handlers } = options;

  async function runOperation(route: Route, search: string): Promise<Outcome> {
    const { name, operation } = route;
    const pairs = parseQuery(search);
    const params = validateParams(operation.params, nonEmptyParams(pairs)) as Record<string, unknown> & {
      agencyCode: string;
      appId: string;
      timestamp: number;
      nonce: string;
      sign: string;
      requestId?: string;
    };
    const app = await authenticator.authenticate({
      method: operation.method,
      path: operation.path,
      pairs,
      agencyCode: params.agencyCode,
      appId: params.appId,
      timestamp: params.timestamp,
      nonce: params.nonce,
      sign: params.sign,
    });
    const handler = handlers[name] as (context: unknown) => Promise<unknown>;
    const data = operation.mutating
      ? await runOnce({
          db,
          appKey: app.id,
          operation: name,
          requestId: params.requestId,
          fingerprint: requestFingerprint(name, params),
          work: (tx) => handler({ db: tx, engine, app, params }),
          onRetry: (pgCode, attempt) =>
            logger.warn(
              { operation: name, pgCode, attempt },
              'transaction aborted by the database, run again',
            ),
        })
      : JSON.stringify(await handler({ db, engine, app, params }));
    if (operation.mutating) options.afterCommit?.();
    return { status: 200, code: 0, body: `{"code":0,"msg":"success","data":${data}}` };
  }

  async function outcomeOf(req: IncomingMessage, path: string, search: string): Promise<[string, Outcome]> {
    const method = req.method ?? 'GET';
    if (path === OPENAPI_PATH) {
      if (method !== 'GET') return ['openapi', methodNotAllowed('GET')];
      return ['openapi', { status: 200, code: 0, body: options.openApiJson() }];
    }
    const route = routes.get(path);
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
      // Before any other work, so a refused request costs nothing and spends no nonce.
      const limited = await rateLimited(options.rateLimiter, search);
      if (limited) return [route.name, limited];
      return [route.name, await runOperation(route, search)];
    } catch (error) {
      if (error instanceof WalletError) return [route.name, failure(error)];
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

  /** Answers one request under /wallet/api/. */
  return async function handleWalletApi(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const started = process.hrtime.bigint();
    const requestId = requestIdOf(req);
    const url = req.url ?? '/';
    const mark = url.indexOf('?');
    const path = mark < 0 ? url : url.slice(0, mark);
    const search = mark < 0 ? '' : url.slice(mark + 1);
    const [operation, outcome] = await outcomeOf(req, path, search);
    res.writeHead(outcome.status, {
      ...JSON_HEADERS,
      'Content-Length': Buffer.byteLength(outcome.body),
      'X-Request-Id': requestId,
      ...outcome.headers,
    });
    res.end(outcome.body);
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
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

const APP_ID_PARAM = /(?:^|&)appId=([^&]*)/;

/** 429 / 6001 with Retry-After when the app named by the raw query is over its rate. */
async function rateLimited(limiter: RateLimiter | undefined, search: string): Promise<Outcome | undefined> {
  if (!limiter) return undefined;
  const raw = APP_ID_PARAM.exec(search)?.[1];
  const appKey = raw === undefined ? undefined : decodeComponent(raw);
  // No readable appId: nothing to count against; validation refuses the request next.
  if (!appKey) return undefined;
  const decision = await limiter.check(appKey);
  if (decision.allowed) return undefined;
  return {
    status: 429,
    code: ResultCode.RATE_LIMITED,
    body: envelope(ResultCode.RATE_LIMITED, 'Too many requests from this app: try again later.'),
    headers: { 'Retry-After': String(decision.retryAfterSeconds) },
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
