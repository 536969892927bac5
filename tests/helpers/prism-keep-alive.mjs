// Preloaded into the Prism process (node --import, tests/helpers/prism-proxy.ts): Prism's HTTP
// server never closes an idle kept-alive connection, as a test's own server does not
// (tests/helpers/idle-connections.ts, docs/testing.md "Under load"). With Node's default 5 s, a test
// that held its event loop longer (thousands of ledger rows written on in-process PGlite, on a busy
// machine) sent its next call on a connection Prism had already closed: the socket was lost. The
// test's client closes its own idle connections, and stopping Prism ends the rest.
import http from 'node:http';

const createServer = http.createServer;
http.createServer = function createServerKeepingIdleConnections(...args) {
  const server = createServer.apply(this, args);
  server.keepAliveTimeout = 0;
  return server;
};
