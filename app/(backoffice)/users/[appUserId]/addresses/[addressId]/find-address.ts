// Looking up one address of one user for the address pages (edit, delete confirmation): the user
// by the app user ID in the URL (find-user.ts), then the address among theirs (addressList). An
// address ID that is not one of this user's is "not found", like an unknown one.
import 'server-only';
import { getWalletClient, isWalletClientError } from '@/lib/backoffice/wallet-client';
import type { Address, UserWithCards } from '@/lib/wallet/contract/schemas';
import { findUser } from '../../find-user';

export type AddressLookup =
  | { kind: 'found'; user: UserWithCards; address: Address; addresses: Address[] }
  | { kind: 'user-not-found'; appUserId: string }
  | { kind: 'address-not-found'; user: UserWithCards }
  | { kind: 'error'; staffMessage: string };

/** The route segment as an address ID, or null when it could never be one. */
export function addressIdFromSegment(segment: string): number | null {
  return /^[1-9]\d{0,15}$/.test(segment) ? Number(segment) : null;
}

export async function findAddress(appUserId: string, addressSegment: string): Promise<AddressLookup> {
  const lookup = await findUser(appUserId);
  if (lookup.kind === 'not-found') return { kind: 'user-not-found', appUserId };
  if (lookup.kind === 'error') return lookup;
  const addressId = addressIdFromSegment(addressSegment);
  if (addressId === null) return { kind: 'address-not-found', user: lookup.user };
  try {
    const addresses = await getWalletClient().addressList({ appUserId: lookup.user.appUserId });
    const address = addresses.find((a) => a.addressId === addressId);
    return address
      ? { kind: 'found', user: lookup.user, address, addresses }
      : { kind: 'address-not-found', user: lookup.user };
  } catch (error) {
    if (isWalletClientError(error)) return { kind: 'error', staffMessage: error.staffMessage };
    throw error;
  }
}
