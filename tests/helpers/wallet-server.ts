// The real wallet service (lib/wallet/service/app.ts) on an OS-picked port, over the database the
// test file installed (createTestDatabase), so API tests go over a socket exactly as an agency's
// server would, without Next.js. Logs (every level) are kept in memory for tests that read them,
// and searched for whole card numbers when the file's database closes (card-number-leaks.ts).
// With `ownPool`, a second such server on a pool of its own over the same database: the pg tests'
// stand-in for two processes of the service on one database (docs/testing.md "Stages", `pg`).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { createWalletClient } from '@/lib/backoffice/wallet-client';
import { getDatabase } from '@/lib/db/client';
import { openPostgres, type DatabaseHandle } from '@/lib/db/open';
import { createWalletService, type WalletService } from '@/lib/wallet/service/app';
import { keepIdleConnectionsOpen } from './idle-connections';
import { TEST_AGENCY } from './wallet-db';
import { createLogger } from '@/lib/wallet/service/http/logger';
import { createMetrics } from '@/lib/wallet/service/http/metrics';
import type { RateLimiter } from '@/lib/wallet/service/http/rate-limit';
import { prismWanted, startPrismProxy } from './prism-proxy';
import { watchLog } from './card-number-leaks';

export type WalletTestServer = {
  baseUrl: string;
  service: WalletService;
  /** The database the service runs on: the file's (getDatabase()), or its own pool (`ownPool`). */
  engine: DatabaseHandle;
  /** Every log line the service wrote so far (JSON text). */
  logs(): string;
  close(): Promise<void>;
};

/**
 * `rateLimitRps`: the rate limit (docs/wallet-api.md "Rate limit") for this server; the suite's
 * default is none (vitest.config.ts).
 * `deliverWebhooks`: runs the delivery worker (docs/wallet-api.md "Webhook delivery"); off unless a
 * test is about deliveries, so that no other test's server sends anything anywhere.
 */
export async function startWalletServer(
  options: {
    rateLimitRps?: number;
    /** A limiter of the test's own (e.g. one that counts, without a clock). */
    rateLimiter?: RateLimiter;
    /** The back-office's own budget (docs/security.md "Rate limit"); the suite's default is none. */
    backofficeRateLimitRps?: number;
    /** A limiter of the test's own for the calls signed with the back-office key. */
    backofficeRateLimiter?: RateLimiter;
    deliverWebhooks?: boolean;
    /** The bearer token of /wallet/metrics; none (metrics off) unless given. */
    metricsToken?: string;
    webhooks?: { allowPrivate?: boolean; retryScale?: number };
    /** WALLET_SIMULATION for this server (default on). */
    simulation?: boolean;
    /** The hold expiry worker: off unless a test is about expiry. */
    holdExpiry?: { expiryMs?: number; pollMs?: number };
    /** Disputes' dueBy and expiry worker: the worker off unless a test is about expiry. */
    disputes?: { dueMs?: number; expiry?: false | { pollMs?: number } };
    /** The me/* operations' limit per walletToken; the suite's default is none. */
    walletTokenRateLimitRps?: number;
    /** How long a card-details link opens (default 60 s). */
    detailsLinkTtlMs?: number;
    /**
     * Why this server is reached directly even in the api stage, where every other answers
     * through Prism (docs/testing.md "The api stage behind Prism"): a test of the service's own
     * HTTP layer (methods, raw bytes, limits of the request line) must reach it unchanged, and
     * Prism answers some of those requests itself and re-encodes the query of the others.
     */
    direct?: string;
    /**
     * A second instance of the service, standing for a second process on the same database (the
     * pg tests' two instances): its own pool of `size` connections to `url`, opened here and
     * closed by close(), instead of the file's database. It is always reached directly: Prism
     * runs only in the api stage (docs/testing.md "The api stage behind Prism"), and what these
     * tests count (connections, locks, races between the two pools) must not pass through a
     * proxy process of its own.
     */
    ownPool?: { url: string; size: number };
  } = {},
): Promise<WalletTestServer> {
  const engine = options.ownPool
    ? await openPostgres(options.ownPool.url, options.ownPool.size)
    : await getDatabase();
  let logs = '';
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logs += chunk.toString();
      done();
    },
  });
  const service = createWalletService({
    engine,
    logger: createLogger({ level: 'trace', destination }),
    metrics: createMetrics({ processMetrics: false }),
    ...(options.rateLimitRps !== undefined ? { rateLimitRps: options.rateLimitRps } : {}),
    ...(options.rateLimiter ? { rateLimiter: options.rateLimiter } : {}),
    ...(options.backofficeRateLimitRps !== undefined
      ? { backofficeRateLimitRps: options.backofficeRateLimitRps }
      : {}),
    ...(options.backofficeRateLimiter ? { backofficeRateLimiter: options.backofficeRateLimiter } : {}),
    deliverWebhooks: options.deliverWebhooks ?? false,
    metricsToken: options.metricsToken ?? null,
    ...(options.webhooks ? { webhooks: options.webhooks } : {}),
    ...(options.simulation !== undefined ? { simulation: options.simulation } : {}),
    holdExpiry: options.holdExpiry ?? false,
    disputes: { expiry: false, ...options.disputes },
    // The suite's default is no limit, as for the apps' (vitest.config.ts).
    walletTokenRateLimitRps: options.walletTokenRateLimitRps ?? 0,
    ...(options.detailsLinkTtlMs !== undefined ? { detailsLinkTtlMs: options.detailsLinkTtlMs } : {}),
  });
  watchLog(() => logs);
  const server: Server = createServer((req, res) => {
    if (service.handle(req, res)) return;
    res.writeHead(404);
    res.end();
  });
  keepIdleConnectionsOpen(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  // WALLET_TEST_VIA_PRISM=1: the test talks to Prism, which validates and forwards (prism-proxy.ts).
  const prism =
    prismWanted() && !options.direct && !options.ownPool
      ? await startPrismProxy(`http://127.0.0.1:${port}`)
      : undefined;
  return {
    baseUrl: prism?.baseUrl ?? `http://127.0.0.1:${port}`,
    service,
    engine,
    logs: () => logs,
    close: async () => {
      const count = await prism?.stop();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await service.close();
      if (options.ownPool) await engine.close();
      if (count && count.responseViolations > 0) {
        throw new Error(`replies that break the OpenAPI document:\n${count.responses.join('\n')}`);
      }
      if (count && count.acceptedViolations.length > 0) {
        throw new Error(
          `requests the OpenAPI document refuses but the service accepted:\n${count.acceptedViolations.join('\n')}`,
        );
      }
    },
  };
}

/**
 * Points the back-office's own wallet client at `baseUrl`, as TEST_AGENCY: the client every server
 * action uses (lib/backoffice/wallet-client/index.ts keeps the process's one on globalThis).
 */
export function pointBackofficeClientAt(baseUrl: string): void {
  (globalThis as Record<symbol, unknown>)[Symbol.for('card-wallet.walletClient')] = createWalletClient({
    baseUrl,
    agencyCode: TEST_AGENCY.agencyCode,
    appId: TEST_AGENCY.appId,
    secret: TEST_AGENCY.appSecret,
    log: () => undefined,
  });
}
