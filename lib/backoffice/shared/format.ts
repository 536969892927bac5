// How the back-office writes values for staff: money (major-unit amounts with their currency),
// counts, dates and times, country names, mobile numbers and card expiry. The one home for these,
// so that every page writes a value the same way. Machine-readable output (the CSV export, a
// <time dateTime>) keeps ISO 8601 on purpose and does not come here. Pure and client-safe: a
// browser component must render the very text the server's HTML holds, so nothing here depends
// on the runtime's locale data (see formatDateTime).
import en from 'i18n-iso-countries/langs/en.json';

// ---------------------------------------------------------------- money and counts

/**
 * A major-unit amount as money, e.g. "$100,000.00", or "1.500000 USDT" for a currency Intl does not
 * know. With `signed`, a change of balance (a ledger entry): "+$25.00", "-$25.00".
 */
export function formatMoney(
  amount: number,
  currency: string,
  decimalPlaces: number,
  options: { signed?: boolean } = {},
): string {
  const digits = {
    minimumFractionDigits: decimalPlaces,
    maximumFractionDigits: decimalPlaces,
    signDisplay: options.signed ? ('exceptZero' as const) : ('auto' as const),
  };
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency, ...digits }).format(amount);
  } catch {
    return `${new Intl.NumberFormat('en-US', digits).format(amount)} ${currency}`;
  }
}

/**
 * A decimal amount as text in major units (a setting, a recorded wallet call's parameter) as
 * money, with at least `minDecimals` decimals and every one it has: "1000.5" at 2 is "$1,000.50",
 * "1000.500001" stays exact. Number() for display only; comparisons are compareAmounts'.
 */
export function formatDecimalText(amount: string, currency: string, minDecimals: number): string {
  const decimals = /\.(\d+)$/.exec(amount.trim())?.[1]?.length ?? 0;
  return formatMoney(Number(amount), currency, Math.max(minDecimals, decimals));
}

const counts = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** 12345 -> "12,345" */
export function formatCount(count: number): string {
  return counts.format(count);
}

// ---------------------------------------------------------------- dates and times

// In format-time.ts, so that a time on a page (components/ui/local-time.tsx) does not bring the
// country names below into the browser.
export { formatDate, formatDateTime, formatDateTimeAt } from './format-time';

// ---------------------------------------------------------------- countries

// i18n-iso-countries' English names only (a few kB), not the library: pages that only show a date
// should not load its code tables. Each entry is a name, or the official name then its aliases.
const COUNTRY_NAMES: Readonly<Record<string, string | readonly string[]>> = en.countries;

function namesOf(code: string): readonly string[] {
  if (!Object.hasOwn(COUNTRY_NAMES, code)) return [];
  const names = COUNTRY_NAMES[code];
  return typeof names === 'string' ? [names] : (names ?? []);
}

/** Every ISO 3166-1 alpha-2 code the back-office knows a name for. */
export const COUNTRY_CODES: readonly string[] = Object.keys(COUNTRY_NAMES);

// Where the library's second name is not the one people read: an abbreviation ("UK", "UAE"), an
// inverted official form ("Korea, Republic of"), or one name for two countries ("Congo" for both
// Brazzaville's and Kinshasa's). Each name shown must be a country's alone (format.test.ts).
const DISPLAY_NAMES: Readonly<Record<string, string>> = {
  AE: 'United Arab Emirates',
  CD: 'DR Congo',
  CG: 'Congo (Brazzaville)',
  GB: 'United Kingdom',
  KR: 'South Korea',
};

/**
 * "DE" -> "Germany"; the short common name where the official one is long-winded ("US" ->
 * "United States"). An unknown code is shown as it is.
 */
export function countryName(code: string): string {
  const names = namesOf(code);
  if (names.length === 0) return code;
  return DISPLAY_NAMES[code] ?? names[1] ?? names[0] ?? code;
}

/** A country's name as lists sort it: "The Gambia" under G, "Åland Islands" under A. */
function sortingName(name: string): string {
  return name.replace(/^the\s+/i, '');
}

let choices: readonly { code: string; name: string }[] | undefined;

/**
 * Every country as a choice, code and name, in the order people look for it: by name, a leading
 * "The" aside. Built on first use, as most pages that format a date list no country.
 */
export function countryChoices(): readonly { code: string; name: string }[] {
  choices ??= COUNTRY_CODES.map((code) => ({ code, name: countryName(code) })).sort((a, b) =>
    sortingName(a.name).localeCompare(sortingName(b.name), 'en'),
  );
  return choices;
}

/**
 * Every English name of a country, official one first ("GB" -> United Kingdom, UK, Great Britain),
 * and the one shown if it is none of them ("DR Congo"), for searching.
 */
export function countryNames(code: string): readonly string[] {
  const names = namesOf(code);
  const shown = DISPLAY_NAMES[code];
  return shown && !names.includes(shown) ? [...names, shown] : names;
}

// ---------------------------------------------------------------- the wallet's own shapes

/** "852-91234567" -> "+852 91234567", as dialled. */
export function formatMobile(mobile: string): string {
  const match = /^(\d{1,4})-(\d+)$/.exec(mobile);
  return match ? `+${match[1]} ${match[2]}` : mobile;
}

/** ("8", "2029") -> "08/2029", as printed on a card; empty when either part is missing. */
export function formatExpiry(month: string, year: string): string {
  return month && year ? `${month.padStart(2, '0')}/${year}` : '';
}
