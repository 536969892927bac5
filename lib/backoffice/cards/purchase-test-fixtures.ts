// A purchase (an authorization) as the wallet answers it, for the unit tests of its words: a
// cleared $30.00 at Corner Cafe on Grace Hopper's card 5.
import type { Authorization } from '@/lib/wallet/contract/schemas';

/** The purchase, with what a test changes. */
export function purchase(overrides: Partial<Authorization> = {}): Authorization {
  return {
    authorizationId: 31,
    cardId: 5,
    appUserId: 'grace-1',
    status: 'CLEARED',
    amount: 30,
    heldAmount: 0,
    clearedAmount: 30,
    refundedAmount: 0,
    currency: 'USD',
    merchant: { name: 'Corner Cafe', mcc: '5812', country: 'US' },
    declineReason: null,
    decidedBy: 'RULES',
    agencyReason: null,
    transactionId: 9,
    createdAt: '2026-11-28T08:00:00.000Z',
    updatedAt: '2026-11-28T08:00:00.000Z',
    ...overrides,
  };
}
