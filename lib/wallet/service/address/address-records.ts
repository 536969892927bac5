// Shaping stored addresses into the address-list extension's element.
import { addresses } from '@/lib/wallet/service/db/schema';
import type { Address } from '@/lib/wallet/contract/schemas';
import { ResultCode, WalletError } from '@/lib/wallet/contract/result-codes';
import type { AuthenticatedApp } from '../context';

export function addressNotFound(addressId: number): WalletError {
  return new WalletError(
    ResultCode.ADDRESS_NOT_FOUND,
    `Address ${addressId} is not one of this user's addresses.`,
  );
}

export function toAddress(
  row: typeof addresses.$inferSelect,
  app: AuthenticatedApp,
  appUserId: string,
): Address {
  return {
    addressId: row.id,
    agencyCode: app.agencyCode,
    appId: app.appId,
    appUserId,
    country: row.country,
    province: row.province,
    city: row.city,
    street: row.street,
    detailedAddress: row.detailedAddress,
    postalCode: row.postalCode,
    firstName: row.firstName,
    lastName: row.lastName,
    mobile: row.mobile,
    isDefault: row.isDefault,
    createTime: row.createdAt.toISOString(),
  };
}
