// How long an idle kept-alive connection stays open, for every server this repository runs
// (lib/app-server.ts, lib/wallet/service/server.ts). Node's default is 5 s: a client (an agency's
// server, a load balancer, a test's request context) that reuses a connection just as the server
// closes it gets ECONNRESET for a request the server never read (seen in CI: an e2e wallet call at
// the 5 s mark). Longer than the usual proxies' 60 s idle timeout, so the client side closes
// first; the headers timeout must exceed it (Node's rule).
import type { Server } from 'node:http';

export const KEEP_ALIVE_TIMEOUT_MS = 65_000;

export function keepConnectionsAlive(server: Server): Server {
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  server.headersTimeout = KEEP_ALIVE_TIMEOUT_MS + 1_000;
  return server;
}
