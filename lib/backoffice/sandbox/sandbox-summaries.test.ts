// The sandbox's audit sentences (issue 40 item 5): "refund of 6 on transaction 9 of card 2" reads
// as a refund of $6.00 of a named purchase on a card named with its holder.
import { describe, expect, it } from 'vitest';
import { purchase } from '@/lib/backoffice/cards/purchase-test-fixtures';
import {
  decisionTestSummary,
  labelInSentence,
  purchaseAttemptSummary,
  purchaseDoneSummary,
  stepAttemptSummary,
  stepDoneSummary,
} from './sandbox-summaries';

const grace = { name: 'Grace Hopper', card: 'Virtual Visa Classic ••4242' };

describe('sandbox summaries', () => {
  it('a simulated purchase: by ID while asked, by name and in money once answered', () => {
    const input = {
      cardId: 5,
      merchantName: 'Corner Cafe',
      mcc: '5812',
      merchantCountry: 'US',
      amount: '30',
    };
    expect(purchaseAttemptSummary(input)).toBe(
      'Simulated a purchase of 30 at Corner Cafe (Restaurants and bars, United States) on card 5',
    );
    expect(
      purchaseDoneSummary(
        purchase({ status: 'DECLINED', declineReason: 'LIMIT_DAILY', clearedAmount: 0 }),
        grace,
      ),
    ).toBe(
      'Simulated a purchase of $30.00 at Corner Cafe (Restaurants and bars, United States) on Virtual Visa Classic ••4242 of Grace Hopper: declined: over the daily limit',
    );
  });

  it('a refund names the purchase, the card and its holder, with the currency', () => {
    const on = { authorization: purchase(), holder: grace };
    const attempt = stepAttemptSummary('refund', { id: 9, cardId: 5, amount: '6' }, on);
    expect(attempt).toBe(
      'Simulated the merchant refunding $6.00 of the purchase of $30.00 at Corner Cafe on Virtual Visa Classic ••4242 of Grace Hopper',
    );
    expect(stepDoneSummary(attempt, { refundId: 3, transactionId: 9, amount: 6, balance: 76 }, on)).toBe(
      `${attempt}: $6.00 refunded to the card, its balance now $76.00`,
    );
  });

  it('a clearing says what was cleared and is still held; without the purchase, its IDs', () => {
    const held = purchase({ status: 'PENDING', heldAmount: 30, clearedAmount: 0, transactionId: null });
    const attempt = stepAttemptSummary('clear', { id: 31, cardId: 5 }, { authorization: held, holder: null });
    expect(attempt).toBe(
      'Simulated the merchant clearing all of the purchase of $30.00 at Corner Cafe on card 5 of user grace-1',
    );
    expect(stepDoneSummary(attempt, purchase({ clearedAmount: 33 }), null)).toBe(
      `${attempt}: cleared, $33.00 cleared, $0.00 still held`,
    );
    expect(stepAttemptSummary('refund', { id: 9, cardId: 5, amount: '6' }, null)).toBe(
      'Simulated the merchant refunding 6 of transaction 9 on card 5',
    );
  });

  it('a deposit held by KYT keeps its capitals in the sentence', () => {
    expect(labelInSentence('Held by KYT')).toBe('held by KYT');
    expect(labelInSentence('Credited')).toBe('credited');
  });

  it("the decision endpoint's test names the card, the outcome and who decided in words", () => {
    const a = purchase({
      amount: 1,
      status: 'DECLINED',
      declineReason: 'AGENCY_TIMEOUT',
      decidedBy: 'FALLBACK',
      clearedAmount: 0,
    });
    expect(decisionTestSummary(a, grace, 1500)).toBe(
      "Sent a test authorization of $1.00 on Virtual Visa Classic ••4242 of Grace Hopper: declined: programme did not answer, decided by the decision endpoint's fallback (it did not answer in time), in 1500 ms",
    );
  });
});
