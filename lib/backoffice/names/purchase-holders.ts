// Whose purchases a page lists (docs/back-office.md "How values read"): each person's name and
// their cards' labels ("Virtual Visa Classic ••4242"), read from the wallet, one card/listAllByUser
// call per person, in parallel (a page lists at most a page's worth). A person the wallet cannot
// name now, or a wallet that does not answer, leaves that row with its IDs: the purchases are still
// shown. Server-only.
import 'server-only';
import type { HolderNames, PurchaseHolders } from '@/lib/backoffice/cards/purchase-words';
import { getWalletClient, isWalletClientError } from '@/lib/backoffice/wallet-client';
import { appUserIdParam } from '@/lib/wallet/contract/schemas';
import { cardLabel, personName } from './labels';

async function holderOf(appUserId: string): Promise<readonly [string, HolderNames] | null> {
  try {
    const user = (await getWalletClient().cardListAllByUser({ appUserId, pageSize: 1 })).list[0];
    if (!user) return null;
    const cards = new Map(user.cardList.map((c) => [c.cardId, cardLabel(c)] as const));
    return [appUserId, { name: personName(user), cards }];
  } catch (error) {
    if (isWalletClientError(error)) return null;
    throw error;
  }
}

export async function holdersOf(purchases: readonly { appUserId: string }[]): Promise<PurchaseHolders> {
  const ids = [...new Set(purchases.map((p) => p.appUserId))].filter(
    (id) => appUserIdParam.safeParse(id).success,
  );
  const found = await Promise.all(ids.map(holderOf));
  return new Map(found.filter((f) => f !== null));
}
