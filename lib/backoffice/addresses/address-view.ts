// How the back-office names a delivery address to staff (in the delete confirmation, the toasts,
// the edit page), and which address becomes the default when one is deleted: the wallet makes the
// newest remaining one the default (docs/wallet-api.md "Address changes"), newest meaning the
// highest addressId, as the service orders them. Pure and client-safe.

export type AddressSummary = { addressId: number; street: string; city: string; isDefault: boolean };

/** "1 Market St, San Francisco": enough to tell a user's addresses apart. */
export function addressLabel(address: Pick<AddressSummary, 'street' | 'city'>): string {
  return `${address.street}, ${address.city}`;
}

/**
 * The address that becomes the default once `addressId` is deleted: none when it is not the
 * default (nothing changes) or when it is the last one.
 */
export function defaultAfterDelete<T extends AddressSummary>(
  addresses: readonly T[],
  addressId: number,
): T | null {
  const deleted = addresses.find((a) => a.addressId === addressId);
  if (!deleted?.isDefault) return null;
  return addresses
    .filter((a) => a.addressId !== addressId)
    .reduce<T | null>((newest, a) => (newest === null || a.addressId > newest.addressId ? a : newest), null);
}

/** What the delete confirmation says about the default, in one sentence (or nothing). */
export function deleteDefaultNote(addresses: readonly AddressSummary[], addressId: number): string | null {
  const deleted = addresses.find((a) => a.addressId === addressId);
  if (!deleted?.isDefault) return null;
  const next = defaultAfterDelete(addresses, addressId);
  return next
    ? `This is the default address: ${addressLabel(next)} becomes the default instead.`
    : 'This is the default and only address: the user will have no delivery address until one is added.';
}

/** The delete confirmation's question, naming the address. */
export function deleteQuestion(label: string): string {
  return `Delete ${label}?`;
}
