import { describe, expect, it } from 'vitest';
import type { AuthorizationSummary } from '@/lib/wallet/contract/schemas';
import { programmeSpending, rateText, spendingWindow } from './programme-spending';

const usd = (approvedAmount: number, clearedAmount: number) => ({
  currency: 'USD',
  approvedAmount,
  heldAmount: 0,
  clearedAmount,
  refundedAmount: 0,
});

describe('the dashboard card spending', () => {
  it('the window is 30 UTC days ending today, both included', () => {
    expect(spendingWindow(new Date('2026-03-05T23:59:00Z'))).toEqual({
      from: '2026-02-04',
      to: '2026-03-05',
    });
  });

  it('every day of the window, quiet ones as 0; top five decline reasons', () => {
    const summary: AuthorizationSummary = {
      count: 9,
      approvedCount: 3,
      declinedCount: 6,
      approvalRate: 0.3333,
      amounts: [usd(30, 12.5)],
      days: [
        { date: '2026-03-03', count: 2, approvedCount: 1, declinedCount: 1, amounts: [usd(10, 0)] },
        { date: '2026-03-05', count: 7, approvedCount: 2, declinedCount: 5, amounts: [usd(20, 12.5)] },
      ],
      declineReasons: [
        { declineReason: 'INSUFFICIENT_FUNDS', count: 2 },
        { declineReason: 'MCC_BLOCKED', count: 1 },
        { declineReason: 'COUNTRY_BLOCKED', count: 1 },
        { declineReason: 'LIMIT_DAILY', count: 1 },
        { declineReason: 'CARD_EXPIRED', count: 1 },
        { declineReason: 'AGENCY_DECLINED', count: 1 },
      ],
    };
    const s = programmeSpending(summary, { from: '2026-03-02', to: '2026-03-05' });
    expect(s.currencies).toEqual([
      {
        currency: 'USD',
        approved: 30,
        cleared: 12.5,
        days: [
          { date: '2026-03-02', count: 0, approved: 0, cleared: 0 },
          { date: '2026-03-03', count: 2, approved: 10, cleared: 0 },
          { date: '2026-03-04', count: 0, approved: 0, cleared: 0 },
          { date: '2026-03-05', count: 7, approved: 20, cleared: 12.5 },
        ],
      },
    ]);
    expect(s.declineReasons.map((r) => r.declineReason)).toEqual([
      'INSUFFICIENT_FUNDS',
      'MCC_BLOCKED',
      'COUNTRY_BLOCKED',
      'LIMIT_DAILY',
      'CARD_EXPIRED',
    ]);
    expect(rateText(s.approvalRate)).toBe('33.3 %');
    expect(rateText(null)).toBe('—');
  });
});
