// The wallet service's own server (like fastify/demo's server.ts): open and migrate the database,
// provision the configured agency and app, serve /wallet/* on PORT, without Next.js or the
// back-office, so that its instances scale apart from the back-office's
// (docs/architecture.md "Two parts"). SIGTERM/SIGINT close the listener, let requests in flight
// finish, and close the database. main.ts runs it (`npm run start:wallet`); lib/app-server.ts
// shares its start-up steps.
import { createServer, type Server } from 'node:http';
import { getDatabase } from '@/lib/db/client';
import type { DatabaseHandle } from '@/lib/db/open';
import { env } from '@/lib/env';
import { createWalletService, type WalletService } from './app';
import { walletDb } from './db';
import { provisionFromEnv } from './provision';
import { configuredSecretBox, sealAppSecrets } from './secrets/app-secrets';
import { keepConnectionsAlive } from './http/keep-alive';

/** Migrated (by opening) and provisioned: what both servers do before they listen. */
export async function prepareWalletDatabase(): Promise<DatabaseHandle> {
  const engine = await getDatabase();
  const db = walletDb(engine);
  const { unopenable } = await engine.withMigrationLock(async () => {
    // Installations from before sealing hold plain secrets: seal them before anything serves.
    const outcome = await sealAppSecrets(db, configuredSecretBox());
    await provisionFromEnv(db);
    return outcome;
  });
  if (unopenable.length > 0) {
    console.warn(
      `[wallet] the secrets of ${unopenable.join(', ')} were sealed with a master key this process does not have: set WALLET_MASTER_KEY (or WALLET_MASTER_KEY_PREVIOUS) to it, as on the other instances; their requests fail until then.`,
    );
  }
  return engine;
}

/** Closes the listener and the database on SIGTERM/SIGINT, once. */
export function closeOnSignals(server: Server, engine: DatabaseHandle, onClose?: () => Promise<void>): void {
  let closing = false;
  const close = () => {
    if (closing) return;
    closing = true;
    server.close(() => {
      void (onClose?.() ?? Promise.resolve()).then(() => engine.close()).finally(() => process.exit(0));
    });
    server.closeIdleConnections();
    // Requests still running after 10 s are cut: a mutation is atomic, so none is half done.
    setTimeout(() => process.exit(0), 10_000).unref();
  };
  process.on('SIGTERM', close);
  process.on('SIGINT', close);
}

export async function startWalletServer(
  options: { port?: number; host?: string } = {},
): Promise<{ server: Server; service: WalletService; engine: DatabaseHandle }> {
  const engine = await prepareWalletDatabase();
  const service = createWalletService({ engine });
  const server = createServer((req, res) => {
    if (service.handle(req, res)) return;
    const body = JSON.stringify({ code: 1005, msg: 'This server runs the wallet API only (/wallet/api/*).' });
    res.writeHead(404, {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Length': Buffer.byteLength(body),
    });
    res.end(body);
  });
  const port = options.port ?? env.PORT;
  keepConnectionsAlive(server);
  await new Promise<void>((resolve) => server.listen(port, options.host, resolve));
  service.logger.info(
    { port, engine: engine.engine, agencyCode: env.WALLET_AGENCY_CODE, appId: env.WALLET_APP_ID },
    'wallet service ready',
  );
  service.logger.flush();
  return { server, service, engine };
}
