// Parsing a wallet request's query string into unique name/value pairs. A name given twice is
// refused (1003) rather than resolved, so that the signer and the verifier can never disagree
// about which value was signed.
import { ResultCode, WalletError } from './result-codes';

export type QueryPairs = Map<string, string>;

export function parseQuery(search: string): QueryPairs {
  const pairs: QueryPairs = new Map();
  for (const [name, value] of new URLSearchParams(search)) {
    if (pairs.has(name)) {
      throw new WalletError(
        ResultCode.PARAM_DUPLICATED,
        `Parameter ${describeName(name)} is given more than once.`,
      );
    }
    pairs.set(name, value);
  }
  return pairs;
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
