// A purchase in words (issue 40 items 6 and 11): whose card it was on by name, what became of it
// from the one mapping of statuses and decline reasons, and a refunded purchase badged so.
import { describe, expect, it } from 'vitest';
import { purchaseStatusText } from './authorization-view';
import { purchase } from './purchase-test-fixtures';
import {
  holderOf,
  moneyText,
  purchaseCardText,
  purchaseOutcomeText,
  purchaseText,
  type PurchaseHolders,
} from './purchase-words';

const holders: PurchaseHolders = new Map([
  ['grace-1', { name: 'Grace Hopper', cards: new Map([[5, 'Virtual Visa Classic ••4242']]) }],
]);

describe('purchaseStatusText', () => {
  it('badges a refunded purchase Refunded, a partly refunded one Partly refunded', () => {
    expect(purchaseStatusText(purchase()).label).toBe('Cleared');
    expect(purchaseStatusText(purchase({ refundedAmount: 6 })).label).toBe('Partly refunded');
    expect(purchaseStatusText(purchase({ refundedAmount: 30 })).label).toBe('Refunded');
    // Cleared above the amount asked (up to 120 %) and refunded whole.
    expect(purchaseStatusText(purchase({ clearedAmount: 33, refundedAmount: 33 })).label).toBe('Refunded');
    expect(purchaseStatusText(purchase({ status: 'PENDING', heldAmount: 30, clearedAmount: 0 })).label).toBe(
      'Held',
    );
  });
});

describe('purchase words', () => {
  it('names the card and its holder, and says the IDs only when the wallet could not', () => {
    expect(purchaseCardText(purchase(), holderOf(purchase(), holders))).toBe(
      'Virtual Visa Classic ••4242 of Grace Hopper',
    );
    expect(purchaseCardText(purchase({ cardId: 6 }), holderOf(purchase({ cardId: 6 }), holders))).toBe(
      'card 6 of Grace Hopper',
    );
    expect(
      purchaseCardText(purchase({ appUserId: 'x' }), holderOf(purchase({ appUserId: 'x' }), holders)),
    ).toBe('card 5 of user x');
  });

  it('says amounts with their currency and outcomes in words', () => {
    expect(purchaseText(purchase())).toBe('$30.00 at Corner Cafe');
    expect(moneyText(0.125, 'EUR')).toBe('€0.125');
    expect(purchaseOutcomeText(purchase({ status: 'DECLINED', declineReason: 'LIMIT_DAILY' }))).toBe(
      'declined: over the daily limit',
    );
    expect(purchaseOutcomeText(purchase({ status: 'PENDING' }))).toBe('approved and held');
    expect(purchaseOutcomeText(purchase({ refundedAmount: 30 }))).toBe('refunded');
    expect(purchaseOutcomeText(purchase({ status: 'REVERSED' }))).toBe('reversed');
  });
});
