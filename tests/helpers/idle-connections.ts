import type { Server } from 'node:http';

/**
 * A test's server never closes an idle kept-alive connection; the client (the test's fetch) closes
 * its own, and close() ends the rest. The test and the server share one event loop: a test that
 * holds it (thousands of rows written on in-process PGlite, on a busy machine: 40 s seen) past
 * the server's idle timeout sends its next call on a connection whose timer fires in the same turn,
 * and the server drops it unread: ECONNRESET. Node's default 5 s did that; production's 65 s
 * (lib/wallet/service/http/keep-alive.ts) only moves the edge (docs/testing.md "Under load").
 */
export function keepIdleConnectionsOpen(server: Server): Server {
  server.keepAliveTimeout = 0;
  return server;
}
