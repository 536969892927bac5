// The headline figures of a filter of purchases (/transactions), from authorization/summary
// (docs/card-spending.md "Summary"): how many, how many approved (every one not DECLINED), the
// approved amounts per currency and the approval rate, exact for the whole filter at any size.
// Pure.
import type { AuthorizationSummary } from '@/lib/wallet/contract/schemas';

export type Headline = {
  count: number;
  approved: number;
  /** The approved purchases' amounts by currency, major units. */
  approvedAmounts: { currency: string; amount: number }[];
  /** approved / count, 0-1; null when nothing matched. */
  approvalRate: number | null;
};

/** The headline of a filter's summary. */
export function headlineOf(summary: AuthorizationSummary): Headline {
  return {
    count: summary.count,
    approved: summary.approvedCount,
    approvedAmounts: summary.amounts
      .filter((a) => a.approvedAmount !== 0)
      .map((a) => ({ currency: a.currency, amount: a.approvedAmount })),
    approvalRate: summary.approvalRate,
  };
}
