// The one builder of a signed wallet query string (docs/wallet-api.md "Signature"): the five authentication
// parameters, the operation's own, and `sign` over them, RFC 3986-encoded. The back-office's
// client, the API tests, the e2e seeding, the benchmark and the README's example all build
// requests with it, so none can drift from the canonical form the service verifies.
import { randomBytes } from 'node:crypto';
import { rfc3986, signRequest } from './signature';

export type QueryPair = readonly [name: string, value: string];
export type QueryValue = string | number | boolean | undefined | null;

export type SignedQueryOptions = {
  secret: string;
  method: string;
  /** The spec's path (e.g. /wallet/api/user/cardList), whatever prefix the base URL has. */
  path: string;
  agencyCode: string;
  appId: string;
  /** The operation's parameters; undefined, null and '' are left out (the service drops ''). */
  params?: Record<string, QueryValue> | Iterable<QueryPair>;
  /** Unix epoch ms; default now. */
  timestamp?: number | string;
  /** 16-64 of A-Z a-z 0-9 _ -; default a fresh random one. */
  nonce?: string;
  /**
   * Parameters the caller gave as the empty string that the operation clears when given so
   * (its definition's `clearable`, the OpenAPI document's `x-clearable`): each travels as
   * `name=` after `sign`, outside the string to sign, where every other empty value is left out.
   */
  emptied?: readonly string[];
};

/** A fresh nonce: 22 URL-safe characters from 16 random bytes. */
export function newNonce(): string {
  return randomBytes(16).toString('base64url');
}

/** `name=value&...`, each RFC 3986-encoded, in the given order. */
export function encodeQuery(pairs: Iterable<QueryPair>): string {
  const parts: string[] = [];
  for (const [name, value] of pairs) parts.push(`${rfc3986(name)}=${rfc3986(value)}`);
  return parts.join('&');
}

function text(value: QueryValue): string | undefined {
  if (value === undefined || value === null) return undefined;
  const s = typeof value === 'boolean' ? (value ? 'true' : 'false') : String(value);
  return s === '' ? undefined : s;
}

/**
 * The pairs of a request before signing: agencyCode, appId, timestamp, nonce, then the
 * operation's parameters (a parameter named like one of the four replaces it).
 */
export function requestPairs(options: Omit<SignedQueryOptions, 'secret' | 'method' | 'path'>): QueryPair[] {
  const pairs = new Map<string, string>([
    ['agencyCode', options.agencyCode],
    ['appId', options.appId],
    ['timestamp', String(options.timestamp ?? Date.now())],
    ['nonce', options.nonce ?? newNonce()],
  ]);
  const params = options.params ?? {};
  const entries: Iterable<readonly [string, QueryValue]> =
    Symbol.iterator in params ? (params as Iterable<QueryPair>) : Object.entries(params);
  for (const [name, value] of entries) {
    const v = text(value);
    if (v !== undefined) {
      pairs.delete(name);
      pairs.set(name, v);
    }
  }
  return [...pairs];
}

/** The whole query string of a signed request: `sign` after the signed pairs, then `emptied`. */
export function signedQuery(options: SignedQueryOptions): string {
  const pairs = requestPairs(options);
  const sign = signRequest(options.secret, options.method, options.path, pairs);
  const emptied = (options.emptied ?? []).map((name): QueryPair => [name, '']);
  return encodeQuery([...pairs, ['sign', sign], ...emptied]);
}

/** The names among `clearable` that `params` gives as the empty string. */
export function emptiedParams(
  params: Record<string, unknown> | undefined,
  clearable: readonly string[] | undefined,
): string[] {
  return (clearable ?? []).filter((name) => params?.[name] === '');
}
