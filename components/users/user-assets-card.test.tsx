// A user's assets as their page lists them: two cards of one category read apart.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { Asset } from '@/lib/wallet/contract/schemas';
import { toUserAssetViews, UserAssetsCard } from './user-assets-card';

function asset(overrides: Partial<Asset>): Asset {
  return {
    agencyCode: 'DEMO',
    appId: 'demo-app',
    appUserId: 'u-1',
    assetId: 1,
    assetName: 'Wallet (USD)',
    balance: 0,
    currency: 'USD',
    decimalPlaces: 2,
    defaultAsset: 0,
    icon: '',
    symbol: '$',
    type: 'WALLET',
    ...overrides,
  };
}

describe("a user's assets", () => {
  it("name each card's asset by its card, so two of one category read apart", () => {
    const assets = [
      asset({ assetId: 48, balance: 12.5 }),
      asset({ assetId: 49, assetName: 'Virtual Visa Classic (USD)', type: 'CARD' }),
      asset({ assetId: 50, assetName: 'Virtual Visa Classic (USD)', type: 'CARD', balance: 3 }),
    ];
    const cards = [
      { cardAssetId: 49, last4: '1234' },
      { cardAssetId: 50, last4: '9876' },
    ];
    const views = toUserAssetViews(assets, cards);
    expect(views.map((v) => [v.name, v.type, v.balance])).toEqual([
      ['Wallet (USD)', 'WALLET', '$12.50'],
      ['Virtual Visa Classic (USD) ••1234', 'CARD', '$0.00'],
      ['Virtual Visa Classic (USD) ••9876', 'CARD', '$3.00'],
    ]);
    const html = renderToStaticMarkup(<UserAssetsCard appUserId="u-1" assets={views} />);
    expect(html).toContain('Virtual Visa Classic (USD) ••1234');
    expect(html).toContain('Virtual Visa Classic (USD) ••9876');
    expect(html).toContain('>Card<');
    expect(html).not.toContain('CARD');
  });
});
