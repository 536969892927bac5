// Where a webhook may be delivered (docs/wallet-api.md "webhook/add", "Webhook delivery"): https://
// only, and never to a loopback, private, link-local, carrier-grade NAT, metadata or otherwise
// special address, unless WALLET_WEBHOOK_ALLOW_PRIVATE is true. Checked when an endpoint is added
// (a 1002 on `url`) and again at every delivery, at the moment of connecting: `pinnedLookup` is the
// lookup the delivery's socket uses, so a name that resolves elsewhere later (DNS rebinding) is
// refused at connect time, not checked once and then trusted.
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * IPv4-compatible (::/96) and IPv4-mapped (::ffff:0:0/96) IPv6 addresses: refused whole, whatever
 * the IPv4 address inside (docs/security.md "The wallet API"). ipaddr.js calls
 * ::7f00:1 (how a URL writes [::127.0.0.1]) and ::a9fe:a9fe (the metadata address) "unicast",
 * and a stack may still route them to the IPv4 address; no public service needs either form.
 */
function embedsIPv4(ip: ipaddr.IPv6): boolean {
  const [a, b, c, d, e, f] = ip.parts;
  return a === 0 && b === 0 && c === 0 && d === 0 && e === 0 && (f === 0 || f === 0xffff);
}

/** Only ordinary public unicast addresses: every special range of ipaddr.js is refused. */
export function isPublicAddress(ip: string): boolean {
  if (!ipaddr.isValid(ip)) return false;
  const parsed = ipaddr.parse(ip);
  if (parsed.kind() === 'ipv6' && embedsIPv4(parsed as ipaddr.IPv6)) return false;
  return parsed.range() === 'unicast';
}

export type ResolveAll = (hostname: string) => Promise<LookupAddress[]>;

const resolveAllWithDns: ResolveAll = (hostname) =>
  new Promise((resolve, reject) =>
    dnsLookup(hostname, { all: true, verbatim: true }, (error, addresses) =>
      error ? reject(error) : resolve(addresses),
    ),
  );

/** The host of a URL as a lookup takes it: IPv6 literals without their brackets. */
function hostOf(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1');
}

/**
 * Why `url` may not receive webhooks (a rule, read after "url "), or undefined when it may.
 * Every address the host resolves to must be allowed, not just the first.
 */
export async function webhookUrlProblem(
  url: string,
  options: { allowPrivate: boolean; resolveAll?: ResolveAll },
): Promise<string | undefined> {
  const parsed = new URL(url);
  if (parsed.protocol !== 'https:' && !(options.allowPrivate && parsed.protocol === 'http:')) {
    return 'must be an https:// URL';
  }
  if (options.allowPrivate) return undefined;
  const host = hostOf(parsed);
  let addresses: string[];
  if (isIP(host)) {
    addresses = [host];
  } else {
    try {
      addresses = (await (options.resolveAll ?? resolveAllWithDns)(host)).map((a) => a.address);
    } catch {
      return `must have a host name that resolves (${host} does not)`;
    }
  }
  if (addresses.length === 0) return `must have a host name that resolves (${host} does not)`;
  if (!addresses.every(isPublicAddress)) {
    return 'must not point at a loopback, private, link-local or metadata address';
  }
  return undefined;
}

/** The error a delivery's connection fails with when its host resolves to a refused address. */
export class RefusedAddressError extends Error {
  constructor(readonly address: string) {
    super(`refused: the host resolves to ${address}, a loopback, private, link-local or metadata address`);
    this.name = 'RefusedAddressError';
  }
}

/**
 * A `lookup` for http(s).request that refuses, at connect time, any host with a refused
 * address among its answers. Node calls it with `all: true` (happy eyeballs) or without.
 */
export function pinnedLookup(options: { allowPrivate: boolean }): LookupFunction {
  return (hostname, lookupOptions, callback) => {
    dnsLookup(hostname, { ...lookupOptions, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 0);
      const list = addresses as LookupAddress[];
      const refused = options.allowPrivate ? undefined : list.find((a) => !isPublicAddress(a.address));
      if (refused) return callback(new RefusedAddressError(refused.address), '', 0);
      if (lookupOptions.all)
        return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, list);
      const first = list[0];
      if (!first)
        return callback(
          Object.assign(new Error(`${hostname} did not resolve`), { code: 'ENOTFOUND' }),
          '',
          0,
        );
      return callback(null, first.address, first.family);
    });
  };
}

/** Refuses an IP-literal host at delivery (Node skips the lookup for those). */
export function literalHostProblem(url: URL, allowPrivate: boolean): string | undefined {
  const host = hostOf(url);
  if (allowPrivate || !isIP(host) || isPublicAddress(host)) return undefined;
  return new RefusedAddressError(host).message;
}
