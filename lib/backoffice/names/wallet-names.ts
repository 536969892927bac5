// The names the back-office writes instead of IDs (labels.ts), read from the wallet: a user's name,
// their cards ("Virtual Visa Classic ••1234") and their assets, each with the page it links to;
// the agency's assets. For approval requests, audit summaries and ledger rows
// (docs/back-office.md "How values read"). Server-only: every name is a wallet call.
import 'server-only';
import { assetPath } from '@/lib/backoffice/assets/asset-ledger';
import { getWalletClient, type WalletClient } from '@/lib/backoffice/wallet-client';
import { appUserIdParam } from '@/lib/wallet/contract/schemas';
import { assetLabel, cardLabel, ownedAssetLabel, personName } from './labels';

export type NamedLink = { text: string; href: string };

export type UserNames = {
  appUserId: string;
  name: string;
  href: string;
  cards: (NamedLink & { cardId: number; cardAssetId: number; label: string; status: string })[];
  /** Each asset as "Grace Hopper's Wallet (USD)", linking to its ledger. */
  assets: (NamedLink & { assetId: number; label: string; type: string; currency: string })[];
};

type NamesClient = Pick<WalletClient, 'cardListAllByUser' | 'userAssetList' | 'agencyAssetList'>;

export const userHref = (appUserId: string) => `/users/${encodeURIComponent(appUserId)}`;
export const cardHref = (appUserId: string, cardId: number) => `${userHref(appUserId)}/cards/${cardId}`;

/** A user's name, cards and assets; null when the wallet does not know the user. */
export async function namesOfUser(
  appUserId: string,
  client: NamesClient = getWalletClient(),
): Promise<UserNames | null> {
  if (!appUserIdParam.safeParse(appUserId).success) return null;
  const page = await client.cardListAllByUser({ appUserId, pageSize: 1 });
  const user = page.list[0];
  if (!user) return null;
  const name = personName(user);
  const cards = user.cardList.map((card) => {
    const label = cardLabel(card);
    return {
      cardId: card.cardId,
      cardAssetId: card.cardAssetId,
      label,
      status: card.status,
      text: `${name}'s ${label}`,
      href: cardHref(appUserId, card.cardId),
    };
  });
  const assets = (await client.userAssetList({ appUserId })).map((asset) => {
    const label = assetLabel(asset, user.cardList);
    return {
      assetId: asset.assetId,
      label,
      type: asset.type,
      currency: asset.currency,
      text: ownedAssetLabel(label, name),
      href: assetPath(asset.assetId, appUserId),
    };
  });
  return { appUserId, name, href: userHref(appUserId), cards, assets };
}

/** The agency's assets: "the agency's Card margin (USD)", linking to each ledger. */
export async function agencyAssetNames(
  client: NamesClient = getWalletClient(),
): Promise<(NamedLink & { assetId: number; label: string; currency: string })[]> {
  return (await client.agencyAssetList({})).map((asset) => ({
    assetId: asset.assetId,
    label: asset.assetName,
    currency: asset.currency,
    text: ownedAssetLabel(asset.assetName, null),
    href: assetPath(asset.assetId),
  }));
}

/** One name for the page, however it is found; the ID in words when the wallet does not know it. */
export function assetText(
  assetId: number,
  user: UserNames | null,
  agency: readonly (NamedLink & { assetId: number })[],
): NamedLink {
  return (
    user?.assets.find((a) => a.assetId === assetId) ??
    agency.find((a) => a.assetId === assetId) ?? {
      text: `an asset unknown to the wallet (${assetId})`,
      href: `/assets/${assetId}`,
    }
  );
}
