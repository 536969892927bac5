import { describe, expect, it } from 'vitest';
import type { AssetDay } from '@/lib/wallet/contract/schemas';
import {
  assetRunway,
  isUnderThreshold,
  runwayAt,
  spendPerDay,
  spendRate,
  toRunwayDays,
  type RunwayDay,
} from './asset-runway';

const MAX = Number.MAX_SAFE_INTEGER;

/** n days, oldest first, spending `spent[i]` minor units on day i (the last day is today). */
const days = (spent: readonly number[], closingMinor = 0): RunwayDay[] =>
  spent.map((spentMinor, i) => ({
    date: `2026-11-${String(i + 1).padStart(2, '0')}`,
    spentMinor,
    receivedMinor: 0,
    closingMinor,
  }));

describe('toRunwayDays', () => {
  const day = (spent: number, received: number, closingBalance: number): AssetDay => ({
    date: '2026-11-24',
    spent,
    received,
    closingBalance,
  });

  it('converts major units to integer minor units at the asset decimals (0, 2, 6)', () => {
    expect(toRunwayDays([day(5, 0, 100)], 0)).toEqual([
      { date: '2026-11-24', spentMinor: 5, receivedMinor: 0, closingMinor: 100 },
    ]);
    // 0.1 + 0.2 style values arrive as the JSON numbers the wallet wrote: exact cents.
    expect(toRunwayDays([day(15.25, 0.3, 84.75)], 2)).toEqual([
      { date: '2026-11-24', spentMinor: 1525, receivedMinor: 30, closingMinor: 8475 },
    ]);
    expect(toRunwayDays([day(0.000001, 400.000003, 1.1)], 6)).toEqual([
      { date: '2026-11-24', spentMinor: 1, receivedMinor: 400_000_003, closingMinor: 1_100_000 },
    ]);
  });

  it('refuses an amount beyond the safe integers, or negative', () => {
    expect(() => toRunwayDays([day(1e14, 0, 0)], 6)).toThrow(RangeError);
    expect(() => toRunwayDays([day(-1, 0, 0)], 2)).toThrow(RangeError);
  });
});

describe('spendPerDay (rounded up to a whole minor unit)', () => {
  it('divides exactly when it can, and rounds any remainder up', () => {
    expect(spendPerDay(0, 7)).toBe(0);
    expect(spendPerDay(700, 7)).toBe(100);
    expect(spendPerDay(701, 7)).toBe(101);
    expect(spendPerDay(706, 7)).toBe(101);
    expect(spendPerDay(1, 7)).toBe(1);
    expect(spendPerDay(1, 30)).toBe(1);
    expect(spendPerDay(29, 30)).toBe(1);
    expect(spendPerDay(31, 30)).toBe(2);
  });

  it('stays exact at the edge of the safe integers', () => {
    // MAX = 2^53 - 1 = 7 * 1286742750677284 + 3 = 30 * 300239975158033 + 1
    expect(spendPerDay(MAX, 7)).toBe(1_286_742_750_677_285);
    expect(spendPerDay(MAX, 30)).toBe(300_239_975_158_034);
    expect(spendPerDay(MAX - 3, 7)).toBe(1_286_742_750_677_284);
    for (const [a, b] of [
      [MAX, 7],
      [MAX, 30],
      [MAX - 1, 30],
      [MAX - 29, 30],
    ] as const) {
      const exact = (BigInt(a) + BigInt(b) - 1n) / BigInt(b);
      expect(BigInt(spendPerDay(a, b))).toBe(exact);
    }
  });

  it('refuses what is not a safe non-negative integer, and an empty window', () => {
    expect(() => spendPerDay(MAX + 1, 7)).toThrow(RangeError);
    expect(() => spendPerDay(-1, 7)).toThrow(RangeError);
    expect(() => spendPerDay(1.5, 7)).toThrow(RangeError);
    expect(() => spendPerDay(1, 0)).toThrow(RangeError);
  });
});

describe('runwayAt = floor(balance / perDay)', () => {
  it('is null when nothing is spent ("no spend"), 0 for an empty balance', () => {
    expect(runwayAt(100_000, 0)).toBeNull();
    expect(runwayAt(0, 0)).toBeNull();
    expect(runwayAt(0, 1)).toBe(0);
    expect(runwayAt(99, 100)).toBe(0);
    expect(runwayAt(100, 100)).toBe(1);
    expect(runwayAt(8625, 15)).toBe(575);
    expect(runwayAt(1, 1)).toBe(1);
  });

  it('is exact near the safe limit', () => {
    expect(runwayAt(MAX, 1)).toBe(MAX);
    expect(runwayAt(MAX, 2)).toBe(4_503_599_627_370_495);
    expect(runwayAt(MAX, MAX)).toBe(1);
    expect(runwayAt(MAX - 1, MAX)).toBe(0);
    expect(() => runwayAt(MAX + 1, 1)).toThrow(RangeError);
  });
});

describe('spendRate over the last N days', () => {
  it('sums only the window, and divides by its length', () => {
    // 30 days: 100 on the first day, 7 on each of the last 7 days.
    const month = days([100, ...Array<number>(22).fill(0), ...Array<number>(7).fill(7)]);
    expect(spendRate(month, 7, 1000)).toEqual({ days: 7, spentMinor: 49, perDayMinor: 7, runwayDays: 142 });
    // (100 + 49) / 30 = 4.97 -> 5 a day; 1000 / 5 = 200 days.
    expect(spendRate(month, 30, 1000)).toEqual({
      days: 30,
      spentMinor: 149,
      perDayMinor: 5,
      runwayDays: 200,
    });
  });

  it('a single minor unit spent is a rate of 1 a day', () => {
    expect(spendRate(days([0, 0, 0, 0, 0, 0, 1]), 7, 500)).toEqual({
      days: 7,
      spentMinor: 1,
      perDayMinor: 1,
      runwayDays: 500,
    });
  });

  it('zero spend: no rate, no runway figure', () => {
    expect(spendRate(days(Array<number>(30).fill(0)), 30, 123_456)).toEqual({
      days: 30,
      spentMinor: 0,
      perDayMinor: 0,
      runwayDays: null,
    });
  });

  it('with fewer days than the window, the missing days spent nothing', () => {
    expect(spendRate(days([70]), 7, 100)).toEqual({
      days: 7,
      spentMinor: 70,
      perDayMinor: 10,
      runwayDays: 10,
    });
  });

  it('refuses a total that leaves the safe integers', () => {
    expect(() => spendRate(days([MAX, 1]), 7, 0)).toThrow(RangeError);
    expect(spendRate(days([MAX - 1, 1]), 7, 0)).toMatchObject({ spentMinor: MAX, runwayDays: 0 });
  });
});

describe('isUnderThreshold', () => {
  it("compares the balance with the threshold exactly; '0' never warns", () => {
    expect(isUnderThreshold(99_999, 2, '1000.00')).toBe(true);
    expect(isUnderThreshold(100_000, 2, '1000.00')).toBe(false);
    expect(isUnderThreshold(100_000, 2, '1000')).toBe(false);
    expect(isUnderThreshold(0, 2, '0')).toBe(false);
    expect(isUnderThreshold(0, 2, '0.00')).toBe(false);
    expect(isUnderThreshold(0, 2, '0.01')).toBe(true);
  });

  it('at decimals 0, 2 and 6, a threshold finer than the asset included', () => {
    expect(isUnderThreshold(999, 0, '1000')).toBe(true);
    expect(isUnderThreshold(1000, 0, '1000')).toBe(false);
    // 1000 whole units is not under 1000.5; 1001 is not either.
    expect(isUnderThreshold(1000, 0, '1000.5')).toBe(true);
    expect(isUnderThreshold(1001, 0, '1000.5')).toBe(false);
    expect(isUnderThreshold(100_050, 2, '1000.500001')).toBe(true);
    expect(isUnderThreshold(100_051, 2, '1000.500001')).toBe(false);
    expect(isUnderThreshold(1_000_499_999, 6, '1000.5')).toBe(true);
    expect(isUnderThreshold(1_000_500_000, 6, '1000.5')).toBe(false);
  });

  it('handles thresholds past 2^53 minor units, and ignores what is not a decimal', () => {
    expect(isUnderThreshold(MAX, 6, '999999999999999.999999')).toBe(true);
    expect(isUnderThreshold(MAX, 2, '90071992547409.91')).toBe(false);
    expect(isUnderThreshold(MAX, 2, '90071992547409.92')).toBe(true);
    expect(isUnderThreshold(5, 2, '1,000')).toBe(false);
    expect(isUnderThreshold(5, 2, '')).toBe(false);
    expect(isUnderThreshold(5, 2, '-1')).toBe(false);
  });
});

describe('assetRunway', () => {
  it('gives the 7- and 30-day rates and the low-balance flag', () => {
    const month = days([...Array<number>(23).fill(300), ...Array<number>(7).fill(1525)]);
    expect(
      assetRunway({ days: month, balanceMinor: 8625, decimalPlaces: 2, lowBalanceThreshold: '1000.00' }),
    ).toEqual({
      balanceMinor: 8625,
      rates: [
        { days: 7, spentMinor: 10_675, perDayMinor: 1525, runwayDays: 5 },
        // 23 * 300 + 10675 = 17575; / 30 = 585.83 -> 586; 8625 / 586 = 14.7 -> 14
        { days: 30, spentMinor: 17_575, perDayMinor: 586, runwayDays: 14 },
      ],
      lowBalance: true,
    });
  });

  it('an asset that spent nothing and holds nothing: no rate, warned unless the threshold is 0', () => {
    const quiet = days(Array<number>(30).fill(0));
    const none = { days: 7, spentMinor: 0, perDayMinor: 0, runwayDays: null };
    expect(assetRunway({ days: quiet, balanceMinor: 0, decimalPlaces: 2, lowBalanceThreshold: '0' })).toEqual(
      {
        balanceMinor: 0,
        rates: [none, { ...none, days: 30 }],
        lowBalance: false,
      },
    );
    expect(
      assetRunway({ days: quiet, balanceMinor: 0, decimalPlaces: 2, lowBalanceThreshold: '1000.00' })
        .lowBalance,
    ).toBe(true);
  });
});
