// The search box's purchase by id (docs/back-office.md "Routes"): when the text is a whole
// number, authorization/detail says whether it names one of the app's purchases. Not one (4014),
// or the wallet not answering, is no purchase: the users and cards found still show.
import 'server-only';
import { formatMoney } from '@/lib/backoffice/shared/format';
import { getWalletClient, isWalletClientError } from '@/lib/backoffice/wallet-client';
import type { Authorization } from '@/lib/wallet/contract/schemas';
import { authorizationIdOf, purchaseHref, type SearchPurchaseHit } from './search';

/** A found purchase as the box lists it. */
export function purchaseHit(a: Authorization): SearchPurchaseHit {
  return {
    authorizationId: a.authorizationId,
    appUserId: a.appUserId,
    cardId: a.cardId,
    label: `${a.merchant.name} · ${formatMoney(a.amount, a.currency, 2)}`,
    status: a.status,
    href: purchaseHref(a.appUserId, a.cardId, a.authorizationId),
  };
}

export async function findPurchase(query: string): Promise<SearchPurchaseHit | undefined> {
  const authorizationId = authorizationIdOf(query);
  if (authorizationId === null) return undefined;
  try {
    return purchaseHit(await getWalletClient().authorizationDetail({ authorizationId }));
  } catch (error) {
    if (isWalletClientError(error)) return undefined;
    throw error;
  }
}
