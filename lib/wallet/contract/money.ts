// Money conversion between stored minor units (integers) and the API's major-unit numbers.
// Only integer arithmetic touches amounts; the float appears once, at the JSON edge.

/** 12345 minor units at 2 decimals -> 123.45 (a JSON number with at most `decimalPlaces` decimals). */
export function minorToMajor(minor: number, decimalPlaces: number): number {
  if (!Number.isSafeInteger(minor)) throw new RangeError('minor amount must be a safe integer');
  if (decimalPlaces === 0) return minor;
  const negative = minor < 0;
  const digits = Math.abs(minor)
    .toString()
    .padStart(decimalPlaces + 1, '0');
  const text = `${digits.slice(0, -decimalPlaces)}.${digits.slice(-decimalPlaces)}`;
  return Number(negative ? `-${text}` : text);
}

/** Formats minor units as a fixed-decimal string, e.g. (12345, 2) -> "123.45". */
export function formatMinor(minor: number, decimalPlaces: number): string {
  if (decimalPlaces === 0) return minor.toString();
  const negative = minor < 0;
  const digits = Math.abs(minor)
    .toString()
    .padStart(decimalPlaces + 1, '0');
  return `${negative ? '-' : ''}${digits.slice(0, -decimalPlaces)}.${digits.slice(-decimalPlaces)}`;
}

/** How many whole fees a balance pays for (both in minor units). */
export function affordableCount(balanceMinor: number, feeMinor: number): number {
  if (feeMinor <= 0) return Number.POSITIVE_INFINITY;
  return Math.floor(balanceMinor / feeMinor);
}

/** A major-unit amount from the API (e.g. 100000.5) as integer minor units (10000050). */
export function majorToMinor(major: number, decimalPlaces: number): number {
  const minor = Math.round(major * 10 ** decimalPlaces);
  if (!Number.isSafeInteger(minor)) throw new RangeError('amount is out of range');
  return minor;
}

/**
 * A decimal string in major units ("25", "25.5", "25.50") as integer minor units, by string
 * arithmetic only; undefined when it has more decimals than the asset has, or is out of range.
 */
export function decimalToMinor(amount: string, decimalPlaces: number): number | undefined {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(amount);
  if (!match) return undefined;
  const [, whole = '', fraction = ''] = match;
  if (fraction.length > decimalPlaces) return undefined;
  const minor = Number(`${whole}${fraction.padEnd(decimalPlaces, '0')}`);
  return Number.isSafeInteger(minor) ? minor : undefined;
}

/** An amount in major units as the contract writes it: digits, a point and at most six decimals. */
export const AMOUNT_PATTERN = /^(?:0|[1-9]\d{0,14})(?:\.\d{1,6})?$/;
export const AMOUNT_FORMAT_RULE = 'must be a decimal amount in major units, e.g. 25.00';
export const AMOUNT_POSITIVE_RULE = 'must be more than 0';

/**
 * The contract's rule for an amount typed as text (schemas.ts's amountParam is built from it),
 * without zod, so a dialog can check an amount as it is typed: the rule it breaks, or undefined.
 */
export function amountTextRule(text: string): string | undefined {
  if (!AMOUNT_PATTERN.test(text)) return AMOUNT_FORMAT_RULE;
  if (!/[1-9]/.test(text)) return AMOUNT_POSITIVE_RULE;
  return undefined;
}

/** A decimal amount as sign, whole digits and fraction digits; API numbers are read at 6 decimals. */
function decimalParts(amount: string | number): { negative: boolean; whole: string; fraction: string } {
  const text = typeof amount === 'number' ? amount.toFixed(6) : amount.trim();
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) throw new RangeError(`not a decimal amount: ${text}`);
  const [, sign = '', whole = '0', fraction = ''] = match;
  return { negative: sign === '-', whole, fraction };
}

/**
 * -1, 0 or 1 as a < b, a = b, a > b: decimal strings in major units or the API's major-unit
 * numbers, compared exactly at the finer of the two precisions, as whole numbers (BigInt: a
 * 15-digit amount with 6 decimals passes 2^53). The one comparison of amounts: the approval
 * policy's thresholds, the dashboard's low-balance threshold.
 */
export function compareAmounts(a: string | number, b: string | number): -1 | 0 | 1 {
  const [x, y] = [decimalParts(a), decimalParts(b)];
  const scale = Math.max(x.fraction.length, y.fraction.length);
  const exact = (p: typeof x) =>
    (p.negative ? -1n : 1n) * BigInt(`${p.whole}${p.fraction.padEnd(scale, '0')}`);
  const [u, v] = [exact(x), exact(y)];
  return u < v ? -1 : u > v ? 1 : 0;
}
