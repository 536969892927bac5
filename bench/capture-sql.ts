// Captures the SQL the wallet service runs for each call of bench/lib/floor-calls.ts, by serving
// those calls with the service's own request handler (lib/wallet/service/http/handle-request.ts:
// parsing, validation, authentication, idempotency, the operation, the envelope) in this process,
// on the service's own engine (lib/db/open.ts), over real HTTP on 127.0.0.1. Two taps record
// every statement, in the order the service issues them:
// - the engine's `query` and `queryIn` (the prepared statements of
//   lib/wallet/service/db/statements.ts: the reads', and in a write's transaction the requestId's
//   and asset/transfer's), with their names, at the moment the service calls it;
// - pg's Client.prototype.query, for every statement that does not go through it (Drizzle's:
//   issuance's, `begin` and `commit` included).
// The harness compares the result with the floor's trace of the same calls. Before each call the
// authenticator's app cache is emptied, as the floor's is, so each capture starts with the app
// lookup; the category catalogue is loaded once first, as a fresh floor does at start.
// Prints JSON on stdout: { statements: { [key]: string[] } } (the answers are compared over HTTP
// by verify-floor.ts; printing them too made the output outgrow what the harness keeps of it).
//
//   node --import tsx bench/capture-sql.ts '{"databaseUrl":…,"app":{…},"population":{…},"deepPage":n}'
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import pino from 'pino';
import { openPostgres, type DatabaseHandle, type DrizzleHandle } from '@/lib/db/open';
import { categoryCatalogue } from '@/lib/wallet/service/card/category-catalogue';
import { walletDb } from '@/lib/wallet/service/db';
import { createWalletRequestHandler } from '@/lib/wallet/service/http/handle-request';
import { createWalletRouter } from '@/lib/wallet/service/router';
import { configuredSecretBox } from '@/lib/wallet/service/secrets/app-secrets';
import { createMetrics } from '@/lib/wallet/service/http/metrics';
import { createServiceAuthenticator } from '@/lib/wallet/service/app';
import { floorCalls, STARTUP_KEY, traceEntry } from './lib/floor-calls';
import { signedPath, type Population, type WalletApp } from './lib/wallet-requests';

type Input = { databaseUrl: string; app: WalletApp; population: Population; deepPage: number };

const input = JSON.parse(process.argv[2] ?? 'null') as Input | null;
if (!input?.databaseUrl || !input.app || !input.population) {
  console.error(
    'usage: capture-sql.ts \'{"databaseUrl":"postgres://…","app":{"agencyCode":…,"appId":…,"secret":…},"population":{…},"deepPage":1}\'',
  );
  process.exit(2);
}

let recording: string[] | undefined;

type QueryConfig = { text?: unknown; name?: unknown };

/** Drizzle's statements (and anything else not sent through the engine's named `query`). */
function tapPg(): void {
  const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = proto.query;
  proto.query = function (this: unknown, ...args: unknown[]) {
    const first = args[0];
    const config: QueryConfig = typeof first === 'string' ? { text: first } : ((first ?? {}) as QueryConfig);
    const named = typeof config.name === 'string' && config.name !== '';
    if (recording && !named && typeof config.text === 'string') recording.push(traceEntry(config.text));
    return original.apply(this, args);
  };
}

/** The engine's prepared statements, recorded when the service calls them (call order). */
function tapEngine(handle: DatabaseHandle): DatabaseHandle {
  return {
    ...handle,
    query: <T>(text: string, values?: unknown[], name?: string) => {
      if (recording && name) recording.push(traceEntry(text, name));
      return handle.query<T>(text, values, name);
    },
    queryIn: <T>(db: DrizzleHandle, text: string, values?: unknown[], name?: string) => {
      if (recording && name) recording.push(traceEntry(text, name));
      return handle.queryIn<T>(db, text, values, name);
    },
  };
}

async function main(input: Input): Promise<void> {
  tapPg();
  const engine = tapEngine(await openPostgres(input.databaseUrl, 10));
  const authenticator = createServiceAuthenticator(engine);
  const handle = createWalletRequestHandler({
    engine,
    db: walletDb(engine),
    authenticator,
    logger: pino({ level: 'silent' }),
    metrics: createMetrics({ processMetrics: false }),
    openApiJson: () => '{}',
    router: createWalletRouter({ secretBox: configuredSecretBox(), allowPrivateWebhooks: false }),
    mode: 'sandbox',
  });
  const server = http.createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const statements: Record<string, string[]> = {};
  const capture = async (key: string, fn: () => Promise<void>) => {
    recording = [];
    await fn();
    // The prune runs after the nonce is spent, off the request's path: give it time to finish.
    await new Promise((resolve) => setTimeout(resolve, 200));
    statements[key] = recording;
    recording = undefined;
  };

  await capture(STARTUP_KEY, async () => {
    await categoryCatalogue(engine);
  });
  let previous: unknown;
  for (const call of floorCalls(input.population, input.deepPage)) {
    authenticator.forget();
    await capture(call.key, async () => {
      const { method, path } = signedPath(input.app, call.operation, call.params('capture', previous));
      const response = await fetch(`${base}${path}`, { method });
      const body = (await response.json()) as { code: number; data?: unknown };
      if (body.code !== 0) throw new Error(`${call.key}: the service answered ${JSON.stringify(body)}`);
      previous = body.data;
    });
  }
  server.close();
  await engine.close();
  process.stdout.write(JSON.stringify({ statements }));
}

main(input).catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
