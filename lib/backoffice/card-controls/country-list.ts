// Several countries typed at once, as a spending control blocks them (docs/back-office.md "Pages":
// a card's spending controls): names or ISO 3166-1 alpha-2 codes separated by commas or
// semicolons, "Malta, CY; the gambia". Each is found by any English name the back-office knows
// (format.ts countryNames: "UK", "Great Britain", "The Gambia" and "Gambia") or its code, in any
// case. Pure and client-safe.
import { COUNTRY_CODES, countryNames } from '@/lib/backoffice/shared/format';

let byName: Map<string, string> | undefined;

const key = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[\u2018\u2019`]/g, "'")
    .replace(/^the\s+/, '')
    .replace(/\s+/g, ' ')
    .trim();

/** Every name and code, folded, to its code; built on first use. */
function names(): Map<string, string> {
  if (byName) return byName;
  byName = new Map();
  for (const code of COUNTRY_CODES) {
    for (const name of countryNames(code)) if (!byName.has(key(name))) byName.set(key(name), code);
  }
  // A code wins over a name that reads the same ("US" is the United States' code and a name of it).
  for (const code of COUNTRY_CODES) byName.set(key(code), code);
  return byName;
}

export type CountryList = { ok: true; codes: string[] } | { ok: false; unknown: string[] };

/** The countries of a typed list, each once, in the order typed; or the entries that are none. */
export function parseCountryList(text: string): CountryList {
  const entries = text
    .split(/[,;\n]/)
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  const codes: string[] = [];
  const unknown: string[] = [];
  for (const entry of entries) {
    const code = names().get(key(entry));
    if (code === undefined) unknown.push(entry);
    else if (!codes.includes(code)) codes.push(code);
  }
  return unknown.length > 0 ? { ok: false, unknown } : { ok: true, codes };
}

/** What a person reads when an entry is no country. */
export function unknownCountriesMessage(unknown: readonly string[]): string {
  const quoted = unknown.map((entry) => `"${entry}"`).join(', ');
  return `${quoted} ${unknown.length === 1 ? 'is not a country' : 'are not countries'} the back-office knows: type names or ISO codes separated by commas, e.g. Malta, CY.`;
}
