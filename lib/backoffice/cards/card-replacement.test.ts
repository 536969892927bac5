import { describe, expect, it } from 'vitest';
import type { LedgerEntry } from '@/lib/wallet/contract/schemas';
import { movedToReplacement, replacementLinks } from './card-replacement';

const hrefOf = (cardId: number) => `/users/grace-hopper-001/cards/${cardId}`;
const named = [
  { cardId: 7, text: "Grace Hopper's •••• 1234", href: hrefOf(7) },
  { cardId: 12, text: "Grace Hopper's •••• 5678", href: hrefOf(12) },
];

const entry = (entryId: number, fields: Partial<LedgerEntry>): LedgerEntry => ({
  entryId,
  type: 'CARD_REFUND',
  amount: -1500,
  balanceAfter: 0,
  cardId: 7,
  transferId: null,
  counterAssetId: null,
  counterAppUserId: 'grace-hopper-001',
  createdAt: '2026-11-28T09:00:00.000Z',
  ...fields,
});

describe('a replacement on the two cards', () => {
  it('names each card the other links to as the holder\u2019s card, or by its ID when the list lacks it', () => {
    expect(replacementLinks({ replacesCardId: null, replacedByCardId: 12 }, named, hrefOf)).toEqual({
      replaces: null,
      replacedBy: { text: "Grace Hopper's •••• 5678", href: hrefOf(12) },
    });
    expect(replacementLinks({ replacesCardId: 7, replacedByCardId: null }, named, hrefOf)).toEqual({
      replaces: { text: "Grace Hopper's •••• 1234", href: hrefOf(7) },
      replacedBy: null,
    });
    expect(replacementLinks({ replacesCardId: 3, replacedByCardId: null }, named, hrefOf).replaces).toEqual({
      text: 'card 3',
      href: hrefOf(3),
    });
  });

  it("gives the old card's money moved out to the replacement that card as its other side, and nothing else", () => {
    const to = { text: "Grace Hopper's •••• 5678", href: hrefOf(12) };
    const entries = [
      entry(1, {}),
      entry(2, { type: 'CARD_SPEND', amount: -20 }),
      entry(3, { type: 'MERCHANT_REFUND', amount: 50 }),
      entry(4, { amount: -50 }),
      entry(5, { cardId: 12, amount: 1500 }),
    ];
    expect([...movedToReplacement(entries, 7, to)]).toEqual([
      [1, { text: "To the replacement, Grace Hopper's •••• 5678", href: hrefOf(12) }],
      [4, { text: "To the replacement, Grace Hopper's •••• 5678", href: hrefOf(12) }],
    ]);
    expect(movedToReplacement(entries, 7, null).size).toBe(0);
  });
});
