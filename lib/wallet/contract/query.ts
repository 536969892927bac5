// Parsing a wallet request's query string into unique name/value pairs, as
// application/x-www-form-urlencoded (`+` is a space; a `%` not followed by two hex digits stays as
// it is). A name given twice is refused (1003) rather than resolved, so that the signer and the
// verifier can never disagree about which value was signed; a percent-escape whose bytes are not
// valid UTF-8 is refused (1002) rather than replaced, for the same reason
// (docs/wallet-api.md "Signature").
import { ResultCode, WalletError } from './result-codes';

export type QueryPairs = Map<string, string>;

const utf8 = new TextDecoder('utf-8', { fatal: true });
const encoder = new TextEncoder();

/** Percent-decoding of one name or value; undefined when the escapes are not valid UTF-8. */
export function decodeComponent(raw: string): string | undefined {
  const text = raw.includes('+') ? raw.replaceAll('+', ' ') : raw;
  if (!text.includes('%')) return text;
  try {
    return decodeURIComponent(text);
  } catch {
    // Either bytes that are not UTF-8, or a bare % (kept literally, as URLSearchParams does).
  }
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x25 && /^[0-9A-Fa-f]{2}$/.test(text.slice(i + 1, i + 3))) {
      bytes.push(parseInt(text.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      const end = c >= 0xd800 && c <= 0xdbff ? i + 2 : i + 1;
      bytes.push(...encoder.encode(text.slice(i, end)));
      i = end - 1;
    }
  }
  try {
    return utf8.decode(new Uint8Array(bytes));
  } catch {
    return undefined;
  }
}

export function parseQuery(search: string): QueryPairs {
  const pairs: QueryPairs = new Map();
  const body = search.startsWith('?') ? search.slice(1) : search;
  if (body === '') return pairs;
  for (const part of body.split('&')) {
    if (part === '') continue;
    const eq = part.indexOf('=');
    const rawName = eq < 0 ? part : part.slice(0, eq);
    const name = decodeComponent(rawName);
    if (name === undefined) {
      throw new WalletError(
        ResultCode.PARAM_INVALID,
        'A parameter name has a percent-escape that is not valid UTF-8.',
      );
    }
    const value = eq < 0 ? '' : decodeComponent(part.slice(eq + 1));
    if (value === undefined) {
      throw new WalletError(
        ResultCode.PARAM_INVALID,
        `${describeName(name)} must be valid UTF-8 once percent-decoded.`,
        fieldDetails(name),
      );
    }
    if (pairs.has(name)) {
      throw new WalletError(
        ResultCode.PARAM_DUPLICATED,
        `Parameter ${describeName(name)} is given more than once.`,
        fieldDetails(name),
      );
    }
    pairs.set(name, value);
  }
  return pairs;
}

/** `data.field` only for a name that can be a parameter's: never an arbitrary string. */
function fieldDetails(name: string): { field?: string } {
  return /^[A-Za-z][A-Za-z0-9]{0,63}$/.test(name) ? { field: name } : {};
}

/** Names are echoed in messages; a hostile one is cut short and stripped of control characters. */
export function describeName(name: string): string {
  const clean = name.replace(/[\u0000-\u001f\u007f-\u009f]/g, '?');
  return clean.length > 40 ? `${clean.slice(0, 40)}...` : clean;
}

/** The parameters a schema should see: empty values count as absent, as the signature drops them. */
export function nonEmptyParams(pairs: QueryPairs): Record<string, string> {
  const out: Record<string, string> = Object.create(null) as Record<string, string>;
  for (const [name, value] of pairs) if (value !== '') out[name] = value;
  return out;
}
