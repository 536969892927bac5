// address/update (docs/wallet-api.md "Address changes"): change any stored field of one of the
// user's addresses; with isDefault=true it becomes the default and the former default stops being
// one. The user's row is locked, as address/add does, so "exactly one default" holds when changes
// race. Each changed address is an address.updated event.
import { and, eq } from 'drizzle-orm';
import type { OperationParams } from '@/lib/wallet/contract/operations';
import type { Address } from '@/lib/wallet/contract/schemas';
import type { AuthenticatedApp, Executor } from '../context';
import { addresses } from '../db/schema';
import { recordEvent } from '../event/record-event';
import { findUserOrThrow } from '../user/find-user';
import { addressNotFound, toAddress } from './address-records';
import { addressUpdate } from '@/lib/wallet/contract/operations/address-update';
import { bindHandler } from '../bind-handler';

const FIELDS = [
  'country',
  'province',
  'city',
  'street',
  'detailedAddress',
  'postalCode',
  'firstName',
  'lastName',
  'mobile',
] as const;

export async function updateAddress(options: {
  db: Executor;
  app: AuthenticatedApp;
  params: OperationParams<'addressUpdate'>;
}): Promise<Address> {
  const { db, app, params } = options;
  const user = await findUserOrThrow(db, app.id, params.appUserId, { lock: true });
  const [current] = await db
    .select()
    .from(addresses)
    .where(and(eq(addresses.id, params.addressId), eq(addresses.userId, user.id)));
  if (!current) throw addressNotFound(params.addressId);

  const changes: Partial<typeof addresses.$inferInsert> = {};
  for (const field of FIELDS) {
    const value = params[field];
    if (value !== undefined) changes[field] = value;
  }
  // Un-defaulting the default would leave the user without one: only true changes anything.
  if (params.isDefault === true && !current.isDefault) {
    const former = await db
      .update(addresses)
      .set({ isDefault: false })
      .where(and(eq(addresses.userId, user.id), eq(addresses.isDefault, true)))
      .returning();
    for (const formerRow of former) {
      await recordEvent({
        db,
        app,
        type: 'address.updated',
        data: toAddress(formerRow, app, user.appUserId),
      });
    }
    changes.isDefault = true;
  }
  const [row] =
    Object.keys(changes).length === 0
      ? [current]
      : await db.update(addresses).set(changes).where(eq(addresses.id, current.id)).returning();
  if (!row) throw new Error('address update returned no row');
  const address = toAddress(row, app, user.appUserId);
  // A call that changed nothing is no event.
  if (row !== current) await recordEvent({ db, app, type: 'address.updated', data: address });
  return address;
}

/** addressUpdate's handler (lib/wallet/contract/operations/address-update.ts). */
export const addressUpdateHandler = bindHandler(addressUpdate, updateAddress);
