// Extension: a user's stored addresses, the default first, then newest first.
import { desc, eq } from 'drizzle-orm';
import { addresses } from '@/lib/wallet/service/db/schema';
import type { OperationParams } from '@/lib/wallet/contract/operations';
import type { Address } from '@/lib/wallet/contract/schemas';
import type { AuthenticatedApp, Executor } from '../context';
import { findUserOrThrow } from '../user/find-user';
import { toAddress } from './address-records';
import { addressList } from '@/lib/wallet/contract/operations/address-list';
import { bindHandler } from '../bind-handler';

export async function listAddresses(options: {
  db: Executor;
  app: AuthenticatedApp;
  params: OperationParams<'addressList'>;
}): Promise<Address[]> {
  const { db, app, params } = options;
  const user = await findUserOrThrow(db, app.id, params.appUserId);
  const rows = await db
    .select()
    .from(addresses)
    .where(eq(addresses.userId, user.id))
    .orderBy(desc(addresses.isDefault), desc(addresses.id));
  return rows.map((row) => toAddress(row, app, user.appUserId));
}

/** addressList's handler (lib/wallet/contract/operations/address-list.ts). */
export const addressListHandler = bindHandler(addressList, listAddresses);
