import { describe, expect, it } from 'vitest';
import type { AuthorizationSummary } from '@/lib/wallet/contract/schemas';
import { headlineOf } from './transactions-headline';

const amounts = (currency: string, approvedAmount: number) => ({
  currency,
  approvedAmount,
  heldAmount: 0,
  clearedAmount: 0,
  refundedAmount: 0,
});

describe('the headline figures of a filter', () => {
  it("are the summary's: every purchase counted, the approved amounts per currency, the approval rate", () => {
    const summary: AuthorizationSummary = {
      count: 4,
      approvedCount: 3,
      declinedCount: 1,
      approvalRate: 0.75,
      amounts: [amounts('EUR', 5), amounts('USD', 0.3), amounts('GBP', 0)],
      days: [],
      declineReasons: [{ declineReason: 'MCC_BLOCKED', count: 1 }],
    };
    expect(headlineOf(summary)).toEqual({
      count: 4,
      approved: 3,
      approvedAmounts: [
        { currency: 'EUR', amount: 5 },
        { currency: 'USD', amount: 0.3 },
      ],
      approvalRate: 0.75,
    });
    expect(
      headlineOf({
        ...summary,
        count: 0,
        approvedCount: 0,
        declinedCount: 0,
        approvalRate: null,
        amounts: [],
      }),
    ).toEqual({ count: 0, approved: 0, approvedAmounts: [], approvalRate: null });
  });
});
