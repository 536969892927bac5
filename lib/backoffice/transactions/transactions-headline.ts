// The headline figures of a list of purchases (/transactions): how many, how many approved (every
// one not DECLINED), the approved amounts per currency, summed exactly, and the approval rate.
// Pure.
import type { Authorization } from '@/lib/wallet/contract/schemas';

export type Headline = {
  count: number;
  /** More purchases match than were counted. */
  capped: boolean;
  approved: number;
  /** The approved purchases' amounts by currency, major units summed in minor units. */
  approvedAmounts: { currency: string; amount: number }[];
  /** approved / count, 0-1; null when nothing matched. */
  approvalRate: number | null;
};

/** The headline of a list of purchases: approved = every one not DECLINED. */
export function headlineOf(list: readonly Authorization[], capped: boolean): Headline {
  const sums = new Map<string, bigint>();
  let approved = 0;
  for (const a of list) {
    if (a.status === 'DECLINED') continue;
    approved++;
    // Summed in millionths so that 0.1 + 0.2 is 0.3 (amounts have at most 6 decimals in practice).
    const micro = BigInt(Math.round(a.amount * 1_000_000));
    sums.set(a.currency, (sums.get(a.currency) ?? 0n) + micro);
  }
  return {
    count: list.length,
    capped,
    approved,
    approvedAmounts: [...sums]
      .map(([currency, micro]) => ({ currency, amount: Number(micro) / 1_000_000 }))
      .sort((a, b) => a.currency.localeCompare(b.currency)),
    approvalRate: list.length ? approved / list.length : null,
  };
}
