import { describe, expect, it } from 'vitest';
import {
  mergeDeltas,
  summaryDeltas,
  summaryUpsert,
  summaryUpsertValues,
  type SummaryPlace,
} from './summary-totals';
import { approvalRate, summaryOf } from './summarize-authorizations';

const place: SummaryPlace = {
  appId: 1,
  cardId: 13,
  createdAt: new Date('2026-03-04T23:59:59.999Z'),
  currency: 'USD',
  decimalPlaces: 2,
};
const pending = { status: 'PENDING', declineReason: null, amount: 1000, held: 1000, cleared: 0, refunded: 0 };

describe('summaryDeltas', () => {
  it('a new authorization adds one to its row: its UTC day, shard card id % 8', () => {
    expect(summaryDeltas(place, null, pending)).toEqual([
      {
        appId: 1,
        day: '2026-03-04',
        currency: 'USD',
        decimalPlaces: 2,
        status: 'PENDING',
        declineReason: '',
        shard: 5,
        count: 1,
        amount: 1000,
        held: 1000,
        cleared: 0,
        refunded: 0,
      },
    ]);
  });

  it('a declined one counts but holds no amount', () => {
    const [row] = summaryDeltas(place, null, {
      ...pending,
      status: 'DECLINED',
      declineReason: 'MCC_BLOCKED',
      held: 0,
    });
    expect(row).toMatchObject({ count: 1, amount: 0, declineReason: 'MCC_BLOCKED' });
  });

  it('a clear moves the authorization from PENDING to CLEARED: two rows, sorted, in one write', () => {
    const rows = mergeDeltas(
      summaryDeltas(place, pending, { ...pending, status: 'CLEARED', held: 0, cleared: 1200 }),
    );
    expect(rows.map((r) => [r.status, r.count, r.amount, r.held, r.cleared])).toEqual([
      ['CLEARED', 1, 1000, 0, 1200],
      ['PENDING', -1, -1000, -1000, 0],
    ]);
  });

  it('a change within one status is one row of the difference; nothing changed, no row', () => {
    const rows = mergeDeltas(summaryDeltas(place, pending, { ...pending, held: 400 }));
    expect(rows).toEqual([expect.objectContaining({ status: 'PENDING', count: 0, amount: 0, held: -600 })]);
    expect(mergeDeltas(summaryDeltas(place, pending, pending))).toEqual([]);
  });
});

describe('summaryUpsert', () => {
  it('one named statement per row count, its placeholders exactly the values of that many rows', () => {
    const cleared = { ...pending, status: 'CLEARED', held: 0, cleared: 1000 };
    const rows = mergeDeltas(summaryDeltas(place, pending, cleared));
    const statement = summaryUpsert(rows.length);
    expect(statement.name).toBe('wallet_summary_upsert_2');
    const placeholders = [...statement.text.matchAll(/\$(\d+)/g)].map((m) => Number(m[1]));
    expect(Math.max(...placeholders)).toBe(24);
    expect(new Set(placeholders).size).toBe(24);
    expect(statement.text).toContain('($13, $14::date, $15,');
    const values = summaryUpsertValues(rows);
    expect(values).toHaveLength(24);
    // The rows in their merged (lock) order: CLEARED +1 before PENDING -1.
    expect(values.slice(0, 12)).toEqual([1, '2026-03-04', 'USD', 2, 'CLEARED', '', 5, 1, 1000, 0, 1000, 0]);
    expect(values.slice(12)).toEqual([1, '2026-03-04', 'USD', 2, 'PENDING', '', 5, -1, -1000, -1000, 0, 0]);
    expect(summaryUpsert(1).name).toBe('wallet_summary_upsert_1');
    expect(summaryUpsert(1).text).not.toContain('$13');
  });
});

describe('summaryOf', () => {
  const group = {
    day: '2026-03-04',
    currency: 'USD',
    decimalPlaces: 2,
    declineReason: '',
    held: 0,
    cleared: 0,
    refunded: 0,
  };
  it('adds the groups up: counts, rate, amounts in major units, days oldest first, reasons most frequent first', () => {
    const s = summaryOf([
      { ...group, day: '2026-03-05', status: 'CLEARED', count: 2, amount: 1999, cleared: 2100, refunded: 1 },
      { ...group, status: 'PENDING', count: 1, amount: 500, held: 500 },
      { ...group, status: 'DECLINED', declineReason: 'MCC_BLOCKED', count: 1, amount: 0 },
      {
        ...group,
        currency: 'EUR',
        status: 'DECLINED',
        declineReason: 'CURRENCY_NOT_SUPPORTED',
        count: 2,
        amount: 0,
      },
      { ...group, status: 'PENDING', count: 0, amount: 0 },
    ]);
    expect(s).toEqual({
      count: 6,
      approvedCount: 3,
      declinedCount: 3,
      approvalRate: 0.5,
      amounts: [
        { currency: 'USD', approvedAmount: 24.99, heldAmount: 5, clearedAmount: 21, refundedAmount: 0.01 },
      ],
      days: [
        {
          date: '2026-03-04',
          count: 4,
          approvedCount: 1,
          declinedCount: 3,
          amounts: [
            { currency: 'USD', approvedAmount: 5, heldAmount: 5, clearedAmount: 0, refundedAmount: 0 },
          ],
        },
        {
          date: '2026-03-05',
          count: 2,
          approvedCount: 2,
          declinedCount: 0,
          amounts: [
            {
              currency: 'USD',
              approvedAmount: 19.99,
              heldAmount: 0,
              clearedAmount: 21,
              refundedAmount: 0.01,
            },
          ],
        },
      ],
      declineReasons: [
        { declineReason: 'CURRENCY_NOT_SUPPORTED', count: 2 },
        { declineReason: 'MCC_BLOCKED', count: 1 },
      ],
    });
  });

  it('approvalRate: 4 decimals, null for nothing', () => {
    expect(approvalRate(2, 3)).toBe(0.6667);
    expect(approvalRate(0, 0)).toBeNull();
  });
});
