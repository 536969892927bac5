// Request signing of docs/wallet-api.md "Signature", shared by the wallet service (verification) and the
// back-office's client (signing), so that both sides canonicalise the query identically.
import { createHmac, timingSafeEqual } from 'node:crypto';

/** encodeURIComponent, plus the five characters it leaves alone that RFC 3986 reserves. */
export function rfc3986(value: string): string {
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/**
 * The canonical query: every parameter but `sign`, empty values dropped, names and values
 * RFC 3986-encoded, sorted by encoded name (code unit order), joined as name=value with &.
 * Callers must have rejected duplicate names already (code 1003).
 */
export function canonicalQuery(params: Iterable<readonly [string, string]>): string {
  const pairs: [string, string][] = [];
  for (const [name, value] of params) {
    if (name === 'sign' || value === '') continue;
    pairs.push([rfc3986(name), rfc3986(value)]);
  }
  pairs.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return pairs.map(([n, v]) => `${n}=${v}`).join('&');
}

export function stringToSign(
  method: string,
  path: string,
  params: Iterable<readonly [string, string]>,
): string {
  return `${method.toUpperCase()}\n${path}\n${canonicalQuery(params)}`;
}

export function hmacHex(secret: string, message: string): string {
  return createHmac('sha256', secret).update(message, 'utf8').digest('hex');
}

export function signRequest(
  secret: string,
  method: string,
  path: string,
  params: Iterable<readonly [string, string]>,
): string {
  return hmacHex(secret, stringToSign(method, path, params));
}

/** Constant-time comparison of a received sign with the expected one; length is checked first. */
export function signaturesMatch(expectedHex: string, receivedHex: string): boolean {
  const expected = Buffer.from(expectedHex, 'utf8');
  const received = Buffer.from(receivedHex, 'utf8');
  if (expected.length !== received.length) return false;
  return timingSafeEqual(expected, received);
}
