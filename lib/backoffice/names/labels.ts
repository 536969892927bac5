// How the back-office names people, cards and assets in words instead of IDs
// (docs/back-office.md "How values read"): "Grace Hopper", "Virtual Visa Classic ••1234",
// "Virtual Visa Classic (USD) ••1234" for a card's own asset (two cards of one category are two
// assets of one name otherwise), "Card margin (USD)" for the agency's. Pure, client-safe.

/** A person's name as the wallet holds it, first then last. */
export function personName(user: { firstName: string; lastName: string }): string {
  return `${user.firstName} ${user.lastName}`.trim();
}

/** The last four as a card reads on screen: "••1234". */
export const lastFourText = (last4: string) => `••${last4}`;

/** A card by its product and last four: "Virtual Visa Classic ••1234". */
export function cardLabel(card: { name: string; last4: string }): string {
  return `${card.name} ${lastFourText(card.last4)}`;
}

export type NamedCard = { cardId: number; cardAssetId: number; name: string; last4: string };

/**
 * An asset by its name, and for a card's own asset the card's last four, so two cards of one
 * category read apart: "Virtual Visa Classic (USD) ••1234"; a wallet reads "Wallet (USD)".
 */
export function assetLabel(
  asset: { assetId: number; assetName: string; type: string },
  cards: readonly Pick<NamedCard, 'cardAssetId' | 'last4'>[],
): string {
  if (asset.type !== 'CARD') return asset.assetName;
  const card = cards.find((c) => c.cardAssetId === asset.assetId);
  return card ? `${asset.assetName} ${lastFourText(card.last4)}` : asset.assetName;
}

const ASSET_TYPE_LABELS: Readonly<Record<string, string>> = {
  WALLET: 'Wallet',
  CARD: 'Card',
  CARD_MARGIN: 'Card margin',
};

/** An asset's type in words: "CARD_MARGIN" -> "Card margin"; a type the back-office does not know as it came. */
export function assetTypeLabel(type: string): string {
  return Object.hasOwn(ASSET_TYPE_LABELS, type) ? ASSET_TYPE_LABELS[type]! : type;
}

/** "Grace Hopper's Wallet (USD)", or "the agency's Card margin (USD)". */
export function ownedAssetLabel(label: string, owner: string | null): string {
  return owner === null ? `the agency's ${label}` : `${owner}'s ${label}`;
}
