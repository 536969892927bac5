// The wallet service as a mountable unit (like fastify/demo's app.ts): given the process's
// database engine, a Node request handler for everything under /wallet/ — the API, liveness,
// readiness and Prometheus metrics — that answers and returns true, or returns false for any
// other path so that the host server passes it on. `server.ts` runs it alone; lib/app-server.ts
// mounts it in front of the back-office on one port.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { DatabaseHandle } from '@/lib/db/open';
import { buildOpenApiDocument } from '@/lib/wallet/contract/openapi';
import { walletDb } from './db';
import { createWalletRequestHandler, isWalletPath, WALLET_API_PREFIX } from './http/handle-request';
import { createLogger, type Logger } from './http/logger';
import { createMetrics, type WalletMetrics } from './http/metrics';
import { createRateLimiter } from './http/rate-limit';
import { env } from '@/lib/env';
import { createAuthenticator } from './request/authenticate';
import { configuredSecretBox, revealSecret } from './secrets/app-secrets';

export const HEALTH_LIVE_PATH = '/wallet/health/live';
export const HEALTH_READY_PATH = '/wallet/health/ready';
export const METRICS_PATH = '/wallet/metrics';

export type WalletService = {
  /** Answers a request under /wallet/ and returns true; false for any other path. */
  handle(req: IncomingMessage, res: ServerResponse): boolean;
  /** Stops background work (the rate limit's flushes), sending what is pending. */
  close(): Promise<void>;
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
  /** Requests per second per app (DESIGN §8); default WALLET_RATE_LIMIT_RPS; 0: no limit. */
  rateLimitRps?: number;
}): WalletService {
  const { engine } = options;
  const rps = options.rateLimitRps ?? env.WALLET_RATE_LIMIT_RPS;
  const rateLimiter = rps > 0 ? createRateLimiter({ engine, rps }) : undefined;
  const logger = options.logger ?? createLogger();
  const metrics = options.metrics ?? createMetrics();
  let openApiJson: string | undefined;
  const handleApi = createWalletRequestHandler({
    engine,
    db: walletDb(engine),
    authenticator: createServiceAuthenticator(engine),
    logger,
    metrics,
    openApiJson: () => (openApiJson ??= JSON.stringify(buildOpenApiDocument())),
    ...(rateLimiter ? { rateLimiter } : {}),
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
      return plain(res, 200, await metrics.registry.metrics(), metrics.registry.contentType);
    }
    return plain(res, 404, JSON.stringify({ status: 'not found' }));
  }

  return {
    logger,
    metrics,
    close: async () => rateLimiter?.close(),
    handle(req, res) {
      const url = req.url ?? '/';
      const mark = url.indexOf('?');
      const path = mark < 0 ? url : url.slice(0, mark);
      if (!isWalletPath(path)) return false;
      const work = path.startsWith(WALLET_API_PREFIX) ? handleApi(req, res) : operations(req, res, path);
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
