import { describe, expect, it } from 'vitest';
import { cardExpired } from './decide';
import { lastMonth } from './expire-card';

describe('simulate/expireCard', () => {
  it("sets last month, across a year's start, which is expired now", () => {
    expect(lastMonth(new Date('2026-11-28T12:00:00.000Z'))).toEqual({
      expireMonth: '10',
      expireYear: '2026',
    });
    expect(lastMonth(new Date('2027-01-01T00:00:00.000Z'))).toEqual({
      expireMonth: '12',
      expireYear: '2026',
    });
    const now = new Date('2027-01-01T00:00:00.000Z');
    const { expireMonth, expireYear } = lastMonth(now);
    expect(cardExpired(expireMonth, expireYear, now)).toBe(true);
  });
});
