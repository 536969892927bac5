import { describe, expect, it } from 'vitest';
import { amountParam } from './schemas';
import {
  compareAmounts,
  affordableCount,
  amountTextRule,
  decimalToMinor,
  formatMinor,
  majorToMinor,
  minorToMajor,
} from './money';

describe('minorToMajor', () => {
  it.each([
    [0, 2, 0],
    [5, 2, 0.05],
    [50, 2, 0.5],
    [100, 2, 1],
    [12345, 2, 123.45],
    [10_000_000, 2, 100000],
    [-5, 2, -0.05],
    [-12345, 2, -123.45],
    [12345, 0, 12345],
    [-7, 0, -7],
    [0, 0, 0],
    [1, 6, 0.000001],
    [1_234_567, 6, 1.234567],
    [123_456_789_012, 6, 123456.789012],
    [-1_000_000, 6, -1],
    [9_007_199_254_740_991, 2, 90071992547409.91],
  ])('(%d, %d) -> %d', (minor, decimals, major) => {
    expect(minorToMajor(minor, decimals)).toBe(major);
  });

  it('gives the exact decimal, not a float sum (0.1 + 0.2 style errors)', () => {
    // 0.29 * 100 !== 29 in floats; the conversion must not multiply or divide.
    expect(minorToMajor(29, 2)).toBe(0.29);
    expect(String(minorToMajor(30, 2))).toBe('0.3');
    expect(JSON.stringify({ balance: minorToMajor(100_000_000, 2) })).toBe('{"balance":1000000}');
    expect(JSON.stringify({ balance: minorToMajor(1999, 2) })).toBe('{"balance":19.99}');
  });

  it('never yields negative zero', () => {
    expect(Object.is(minorToMajor(0, 2), 0)).toBe(true);
    expect(Object.is(minorToMajor(-0, 2), 0)).toBe(true);
  });

  it('refuses a non-integer or unsafe amount', () => {
    expect(() => minorToMajor(1.5, 2)).toThrow(RangeError);
    expect(() => minorToMajor(Number.NaN, 2)).toThrow(RangeError);
    expect(() => minorToMajor(Number.POSITIVE_INFINITY, 2)).toThrow(RangeError);
    expect(() => minorToMajor(2 ** 53, 2)).toThrow(RangeError);
  });
});

describe('formatMinor', () => {
  it.each([
    [0, 2, '0.00'],
    [5, 2, '0.05'],
    [50, 2, '0.50'],
    [100, 2, '1.00'],
    [12345, 2, '123.45'],
    [-5, 2, '-0.05'],
    [-12345, 2, '-123.45'],
    [12345, 0, '12345'],
    [-3, 0, '-3'],
    [1, 6, '0.000001'],
    [1_000_000, 6, '1.000000'],
    [10_000_000, 2, '100000.00'],
  ])('(%d, %d) -> %s', (minor, decimals, text) => {
    expect(formatMinor(minor, decimals)).toBe(text);
  });
});

describe('affordableCount', () => {
  it.each([
    [0, 500, 0],
    [499, 500, 0],
    [500, 500, 1],
    [999, 500, 1],
    [1000, 500, 2],
    [10_000_000, 500, 20_000],
    [10_000_000, 5000, 2000],
    [10_000_000, 3, 3_333_333],
  ])('balance %d, fee %d -> %d', (balance, fee, count) => {
    expect(affordableCount(balance, fee)).toBe(count);
  });

  it('is unlimited for a free card', () => {
    expect(affordableCount(0, 0)).toBe(Number.POSITIVE_INFINITY);
    expect(affordableCount(100, 0)).toBe(Number.POSITIVE_INFINITY);
  });
});

describe('majorToMinor', () => {
  it.each([
    [100000, 2, 10000000],
    [100000.5, 2, 10000050],
    [10.3, 2, 1030],
    [0.1, 2, 10],
    [0.000001, 6, 1],
    [7, 0, 7],
  ])('%s at %s decimals is %s minor units', (major, dp, minor) => {
    expect(majorToMinor(major, dp)).toBe(minor);
  });

  it('counts 0.30 / 0.10 as 3 whole fees, which float division gets wrong', () => {
    expect(Math.floor(0.3 / 0.1)).toBe(2);
    expect(affordableCount(majorToMinor(0.3, 2), majorToMinor(0.1, 2))).toBe(3);
  });
});

describe('decimalToMinor', () => {
  it('reads whole and decimal strings into minor units without floats', () => {
    expect(decimalToMinor('25', 2)).toBe(2500);
    expect(decimalToMinor('25.5', 2)).toBe(2550);
    expect(decimalToMinor('0.07', 2)).toBe(7);
    expect(decimalToMinor('1000.00', 2)).toBe(100000);
    expect(decimalToMinor('0.1', 0)).toBeUndefined();
    expect(decimalToMinor('7', 0)).toBe(7);
    expect(decimalToMinor('90071992547409.93', 2)).toBeUndefined();
  });

  it('refuses more decimals than the asset has, and anything that is not a plain decimal', () => {
    expect(decimalToMinor('1.234', 2)).toBeUndefined();
    for (const bad of ['', '.5', '1.', '-1', '1e3', ' 1', '1,00', 'abc']) {
      expect(decimalToMinor(bad, 2), bad).toBeUndefined();
    }
  });
});

describe('amountTextRule', () => {
  it('is the contract amount rule without zod: the same verdict and words as amountParam', () => {
    const values = [
      '25.00',
      '0.01',
      '1',
      '999999999999999',
      '0',
      '0.00',
      '-1',
      '1,00',
      '1.1234567',
      '',
      ' 1',
      '1e3',
      'abc',
      '01',
    ];
    for (const value of values) {
      const parsed = amountParam.safeParse(value);
      expect(amountTextRule(value), value).toBe(parsed.success ? undefined : parsed.error.issues[0]?.message);
    }
    expect(amountTextRule('0')).toBe('must be more than 0');
    expect(amountTextRule('1,00')).toBe('must be a decimal amount in major units, e.g. 25.00');
  });
});

describe('compareAmounts', () => {
  it('compares amounts exactly, strings and API numbers alike', () => {
    expect(compareAmounts('1000.00', '1000')).toBe(0);
    expect(compareAmounts(999.99, '1000.00')).toBe(-1);
    expect(compareAmounts('1000.000001', 1000)).toBe(1);
    expect(compareAmounts('123456789012345.5', '123456789012345.499999')).toBe(1);
    expect(compareAmounts(0.1 + 0.2, '0.3')).toBe(0);
  });

  it('is exact past six decimals and past 2^53 minor units', () => {
    expect(compareAmounts('1000.5000001', '1000.5')).toBe(1);
    expect(compareAmounts('90071992547409.91', '90071992547409.910')).toBe(0);
    expect(compareAmounts('-1', '0')).toBe(-1);
    expect(() => compareAmounts('1,000', '0')).toThrow(RangeError);
  });
});
