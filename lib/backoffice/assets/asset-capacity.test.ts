import { describe, expect, it } from 'vitest';
import type { Asset, CardCategory } from '@/lib/wallet/contract/schemas';
import { assetCapacity, LOW_CAPACITY_CARDS } from './asset-capacity';

const asset = (balance: number, currency = 'USD'): Asset => ({
  agencyCode: 'AG',
  appId: 'app',
  appUserId: '',
  assetId: 1,
  assetName: 'Card margin',
  balance,
  currency,
  decimalPlaces: 2,
  defaultAsset: 1,
  icon: '',
  symbol: '$',
  type: 'CARD_MARGIN',
});
const category = (categoryId: number, fee: number, currency = 'USD'): CardCategory => ({
  categoryId,
  name: `Cat ${categoryId}`,
  network: 'VISA',
  type: 'VIRTUAL',
  currency,
  currencySymbol: '$',
  decimalPlaces: 2,
  fee,
  level: 1,
  feature: '',
});

describe('assetCapacity', () => {
  it('counts whole cards per category in minor units', () => {
    const result = assetCapacity(asset(10.3), [
      category(1, 0.1),
      category(2, 5),
      category(3, 25),
      category(4, 0.1),
    ]);
    expect(result.categories.map((c) => [c.category.categoryId, c.cards, c.level])).toEqual([
      [1, 103, 'ok'],
      [2, 2, 'low'],
      [3, 0, 'empty'],
      [4, 103, 'ok'],
    ]);
    expect(assetCapacity(asset(0.3), [category(1, 0.1)]).categories[0]?.cards).toBe(3);
    expect(result.level).toBe('empty');
  });

  it('is ok at the threshold and low just under it', () => {
    expect(assetCapacity(asset(LOW_CAPACITY_CARDS * 5), [category(1, 5)]).level).toBe('ok');
    expect(assetCapacity(asset(LOW_CAPACITY_CARDS * 5 - 0.01), [category(1, 5)]).level).toBe('low');
  });

  it('ignores categories paid in another currency', () => {
    expect(assetCapacity(asset(100), [category(1, 5, 'EUR')]).categories).toEqual([]);
  });
});
