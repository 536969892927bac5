// The client's socket address, for the per-address sign-in limit. Next.js sets X-Forwarded-For
// only when a request has none (base-server: `??=`), so when `next start` serves browsers
// directly the header is whatever the client sends, and a route handler has no other way to
// the socket. This shim, installed once at boot, stamps every request with the socket's
// address under a header of our own, overwriting any copy the client sent.
import 'server-only';
import http from 'node:http';

export const PEER_ADDRESS_HEADER = 'x-card-wallet-peer';

const installed = globalThis as typeof globalThis & { __cardWalletPeerShim?: boolean };

export function installPeerAddressHeader(): void {
  if (installed.__cardWalletPeerShim) return;
  installed.__cardWalletPeerShim = true;
  const emit = http.Server.prototype.emit as (
    this: http.Server,
    event: string | symbol,
    ...args: unknown[]
  ) => boolean;
  http.Server.prototype.emit = function patchedEmit(
    this: http.Server,
    event: string | symbol,
    ...args: unknown[]
  ) {
    if (event === 'request') {
      const request = args[0] as http.IncomingMessage;
      request.headers[PEER_ADDRESS_HEADER] = request.socket.remoteAddress ?? 'unknown';
    }
    return emit.call(this, event, ...args);
  } as typeof http.Server.prototype.emit;
}
