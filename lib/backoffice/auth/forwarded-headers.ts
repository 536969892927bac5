// What the one Node server (lib/app-server.ts) believes of a request's X-Forwarded-* headers before
// anything reads them (the action gate, Next's own action check, pages). Reached directly
// (TRUSTED_PROXY_HOPS 0, the default) they are whatever the client wrote, so they are dropped, and
// Next fills them from the socket as it does for a request without them: a client cannot name the
// host its Origin is compared with (a forged X-Forwarded-Host made another site's Origin pass).
// One sender is believed anyway: this server itself. Next forwards an action posted to a page that
// does not hold it to the page that does, over loopback to http://localhost:<PORT>, marked
// `x-action-forwarded: 1` and carrying the X-Forwarded-Host it set from the client's Host; without
// it that forward's Origin would not match and every such action would fail.
// Behind N trusted proxies, X-Forwarded-Host is the value the outermost of them set (the N-th from
// the right when they append, the first when they overwrite), left as the only value, so that the
// gate and Next, which reads the first value, compare the Origin with the same host.
import type { IncomingMessage } from 'node:http';

const FORWARDED = ['x-forwarded-host', 'x-forwarded-proto', 'x-forwarded-port', 'x-forwarded-for'];

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/** Next's own forward of an action to the page that holds it: from this machine, marked so. */
function forwardedByNext(request: Pick<IncomingMessage, 'headers' | 'socket'>): boolean {
  return request.headers['x-action-forwarded'] === '1' && LOOPBACK.has(request.socket.remoteAddress ?? '');
}

export function settleForwardedHeaders(
  request: Pick<IncomingMessage, 'headers' | 'socket'>,
  trustedProxyHops: number,
): void {
  if (trustedProxyHops === 0) {
    if (forwardedByNext(request)) return;
    for (const name of FORWARDED) delete request.headers[name];
    return;
  }
  const raw = request.headers['x-forwarded-host'];
  if (raw === undefined) return;
  const hosts = (Array.isArray(raw) ? raw.join(',') : raw)
    .split(',')
    .map((host) => host.trim())
    .filter(Boolean);
  const host = hosts.length >= trustedProxyHops ? hosts.at(-trustedProxyHops) : hosts[0];
  if (host) request.headers['x-forwarded-host'] = host;
  else delete request.headers['x-forwarded-host'];
}
