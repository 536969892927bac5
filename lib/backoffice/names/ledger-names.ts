// The other side of each ledger entry in words (docs/back-office.md "How values read"): "Transfer
// to Grace Hopper's Wallet (USD)", "Transfer from the agency's Card margin (USD)", "Grace Hopper's
// Virtual Visa Classic ••1234", each linking to that asset's ledger or that card's page, from the
// entry's counterAssetId and counterAppUserId (docs/wallet-api.md "Ledgers"). One pair of wallet
// calls per person the page names, and one for the agency's assets. Server-only.
import 'server-only';
import { getWalletClient, isWalletClientError, type WalletClient } from '@/lib/backoffice/wallet-client';
import type { LedgerEntry } from '@/lib/wallet/contract/schemas';
import { agencyAssetNames, cardHref, namesOfUser, type NamedLink, type UserNames } from './wallet-names';

type Client = Pick<WalletClient, 'cardListAllByUser' | 'userAssetList' | 'agencyAssetList'>;

export type OtherSides = ReadonlyMap<number, NamedLink>;

export async function otherSidesOf(
  entries: readonly LedgerEntry[],
  client: Client = getWalletClient(),
): Promise<OtherSides> {
  const people = [
    ...new Set(entries.flatMap((e) => (e.counterAppUserId === null ? [] : [e.counterAppUserId]))),
  ];
  const needsAgency = entries.some((e) => e.counterAssetId !== null && e.counterAppUserId === null);
  const [named, agency] = await Promise.all([
    Promise.all(
      people.map((appUserId) =>
        namesOfUser(appUserId, client).catch((error: unknown) => {
          // A name the wallet cannot give now leaves the entry without it, not the page broken.
          if (isWalletClientError(error)) return null;
          throw error;
        }),
      ),
    ),
    needsAgency ? agencyAssetNames(client).catch(() => []) : Promise.resolve([]),
  ]);
  const byUser = new Map<string, UserNames>();
  for (const names of named) if (names) byUser.set(names.appUserId, names);

  const sides = new Map<number, NamedLink>();
  for (const entry of entries) {
    const user = entry.counterAppUserId === null ? undefined : byUser.get(entry.counterAppUserId);
    if (entry.counterAssetId !== null) {
      const asset =
        entry.counterAppUserId === null
          ? agency.find((a) => a.assetId === entry.counterAssetId)
          : user?.assets.find((a) => a.assetId === entry.counterAssetId);
      if (!asset) continue;
      const direction = entry.amount < 0 ? 'to' : 'from';
      sides.set(entry.entryId, { text: `Transfer ${direction} ${asset.text}`, href: asset.href });
    } else if (entry.cardId !== null && entry.counterAppUserId !== null) {
      const card = user?.cards.find((c) => c.cardId === entry.cardId);
      sides.set(entry.entryId, {
        text: card?.text ?? `A card of ${user?.name ?? 'a user the wallet no longer names'}`,
        href: cardHref(entry.counterAppUserId, entry.cardId),
      });
    }
  }
  return sides;
}
