import { describe, expect, it } from 'vitest';
import { assetLabel, assetTypeLabel, cardLabel, ownedAssetLabel, personName } from './labels';

describe('names in words', () => {
  it('a person, a card and an owner', () => {
    expect(personName({ firstName: 'Grace', lastName: 'Hopper' })).toBe('Grace Hopper');
    expect(cardLabel({ name: 'Virtual Visa Classic', last4: '1234' })).toBe('Virtual Visa Classic ••1234');
    expect(ownedAssetLabel('Wallet (USD)', 'Grace Hopper')).toBe("Grace Hopper's Wallet (USD)");
    expect(ownedAssetLabel('Card margin (USD)', null)).toBe("the agency's Card margin (USD)");
  });

  it("two card assets of one category read apart by their card's last four", () => {
    const cards = [
      { cardAssetId: 49, last4: '1234' },
      { cardAssetId: 50, last4: '9876' },
    ];
    const name = 'Virtual Visa Classic (USD)';
    expect(assetLabel({ assetId: 49, assetName: name, type: 'CARD' }, cards)).toBe(`${name} ••1234`);
    expect(assetLabel({ assetId: 50, assetName: name, type: 'CARD' }, cards)).toBe(`${name} ••9876`);
    // A wallet is named by itself; a card asset whose card is unknown keeps its name.
    expect(assetLabel({ assetId: 48, assetName: 'Wallet (USD)', type: 'WALLET' }, cards)).toBe(
      'Wallet (USD)',
    );
    expect(assetLabel({ assetId: 51, assetName: name, type: 'CARD' }, cards)).toBe(name);
  });

  it('an asset type in words', () => {
    expect(assetTypeLabel('CARD_MARGIN')).toBe('Card margin');
    expect(assetTypeLabel('WALLET')).toBe('Wallet');
    expect(assetTypeLabel('CARD')).toBe('Card');
    expect(assetTypeLabel('SAVINGS')).toBe('SAVINGS');
    expect(assetTypeLabel('constructor')).toBe('constructor');
  });
});
