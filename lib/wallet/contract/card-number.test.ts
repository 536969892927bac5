import { describe, expect, it } from 'vitest';
import { generateCardNumber, luhnCheckDigit, luhnValid } from './card-number';

describe('luhnValid', () => {
  it.each([
    '4111111111111111', // Visa test number
    '4012888888881881',
    '5555555555554444', // Mastercard test number
    '5105105105105100',
    '378282246310005', // Amex, 15 digits
    '6011111111111117', // Discover
    '4222222222222', // 13 digits
  ])('%s is valid', (number) => {
    expect(luhnValid(number)).toBe(true);
  });

  it.each([
    '4111111111111112', // last digit off
    '4111111111111121', // two digits swapped
    '5555555555554440',
    '1234567812345678',
    '378282246310006',
  ])('%s is invalid', (number) => {
    expect(luhnValid(number)).toBe(false);
  });

  it.each([
    ['', 'empty', false],
    ['79927398713', '11 digits, Luhn-valid but too short', false],
    ['000000000000', '12 zeros: the shortest accepted length', true],
    ['4111 1111 1111 1111', 'spaces', false],
    ['4111-1111-1111-1111', 'dashes', false],
    ['41111111111111111111', '20 digits', false],
    ['４１１１１１１１１１１１１１１１', 'full-width digits', false],
    ['411111111111111a', 'a letter', false],
  ])('%s (%s) -> %s', (number, _label, valid) => {
    expect(luhnValid(number)).toBe(valid);
  });

  it('accepts 19 digits when the check digit fits', () => {
    const body = '453201123456789012';
    expect(luhnValid(body + luhnCheckDigit(body))).toBe(true);
  });
});

describe('luhnCheckDigit', () => {
  it('computes the known check digits', () => {
    expect(luhnCheckDigit('411111111111111')).toBe('1');
    expect(luhnCheckDigit('555555555555444')).toBe('4');
    expect(luhnCheckDigit('510510510510510')).toBe('0');
  });
});

describe('generateCardNumber', () => {
  it.each(['453201', '522233', '455676', '545454'])(
    '200 draws under BIN %s: 16 digits, BIN prefix, Luhn-valid',
    (bin) => {
      const seen = new Set<string>();
      for (let i = 0; i < 200; i++) {
        const number = generateCardNumber(bin);
        expect(number).toMatch(/^\d{16}$/);
        expect(number.startsWith(bin)).toBe(true);
        expect(luhnValid(number)).toBe(true);
        seen.add(number);
      }
      // 9 random digits: 200 draws colliding more than once would mean the digits are not random.
      expect(seen.size).toBeGreaterThanOrEqual(199);
    },
  );

  it('fills every random position with every digit over many draws', () => {
    const digitsAt = Array.from({ length: 9 }, () => new Set<string>());
    for (let i = 0; i < 500; i++) {
      const number = generateCardNumber('400000');
      for (let p = 0; p < 9; p++) digitsAt[p]!.add(number[6 + p]!);
    }
    for (const set of digitsAt) expect(set.size).toBe(10);
  });
});
