// The client's socket address, for the per-address sign-in limit. Next.js sets X-Forwarded-For
// only when a request has none (base-server: `??=`), so when the app serves browsers directly
// that header is whatever the client sends, and a route handler has no other way to the socket.
// The one Node server (lib/app-server.ts) stamps every request it hands to Next with the
// socket's address under this header of our own, overwriting any copy the client sent.
import type { IncomingMessage } from 'node:http';

export const PEER_ADDRESS_HEADER = 'x-card-wallet-peer';

export function stampPeerAddress(request: IncomingMessage): void {
  request.headers[PEER_ADDRESS_HEADER] = request.socket.remoteAddress ?? 'unknown';
}
