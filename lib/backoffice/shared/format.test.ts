import { describe, expect, it } from 'vitest';
import {
  formatDecimalText,
  COUNTRY_CODES,
  countryChoices,
  countryName,
  countryNames,
  formatCount,
  formatDate,
  formatDateTime,
  formatDateTimeAt,
  formatExpiry,
  formatMobile,
  formatMoney,
} from './format';

describe('formatMoney', () => {
  it('writes a major-unit amount with its currency, at its decimal places', () => {
    expect(formatMoney(100000, 'USD', 2)).toBe('$100,000.00');
    expect(formatMoney(0.1, 'USD', 2)).toBe('$0.10');
    expect(formatMoney(12.5, 'EUR', 2)).toBe('€12.50');
  });

  it('falls back to the code for a currency Intl does not know', () => {
    expect(formatMoney(1.5, 'USDT', 6)).toBe('1.500000 USDT');
  });

  it('writes a change of balance with its sign when asked', () => {
    expect(formatMoney(25, 'USD', 2, { signed: true })).toBe('+$25.00');
    expect(formatMoney(-1234.5, 'USD', 2, { signed: true })).toBe('-$1,234.50');
    expect(formatMoney(-1234.5, 'USD', 2)).toBe('-$1,234.50');
    expect(formatMoney(1.5, 'USDT', 6, { signed: true })).toBe('+1.500000 USDT');
  });
});

describe('formatCount', () => {
  it('groups thousands', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(1234567)).toBe('1,234,567');
  });
});

describe('dates', () => {
  it('writes a date-time in UTC, to the minute', () => {
    expect(formatDateTime('2026-11-23T14:05:09.000Z')).toBe('23 Nov 2026, 14:05 UTC');
    expect(formatDateTime('2026-01-02T23:59:30.000Z')).toBe('2 Jan 2026, 23:59 UTC');
    // Another zone's offset is converted, not kept.
    expect(formatDateTime('2026-05-01T01:30:00+02:00')).toBe('30 Apr 2026, 23:30 UTC');
    expect(formatDateTime(new Date(Date.UTC(2026, 6, 4, 0, 0)))).toBe('4 Jul 2026, 00:00 UTC');
  });

  it('writes every month with three letters, whatever the runtime locale data says', () => {
    expect(formatDateTime('2026-09-05T04:03:00Z')).toBe('5 Sep 2026, 04:03 UTC');
    expect(
      Array.from({ length: 12 }, (_, m) => formatDate(new Date(Date.UTC(2026, m, 1))).split(' ')[1]),
    ).toEqual(['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']);
  });

  it('adds seconds when asked', () => {
    expect(formatDateTime('2026-11-23T14:05:09.000Z', { seconds: true })).toBe('23 Nov 2026, 14:05:09 UTC');
  });

  it("writes the viewer's time with its offset, and UTC's as formatDateTime does", () => {
    expect(formatDateTimeAt('2026-11-23T14:05:09.000Z', 0)).toBe('23 Nov 2026, 14:05 UTC');
    expect(formatDateTimeAt('2026-11-23T14:05:09.000Z', 60)).toBe('23 Nov 2026, 15:05 UTC+1');
    expect(formatDateTimeAt('2026-11-23T20:05:09.000Z', 330, { seconds: true })).toBe(
      '24 Nov 2026, 01:35:09 UTC+5:30',
    );
    expect(formatDateTimeAt('2026-11-23T02:05:00.000Z', -300)).toBe('22 Nov 2026, 21:05 UTC-5');
    expect(formatDateTimeAt('not a date', 60)).toBe('not a date');
  });

  it('writes a date alone as its UTC day', () => {
    expect(formatDate('2026-01-02T23:59:30.000Z')).toBe('2 Jan 2026');
    expect(formatDate('2026-01-02T23:30:00-02:00')).toBe('3 Jan 2026');
  });

  it('shows a value that is no date as it came', () => {
    expect(formatDateTime('not a date')).toBe('not a date');
    expect(formatDate('')).toBe('');
  });
});

describe('countries', () => {
  it('names a country by its short common name', () => {
    expect(countryName('DE')).toBe('Germany');
    expect(countryName('US')).toBe('United States');
    expect(countryName('HK')).toBe('Hong Kong');
    expect(countryName('SE')).toBe('Sweden');
  });

  it('names each country apart, in words people read', () => {
    expect(countryName('GB')).toBe('United Kingdom');
    expect(countryName('AE')).toBe('United Arab Emirates');
    expect(countryName('KR')).toBe('South Korea');
    expect(countryName('CG')).toBe('Congo (Brazzaville)');
    expect(countryName('CD')).toBe('DR Congo');
    const names = COUNTRY_CODES.map(countryName);
    expect(names.filter((name, i) => names.indexOf(name) !== i)).toEqual([]);
  });

  it('lists every country once, by name with a leading "The" aside', () => {
    const names = countryChoices().map((c) => c.name);
    expect(names).toHaveLength(250);
    expect(names.slice(names.indexOf('Gabon'), names.indexOf('Gabon') + 3)).toEqual([
      'Gabon',
      'The Gambia',
      'Georgia',
    ]);
    expect(names.slice(names.indexOf('The Netherlands') - 1, names.indexOf('The Netherlands') + 2)).toEqual([
      'Nepal',
      'The Netherlands',
      'New Caledonia',
    ]);
    expect(
      names.slice(names.indexOf('United Arab Emirates'), names.indexOf('United Arab Emirates') + 3),
    ).toEqual(['United Arab Emirates', 'United Kingdom', 'United States']);
    expect(countryChoices().find((c) => c.name === 'United Kingdom')?.code).toBe('GB');
  });

  it('finds a country by the name it is shown under', () => {
    expect(countryNames('CD')).toContain('DR Congo');
    expect(countryNames('GB')).toEqual(['United Kingdom', 'UK', 'Great Britain']);
  });

  it('shows an unknown code as it is', () => {
    expect(countryName('XX')).toBe('XX');
    expect(countryName('constructor')).toBe('constructor');
  });

  it('knows every name of a country, for searching', () => {
    expect(countryNames('US')).toEqual([
      'United States of America',
      'United States',
      'USA',
      'U.S.A.',
      'US',
      'U.S.',
    ]);
    expect(countryNames('FR')).toEqual(['France']);
    expect(countryNames('XX')).toEqual([]);
  });

  it('covers all 250 ISO 3166-1 alpha-2 codes', () => {
    expect(COUNTRY_CODES).toHaveLength(250);
    expect(COUNTRY_CODES).toContain('DE');
  });
});

describe("the wallet's own shapes", () => {
  it('writes a mobile number as dialled', () => {
    expect(formatMobile('852-91234567')).toBe('+852 91234567');
    expect(formatMobile('91234567')).toBe('91234567');
  });

  it('writes an expiry as MM/YYYY', () => {
    expect(formatExpiry('8', '2029')).toBe('08/2029');
    expect(formatExpiry('12', '2030')).toBe('12/2030');
    expect(formatExpiry('', '2030')).toBe('');
  });
});

describe('formatDecimalText', () => {
  it('keeps every decimal the text has, and at least the minimum', () => {
    expect(formatDecimalText('1000', 'USD', 2)).toBe('$1,000.00');
    expect(formatDecimalText('1000.5', 'USD', 2)).toBe('$1,000.50');
    expect(formatDecimalText('1000.500001', 'USD', 2)).toBe('$1,000.500001');
    expect(formatDecimalText(' 25 ', 'USD', 0)).toBe('$25');
  });
});
