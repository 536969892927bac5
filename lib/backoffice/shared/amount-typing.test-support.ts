// Amounts as people type them, for the property tests of whatever reads a typed amount
// (amount-input.test.ts, card-programme-forms.test.ts): a whole part grouped by commas, spaces or
// nothing, an optional point and up to six decimals, with or without "$", "US$", "USD" around it,
// and every prefix of it: what the field holds key by key, or after back-spacing.
import fc from 'fast-check';

/** One typed amount and the decimal string it means ("$1,500.50" -> "1500.50"). */
export type TypedAmount = { typed: string; amount: string };

const group = (whole: string, separator: string): string =>
  separator === '' ? whole : whole.replace(/\B(?=(\d{3})+(?!\d))/g, separator);

export const typedAmount: fc.Arbitrary<TypedAmount> = fc
  .record({
    whole: fc.bigInt({ min: 0n, max: 10n ** 15n - 1n }),
    separator: fc.constantFrom('', ',', ' '),
    point: fc.boolean(),
    fraction: fc.string({ unit: fc.constantFrom(...'0123456789'), maxLength: 6 }),
    currency: fc.constantFrom(
      { before: '', after: '' },
      { before: '$', after: '' },
      { before: '$ ', after: '' },
      { before: 'US$', after: '' },
      { before: 'USD ', after: '' },
      { before: '', after: ' USD' },
      { before: '', after: 'USD' },
    ),
  })
  .filter(({ whole, fraction }) => whole > 0n || /[1-9]/.test(fraction))
  .map(({ whole, separator, point, fraction, currency: { before, after } }) => {
    const decimals = point || fraction !== '' ? `.${fraction}` : '';
    return {
      typed: `${before}${group(whole.toString(), separator)}${decimals}${after}`,
      amount: fraction === '' ? whole.toString() : `${whole}.${fraction}`,
    };
  });

/** Every text the field holds while `typed` is typed key by key (and back-spaced): its prefixes. */
export function prefixesOf(typed: string): string[] {
  return Array.from({ length: typed.length + 1 }, (_, i) => typed.slice(0, i));
}
