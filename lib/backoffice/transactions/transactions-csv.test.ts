import { describe, expect, it } from 'vitest';
import type { Authorization } from '@/lib/wallet/contract/schemas';
import { transactionCsvLine, transactionsCsvPreamble } from './transactions-csv';

const declined: Authorization = {
  authorizationId: 7,
  cardId: 3,
  appUserId: 'u-1',
  status: 'DECLINED',
  amount: 12.5,
  heldAmount: 0,
  clearedAmount: 0,
  refundedAmount: 0,
  currency: 'USD',
  merchant: { name: '=Lucky, Casino', mcc: '7995', country: 'MT' },
  declineReason: 'MCC_BLOCKED',
  decidedBy: 'RULES',
  agencyReason: null,
  transactionId: null,
  createdAt: '2026-11-25T10:00:00.000Z',
  updatedAt: '2026-11-25T10:00:00.000Z',
};

describe('purchases as CSV', () => {
  it('writes the header and one line per purchase, codes beside words, formulas defused', () => {
    expect(transactionsCsvPreamble()).toMatch(/^\uFEFFAuthorization ID,Created \(UTC\),/);
    expect(transactionCsvLine(declined)).toBe(
      '7,2026-11-25T10:00:00.000Z,2026-11-25T10:00:00.000Z,DECLINED,MCC_BLOCKED,Purchases of this kind of merchant are blocked on this card.,u-1,3,"\'=Lucky, Casino",7995,Gambling,MT,12.5,0,0,0,USD,RULES,,Declined,,\r\n',
    );
  });

  it('names whose purchase it is and says a refund in words (issue 40 items 6 and 11)', () => {
    const refunded = {
      ...declined,
      status: 'CLEARED' as const,
      declineReason: null,
      clearedAmount: 12.5,
      refundedAmount: 12.5,
      transactionId: 4,
    };
    const line = transactionCsvLine(refunded, { name: 'Grace Hopper', card: 'Virtual Visa Classic ••4242' });
    expect(line.endsWith(',USD,RULES,4,Refunded,Grace Hopper,Virtual Visa Classic ••4242\r\n')).toBe(true);
  });
});
