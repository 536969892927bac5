// address/delete (docs/wallet-api.md "Address changes"): delete one of the user's addresses;
// deleting the default makes the newest remaining address the default. A card that was delivered to
// it keeps its history: the card's address reference is cleared, not the card. Events:
// address.deleted, and address.updated for the address that becomes the default.
import { and, desc, eq } from 'drizzle-orm';
import type { OperationParams } from '@/lib/wallet/contract/operations';
import type { AddressDeleted } from '@/lib/wallet/contract/schemas';
import type { AuthenticatedApp, Executor } from '../context';
import { addresses, cards } from '../db/schema';
import { recordEvent } from '../event/record-event';
import { findUserOrThrow } from '../user/find-user';
import { addressNotFound, toAddress } from './address-records';
import { addressDelete } from '@/lib/wallet/contract/operations/address-delete';
import { bindHandler } from '../bind-handler';

export async function deleteAddress(options: {
  db: Executor;
  app: AuthenticatedApp;
  params: OperationParams<'addressDelete'>;
}): Promise<AddressDeleted> {
  const { db, app, params } = options;
  const user = await findUserOrThrow(db, app.id, params.appUserId, { lock: true });
  await db
    .update(cards)
    .set({ addressId: null })
    .where(and(eq(cards.addressId, params.addressId), eq(cards.userId, user.id)));
  const [deleted] = await db
    .delete(addresses)
    .where(and(eq(addresses.id, params.addressId), eq(addresses.userId, user.id)))
    .returning({ id: addresses.id, isDefault: addresses.isDefault });
  if (!deleted) throw addressNotFound(params.addressId);
  await recordEvent({
    db,
    app,
    type: 'address.deleted',
    data: { addressId: deleted.id, appUserId: user.appUserId },
  });
  if (deleted.isDefault) {
    const [newest] = await db
      .select({ id: addresses.id })
      .from(addresses)
      .where(eq(addresses.userId, user.id))
      .orderBy(desc(addresses.id))
      .limit(1);
    if (newest) {
      const [promoted] = await db
        .update(addresses)
        .set({ isDefault: true })
        .where(eq(addresses.id, newest.id))
        .returning();
      if (promoted) {
        await recordEvent({
          db,
          app,
          type: 'address.updated',
          data: toAddress(promoted, app, user.appUserId),
        });
      }
    }
  }
  return { addressId: deleted.id };
}

/** addressDelete's handler (lib/wallet/contract/operations/address-delete.ts). */
export const addressDeleteHandler = bindHandler(addressDelete, deleteAddress);
