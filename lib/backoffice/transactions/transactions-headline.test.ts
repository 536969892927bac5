import { describe, expect, it } from 'vitest';
import { headlineOf } from './transactions-headline';

const a = (status: string, amount: number, currency = 'USD') =>
  ({ status, amount, currency }) as Parameters<typeof headlineOf>[0][number];

describe('the headline figures of a filter', () => {
  it('counts every purchase, sums the approved ones per currency exactly, and rates approvals', () => {
    expect(
      headlineOf([a('CLEARED', 0.1), a('PENDING', 0.2), a('DECLINED', 99), a('REVERSED', 5, 'EUR')], false),
    ).toEqual({
      count: 4,
      capped: false,
      approved: 3,
      approvedAmounts: [
        { currency: 'EUR', amount: 5 },
        { currency: 'USD', amount: 0.3 },
      ],
      approvalRate: 0.75,
    });
    expect(headlineOf([], true)).toEqual({
      count: 0,
      capped: true,
      approved: 0,
      approvedAmounts: [],
      approvalRate: null,
    });
  });
});
