// The wallet service as a mountable unit (like fastify/demo's app.ts): given the process's
// database engine, a Node request handler for everything under /wallet/ — the API, liveness,
// readiness and Prometheus metrics — that answers and returns true, or returns false for any
// other path so that the host server passes it on. Metrics answer only a bearer of
// WALLET_METRICS_TOKEN (401 otherwise) and are off (404) without one: they describe the traffic
// of every app, so they are not for whoever reaches the port (docs/security.md "Metrics"). `server.ts` runs it alone; lib/app-server.ts
// mounts it in front of the back-office on one port.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { DatabaseHandle } from '@/lib/db/open';
import { buildOpenApiDocument } from '@/lib/wallet/contract/openapi';
import { walletDb } from './db';
import { setClockOffset } from './clock';
import { createWalletRouter } from './router';
import { createWalletRequestHandler, isWalletPath, WALLET_API_PREFIX } from './http/handle-request';
import { renderReferencePage } from './http/reference-page';
import { createLogger, type Logger } from './http/logger';
import { createMetrics, type WalletMetrics } from './http/metrics';
import { createRateLimiter, type RateLimiter } from './http/rate-limit';
import { env, walletPublicOrigin, walletReleaseKey } from '@/lib/env';
import { createAuthenticator } from './request/authenticate';
import { configuredSecretBox, revealSecret } from './secrets/app-secrets';
import { createDeliveryWorker, type DeliveryWorker } from './event/delivery-worker';
import { createSender } from './event/send-delivery';
import { createHoldExpiryWorker, type HoldExpiryWorker } from './spending/expire-holds';
import { createDisputeExpiryWorker, type DisputeExpiryWorker } from './dispute/expire-disputes';
import { CARD_DETAILS_PATH, openDetailsLink } from './cardholder/card-details-link';
import {
  cardDetailsHeaders,
  newNonce,
  renderCardDetailsPage,
  renderExpiredPage,
} from './cardholder/card-details-page';

export const HEALTH_LIVE_PATH = '/wallet/health/live';
export const HEALTH_READY_PATH = '/wallet/health/ready';
export const METRICS_PATH = '/wallet/metrics';

export type WalletService = {
  /** Answers a request under /wallet/ and returns true; false for any other path. */
  handle(req: IncomingMessage, res: ServerResponse): boolean;
  /** Stops background work (the rate limit's flushes, webhook attempts in flight), finishing what is pending. */
  close(): Promise<void>;
  /**
   * The webhook delivery worker (docs/wallet-api.md "Webhook delivery"); absent when the options
   * turned it off.
   */
  deliveries?: DeliveryWorker;
  /** The hold expiry worker (docs/card-spending.md "Rules"); absent when the options turned it off. */
  holdExpiry?: HoldExpiryWorker;
  /** The dispute expiry worker (docs/disputes.md "Statuses"); absent when the options turned it off. */
  disputeExpiry?: DisputeExpiryWorker;
  logger: Logger;
  metrics: WalletMetrics;
};

/** The authenticator the service runs: secrets opened with this process's master key. */
export function createServiceAuthenticator(engine: DatabaseHandle) {
  return createAuthenticator({
    engine,
    revealSecret: (stored) => revealSecret(configuredSecretBox(), stored),
  });
}

export function createWalletService(options: {
  engine: DatabaseHandle;
  logger?: Logger;
  metrics?: WalletMetrics;
  /**
   * Requests per second per app (docs/wallet-api.md "Rate limit"); default WALLET_RATE_LIMIT_RPS;
   * 0: no limit.
   */
  rateLimitRps?: number;
  /** A limiter of the caller's instead (tests that count what is asked of it). */
  rateLimiter?: RateLimiter;
  /**
   * The back-office's own budget (docs/security.md "Rate limit"): requests per second signed with
   * an app's back-office key; default WALLET_BACKOFFICE_RATE_LIMIT_RPS; 0: no limit.
   */
  backofficeRateLimitRps?: number;
  /** A limiter of the caller's for those calls instead. */
  backofficeRateLimiter?: RateLimiter;
  /**
   * Calls per second per walletToken of the me/* operations (docs/wallet-api.md "The
   * walletToken"); default WALLET_TOKEN_RATE_LIMIT_RPS (10); 0: no limit.
   */
  walletTokenRateLimitRps?: number;
  /** How long a card-details link opens (default 60 s; tests shorten it). */
  detailsLinkTtlMs?: number;
  /** The start of a card-details link; default WALLET_PUBLIC_URL, else the back-office's origin. */
  publicOrigin?: string;
  /** The bearer token /wallet/metrics asks for; default WALLET_METRICS_TOKEN; none: metrics off. */
  metricsToken?: string | null;
  /** Runs the webhook delivery worker in this process (default true). */
  deliverWebhooks?: boolean;
  /**
   * WALLET_WEBHOOK_ALLOW_PRIVATE and WALLET_WEBHOOK_RETRY_SCALE, unless given here.
   */
  webhooks?: { allowPrivate?: boolean; retryScale?: number };
  /** WALLET_SIMULATION, unless given here: the simulate/* operations are served. */
  simulation?: boolean;
  /**
   * The hold expiry worker (docs/card-spending.md "Rules"): on by default, after
   * WALLET_AUTH_EXPIRY_HOURS; `false` turns it off, `{expiryMs}` scales the window (tests).
   */
  holdExpiry?: false | { expiryMs?: number; pollMs?: number };
  /**
   * Disputes (docs/disputes.md): dueBy after clearing (default WALLET_DISPUTE_DUE_DAYS) and the
   * expiry worker, on by default every WALLET_DISPUTE_EXPIRY_POLL_MS; `expiry: false` turns it off.
   */
  disputes?: { dueMs?: number; expiry?: false | { pollMs?: number } };
}): WalletService {
  const { engine } = options;
  setClockOffset(env.WALLET_TEST_CLOCK_OFFSET_MS);
  const rps = options.rateLimitRps ?? env.WALLET_RATE_LIMIT_RPS;
  const rateLimiter = options.rateLimiter ?? (rps > 0 ? createRateLimiter({ engine, rps }) : undefined);
  const backofficeRps = options.backofficeRateLimitRps ?? env.WALLET_BACKOFFICE_RATE_LIMIT_RPS;
  const backofficeRateLimiter =
    options.backofficeRateLimiter ??
    (backofficeRps > 0 ? createRateLimiter({ engine, rps: backofficeRps }) : undefined);
  const tokenRps = options.walletTokenRateLimitRps ?? env.WALLET_TOKEN_RATE_LIMIT_RPS;
  const walletTokenRateLimiter = tokenRps > 0 ? createRateLimiter({ engine, rps: tokenRps }) : undefined;
  const logger = options.logger ?? createLogger();
  const metricsToken = options.metricsToken === undefined ? env.WALLET_METRICS_TOKEN : options.metricsToken;
  const metricsDigest = metricsToken ? digest(metricsToken) : undefined;
  // Without a token nobody can read the process metrics, so nothing gathers them.
  const metrics = options.metrics ?? createMetrics({ processMetrics: metricsDigest !== undefined });
  const allowPrivate = options.webhooks?.allowPrivate ?? env.WALLET_WEBHOOK_ALLOW_PRIVATE;
  const secretBox = configuredSecretBox();
  const deliveries =
    options.deliverWebhooks === false
      ? undefined
      : createDeliveryWorker({
          db: walletDb(engine),
          secretBox,
          send: createSender({ allowPrivate }),
          logger,
          retryScale: options.webhooks?.retryScale ?? env.WALLET_WEBHOOK_RETRY_SCALE,
        });
  deliveries?.start();
  // Every instance releases expired holds, as every instance delivers webhooks; the database
  // decides which instance releases which (spending/expire-holds.ts).
  const holdExpiry =
    options.holdExpiry === false
      ? undefined
      : createHoldExpiryWorker({
          db: walletDb(engine),
          logger,
          expiryMs: options.holdExpiry?.expiryMs ?? env.WALLET_AUTH_EXPIRY_HOURS * 3_600_000,
          pollMs: options.holdExpiry?.pollMs ?? env.WALLET_AUTH_EXPIRY_POLL_MS,
        });
  holdExpiry?.start();
  // Likewise every instance expires disputes past dueBy (dispute/expire-disputes.ts).
  const disputeExpiryOptions = options.disputes?.expiry;
  const disputeExpiry =
    disputeExpiryOptions === false
      ? undefined
      : createDisputeExpiryWorker({
          db: walletDb(engine),
          logger,
          pollMs: disputeExpiryOptions?.pollMs ?? env.WALLET_DISPUTE_EXPIRY_POLL_MS,
        });
  disputeExpiry?.start();
  let openApiJson: string | undefined;
  let referenceHtml: string | undefined;
  const simulation = options.simulation ?? env.WALLET_SIMULATION;
  const handleApi = createWalletRequestHandler({
    engine,
    db: walletDb(engine),
    authenticator: createServiceAuthenticator(engine),
    router: createWalletRouter({
      secretBox,
      allowPrivateWebhooks: allowPrivate,
      simulation,
      releaseKey: walletReleaseKey(),
      disputeDueMs: options.disputes?.dueMs ?? env.WALLET_DISPUTE_DUE_DAYS * 86_400_000,
      publicOrigin: options.publicOrigin ?? walletPublicOrigin(),
      ...(options.detailsLinkTtlMs !== undefined ? { detailsLinkTtlMs: options.detailsLinkTtlMs } : {}),
    }),
    mode: simulation ? 'sandbox' : 'live',
    logger,
    metrics,
    openApiJson: () => (openApiJson ??= JSON.stringify(buildOpenApiDocument())),
    referenceHtml: () => (referenceHtml ??= renderReferencePage(buildOpenApiDocument())),
    ...(rateLimiter ? { rateLimiter } : {}),
    ...(backofficeRateLimiter ? { backofficeRateLimiter } : {}),
    ...(walletTokenRateLimiter ? { walletTokenRateLimiter } : {}),
    ...(deliveries ? { afterCommit: () => deliveries.nudge() } : {}),
  });

  const plain = (
    res: ServerResponse,
    status: number,
    body: string,
    type = 'application/json; charset=utf-8',
  ) => {
    res.writeHead(status, {
      'Content-Type': type,
      'Cache-Control': 'no-store',
      'Content-Length': Buffer.byteLength(body),
    });
    res.end(body);
  };

  async function operations(req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
    const method = req.method ?? 'GET';
    if (path === HEALTH_LIVE_PATH || path === HEALTH_READY_PATH || path === METRICS_PATH) {
      if (method !== 'GET' && method !== 'HEAD') {
        res.setHeader('Allow', 'GET, HEAD');
        return plain(res, 405, JSON.stringify({ status: 'method not allowed' }));
      }
      if (path === HEALTH_LIVE_PATH) return plain(res, 200, JSON.stringify({ status: 'ok' }));
      if (path === HEALTH_READY_PATH) {
        const ready = await engine.ping();
        return plain(
          res,
          ready ? 200 : 503,
          JSON.stringify({ status: ready ? 'ready' : 'database unavailable' }),
        );
      }
      if (!metricsDigest) return plain(res, 404, JSON.stringify({ status: 'not found' }));
      if (!bearerMatches(req.headers.authorization, metricsDigest)) {
        res.setHeader('WWW-Authenticate', 'Bearer realm="wallet-metrics"');
        return plain(res, 401, JSON.stringify({ status: 'unauthorized' }));
      }
      return plain(res, 200, await metrics.registry.metrics(), metrics.registry.contentType);
    }
    return plain(res, 404, JSON.stringify({ status: 'not found' }));
  }

  /**
   * The card-details page (docs/wallet-api.md "The card-details link"): the link's first open
   * within its minute shows the card; any other answer is the same 410 page. The token is never
   * logged (the log line names the page, not the path).
   */
  async function cardDetails(req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
    const method = req.method ?? 'GET';
    if (method !== 'GET') {
      res.setHeader('Allow', 'GET');
      return plain(res, 405, JSON.stringify({ status: 'method not allowed' }));
    }
    const nonce = newNonce();
    const opened = await openDetailsLink({
      db: walletDb(engine),
      engine,
      token: path.slice(CARD_DETAILS_PATH.length),
      ip: req.socket.remoteAddress ?? '',
      userAgent: typeof req.headers['user-agent'] === 'string' ? req.headers['user-agent'] : '',
    });
    const body = opened ? renderCardDetailsPage(opened.view, nonce) : renderExpiredPage(nonce);
    const status = opened ? 200 : 410;
    res.writeHead(status, {
      ...cardDetailsHeaders({ nonce, origins: opened?.origins ?? [] }),
      'Content-Length': Buffer.byteLength(body),
    });
    res.end(body);
    logger.info({ page: 'card-details', status }, 'request');
  }

  return {
    logger,
    metrics,
    ...(deliveries ? { deliveries } : {}),
    ...(holdExpiry ? { holdExpiry } : {}),
    ...(disputeExpiry ? { disputeExpiry } : {}),
    close: async () => {
      await Promise.all([
        rateLimiter?.close(),
        backofficeRateLimiter?.close(),
        walletTokenRateLimiter?.close(),
        deliveries?.stop(),
        holdExpiry?.stop(),
        disputeExpiry?.stop(),
      ]);
    },
    handle(req, res) {
      const url = req.url ?? '/';
      const mark = url.indexOf('?');
      const path = mark < 0 ? url : url.slice(0, mark);
      if (!isWalletPath(path)) return false;
      const work = path.startsWith(WALLET_API_PREFIX)
        ? handleApi(req, res)
        : path.startsWith(CARD_DETAILS_PATH)
          ? cardDetails(req, res, path)
          : operations(req, res, path);
      work.catch((error: unknown) => {
        // The API handler answers every failure itself; this is the net for a broken socket.
        logger.error({ path, errorName: (error as Error)?.name ?? typeof error }, 'request failed');
        if (!res.headersSent)
          plain(res, 500, JSON.stringify({ code: 5000, msg: 'An unexpected error occurred.' }));
        else res.destroy();
      });
      return true;
    },
  };
}

function digest(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}

/** `Authorization: Bearer <token>`, compared in constant time (as digests: no length leak). */
function bearerMatches(header: string | undefined, expected: Buffer): boolean {
  const match = /^Bearer ([^\s]+)$/i.exec(header ?? '');
  return match !== null && timingSafeEqual(digest(match[1]!), expected);
}
