// The other side of ledger entries in words, from a wallet that answers as the real one does.
import { describe, expect, it, vi } from 'vitest';
import type { LedgerEntry } from '@/lib/wallet/contract/schemas';
import { otherSidesOf } from './ledger-names';

vi.mock('server-only', () => ({}));

const base = { balanceAfter: 0, createdAt: '2026-11-25T10:00:00.000Z', cardId: null, transferId: null };
const entry = (
  over: Partial<LedgerEntry> & Pick<LedgerEntry, 'entryId' | 'type' | 'amount'>,
): LedgerEntry => ({
  ...base,
  counterAssetId: null,
  counterAppUserId: null,
  ...over,
});

const client = {
  cardListAllByUser: vi.fn(async ({ appUserId }: { appUserId?: string }) => ({
    dataTotal: 1,
    haveNext: false,
    list: [
      {
        appUserId,
        firstName: 'Grace',
        lastName: 'Hopper',
        cardList: [
          { cardId: 3, cardAssetId: 49, name: 'Virtual Visa Classic', last4: '1234', status: 'ACTIVE' },
        ],
      },
    ],
  })),
  userAssetList: vi.fn(async () => [
    { assetId: 48, assetName: 'Wallet (USD)', type: 'WALLET', currency: 'USD' },
    { assetId: 49, assetName: 'Virtual Visa Classic (USD)', type: 'CARD', currency: 'USD' },
  ]),
  agencyAssetList: vi.fn(async () => [{ assetId: 1, assetName: 'Card margin (USD)', currency: 'USD' }]),
};

describe('otherSidesOf', () => {
  it('names a transfer’s other asset and its owner, and a card by its holder, each linked', async () => {
    const sides = await otherSidesOf(
      [
        entry({
          entryId: 1,
          type: 'TRANSFER_OUT',
          amount: -5,
          transferId: 7,
          counterAssetId: 49,
          counterAppUserId: 'gh-1',
        }),
        entry({ entryId: 2, type: 'TRANSFER_IN', amount: 100, transferId: 6, counterAssetId: 1 }),
        entry({ entryId: 3, type: 'CARD_FEE', amount: -5, cardId: 3, counterAppUserId: 'gh-1' }),
        entry({ entryId: 4, type: 'CREDIT', amount: 10 }),
      ],
      client as never,
    );
    expect(Object.fromEntries(sides)).toEqual({
      1: {
        text: "Transfer to Grace Hopper's Virtual Visa Classic (USD) ••1234",
        href: '/assets/49?user=gh-1',
      },
      2: { text: "Transfer from the agency's Card margin (USD)", href: '/assets/1' },
      3: { text: "Grace Hopper's Virtual Visa Classic ••1234", href: '/users/gh-1/cards/3' },
    });
    // One person named twice is asked for once.
    expect(client.cardListAllByUser).toHaveBeenCalledTimes(1);
  });
});
