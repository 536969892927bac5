// Looking one user (or one of their cards) up by the IDs in the URL, for the user's pages: 4.2
// filtered by that ID, card/detail. An ID the wallet could never have registered is "not found", like an unknown one.
import 'server-only';
import { getWalletClient, isWalletClientError, WalletNotFoundError } from '@/lib/backoffice/wallet-client';
import {
  appUserIdParam,
  positiveIdParam,
  type CardDetail,
  type UserWithCards,
} from '@/lib/wallet/contract/schemas';

export type UserLookup =
  | { kind: 'found'; user: UserWithCards }
  | { kind: 'not-found'; appUserId: string }
  | { kind: 'error'; staffMessage: string };

/** The route segment as the app user ID (Next.js may hand it over still percent-encoded). */
export function appUserIdFromSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

export async function findUser(appUserId: string): Promise<UserLookup> {
  if (!appUserIdParam.safeParse(appUserId).success) return { kind: 'not-found', appUserId };
  try {
    const page = await getWalletClient().cardListAllByUser({ appUserId, pageSize: 1 });
    const user = page.list[0];
    return user ? { kind: 'found', user } : { kind: 'not-found', appUserId };
  } catch (error) {
    if (isWalletClientError(error)) return { kind: 'error', staffMessage: error.staffMessage };
    throw error;
  }
}

export type CardLookup =
  | { kind: 'found'; appUserId: string; cardId: number; card: CardDetail }
  | { kind: 'not-found'; appUserId: string };

/**
 * The card the URL names (`/users/<appUserId>/cards/<cardId>…`), for the card's pages: an ID the
 * wallet could never have issued, an unknown user (3001) and another user's card (4008) all read
 * "not found" to staff.
 */
export async function findCard(segments: { appUserId: string; cardId: string }): Promise<CardLookup> {
  const appUserId = appUserIdFromSegment(segments.appUserId);
  const cardId = positiveIdParam.safeParse(segments.cardId);
  if (!appUserIdParam.safeParse(appUserId).success || !cardId.success)
    return { kind: 'not-found', appUserId };
  try {
    const card = await getWalletClient().cardDetail({ appUserId, cardId: cardId.data });
    return { kind: 'found', appUserId, cardId: cardId.data, card };
  } catch (error) {
    if (error instanceof WalletNotFoundError) return { kind: 'not-found', appUserId };
    throw error;
  }
}
