// Looking one user up by the app user ID in the URL, for the user's pages: 4.2 filtered by that
// ID. An ID the wallet could never have registered is "not found", like an unknown one.
import 'server-only';
import { getWalletClient, isWalletClientError } from '@/lib/backoffice/wallet-client';
import { appUserIdParam, type UserWithCards } from '@/lib/wallet/contract/schemas';

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
