// Which transfers docs/wallet-api.md "Transfers" allows, as a pure function of the two assets:
// under one app and in one currency, agency asset -> a user's wallet (funding), a user's wallet ->
// that user's ACTIVE card (top-up), agency asset -> a user's ACTIVE card. Nothing else (4010).

export type AssetKind =
  | { kind: 'AGENCY'; currency: string }
  | { kind: 'WALLET'; userId: number; currency: string }
  | { kind: 'CARD'; userId: number; currency: string; cardStatus: string };

/** Why a transfer is refused, in a sentence; null when it is allowed. */
export function transferRefusal(from: AssetKind, to: AssetKind): string | null {
  if (from.currency !== to.currency) {
    return `the assets hold different currencies (${from.currency} and ${to.currency})`;
  }
  if (to.kind === 'CARD' && to.cardStatus !== 'ACTIVE') {
    return `the receiving card is ${to.cardStatus}, not ACTIVE`;
  }
  if (from.kind === 'AGENCY' && (to.kind === 'WALLET' || to.kind === 'CARD')) return null;
  if (from.kind === 'WALLET' && to.kind === 'CARD') {
    return from.userId === to.userId ? null : "a wallet tops up only its own user's cards";
  }
  return `money does not move from ${describe(from)} to ${describe(to)}`;
}

function describe(asset: AssetKind): string {
  return asset.kind === 'AGENCY' ? 'an agency asset' : asset.kind === 'WALLET' ? 'a wallet' : 'a card';
}
