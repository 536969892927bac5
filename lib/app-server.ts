// The one Node server of `npm start`: the wallet service's own HTTP layer answers /wallet/*
// (lib/wallet/service/app.ts), Next.js's request handler answers everything else (the
// back-office), on one port and in one process, sharing one database engine (lib/db/client.ts).
// The back-office still reaches the wallet only over HTTP, through its signed client.
// Methods Next does not serve answer 405 here, and a path that is not valid percent-encoding 400,
// so that neither can reach a page as a 500; so does a server action's request Next would answer
// with a 500 (another origin, a body it cannot decode or too large: action-request-gate.ts).
// X-Forwarded-* headers are believed only from TRUSTED_PROXY_HOPS proxies (forwarded-headers.ts).
import { createServer, request, type IncomingMessage } from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import next from 'next';
import { gateActionRequest, isActionRequest, refusalBody } from '@/lib/backoffice/auth/action-request-gate';
import { stampPeerAddress } from '@/lib/backoffice/auth/peer-address';
import { settleForwardedHeaders } from '@/lib/backoffice/auth/forwarded-headers';
import { dataDir, env } from '@/lib/env';
import { createWalletService } from '@/lib/wallet/service/app';
import { closeOnSignals, prepareWalletDatabase } from '@/lib/wallet/service/server';
import { keepConnectionsAlive } from '@/lib/wallet/service/http/keep-alive';

const ROOT = path.resolve(import.meta.dirname, '..');

/** What the back-office's pages, actions and route handlers answer (server actions are POST). */
const PAGE_METHODS = new Set(['GET', 'HEAD', 'POST']);

export async function startAppServer(options: { port?: number; host?: string } = {}): Promise<void> {
  const port = options.port ?? env.PORT;
  const engine = await prepareWalletDatabase();
  const wallet = createWalletService({ engine });
  // `npm run dev` runs this same server with Next in development mode; tests never do.
  const app = next({
    dev: env.NODE_ENV === 'development',
    dir: ROOT,
    port,
    hostname: options.host ?? 'localhost',
  });
  await app.prepare();
  const handleNext = app.getRequestHandler();

  const server = createServer((req, res) => {
    if (wallet.handle(req, res)) return;
    if (!PAGE_METHODS.has(req.method ?? '')) {
      res.writeHead(405, { Allow: 'GET, HEAD, POST', 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('Method not allowed.\n');
      return;
    }
    if (!decodablePath(req.url ?? '/')) {
      res.writeHead(400, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('Bad request: the path is not valid percent-encoding.\n');
      return;
    }
    // Before anything reads them: the gate's and Next's Origin checks, pages.
    settleForwardedHeaders(req, env.TRUSTED_PROXY_HOPS);
    const toNext = (request: IncomingMessage) => {
      stampPeerAddress(request);
      handleNext(request, res).catch(() => {
        if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
        res.end();
      });
    };
    if (!isActionRequest(req)) return toNext(req);
    gateActionRequest(req).then(
      (gate) => {
        if ('request' in gate) return toNext(gate.request);
        const { status, reason } = gate.refused;
        // The path without its query; never the Origin or the body, which are the sender's.
        const path = (req.url ?? '/').split('?')[0];
        wallet.logger.warn({ event: 'action.refused', status, reason, path }, 'server action refused');
        const body = refusalBody(status);
        res.writeHead(status, {
          'Content-Type': 'text/plain; charset=utf-8',
          'Content-Length': Buffer.byteLength(body),
          'Cache-Control': 'no-store',
        });
        res.end(body);
      },
      // The client went away while sending.
      () => res.destroy(),
    );
  });
  keepConnectionsAlive(server);
  await new Promise<void>((resolve) => server.listen(port, options.host, resolve));
  // In production Next prepares itself (and runs instrumentation.ts, which creates the first
  // admin) on its first request, not in prepare(): make that request now, so that "ready" means
  // ready and the first person to sign in is not the one who waits.
  await warmUp(options.host, port);
  const storage =
    engine.engine === 'pglite'
      ? `embedded PGlite in ${path.join(dataDir, 'pglite')}`
      : 'PostgreSQL (DATABASE_URL)';
  const secretSource = env.WALLET_APP_SECRET
    ? 'WALLET_APP_SECRET'
    : `walletAppSecret in ${path.join(dataDir, 'secrets.json')}`;
  console.log(
    [
      `[card-wallet] database ready: ${storage}`,
      `[card-wallet] back-office: http://localhost:${port}/login`,
      `[card-wallet] wallet API: http://localhost:${port}/wallet/api (agencyCode ${env.WALLET_AGENCY_CODE}, appId ${env.WALLET_APP_ID}, secret: ${secretSource})`,
      `[card-wallet] API reference: http://localhost:${port}/wallet/api/reference (OpenAPI: /wallet/api/openapi.json)`,
      `[card-wallet] health: /wallet/health/live, /wallet/health/ready; metrics: ${env.WALLET_METRICS_TOKEN ? '/wallet/metrics (bearer WALLET_METRICS_TOKEN)' : 'off (set WALLET_METRICS_TOKEN)'}`,
    ].join('\n'),
  );
  closeOnSignals(server, engine, async () => {
    await wallet.close();
    await app.close();
  });
}

/** Next decodes a page's path segments and answers 500 when one is not valid percent-encoding. */
function decodablePath(url: string): boolean {
  const end = url.search(/[?#]/);
  try {
    decodeURIComponent(end === -1 ? url : url.slice(0, end));
    return true;
  } catch {
    return false;
  }
}

function warmUp(host: string | undefined, port: number): Promise<void> {
  const target = !host || host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
  return new Promise((resolve, reject) => {
    const req = request({ host: target, port, path: '/login', method: 'HEAD' }, (res) => {
      res.resume();
      res.on('end', () => resolve());
    });
    req.on('error', reject);
    req.end();
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  startAppServer().catch((error: unknown) => {
    console.error('[card-wallet] could not start:', error instanceof Error ? error.stack : error);
    process.exit(1);
  });
}
