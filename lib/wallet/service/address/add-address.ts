// 4.7 Add address. The user's row is locked for the duration, so that "first address is the
// default" and "only one default" hold when two additions race. The address is an event
// (address.added), and so is the former default that stops being one (address.updated).
import { and, eq, sql } from 'drizzle-orm';
import { addresses } from '@/lib/wallet/service/db/schema';
import type { OperationParams } from '@/lib/wallet/contract/operations';
import type { AddressCreated } from '@/lib/wallet/contract/schemas';
import type { AuthenticatedApp, Executor } from '../context';
import { recordEvent } from '../event/record-event';
import { findUserOrThrow } from '../user/find-user';
import { toAddress } from './address-records';
import { addAddress as addAddressOperation } from '@/lib/wallet/contract/operations/add-address';
import { bindHandler } from '../bind-handler';

export async function addAddress(options: {
  db: Executor;
  app: AuthenticatedApp;
  params: OperationParams<'addAddress'>;
}): Promise<AddressCreated> {
  const { db, app, params } = options;
  const user = await findUserOrThrow(db, app.id, params.appUserId, { lock: true });

  const [existing] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(addresses)
    .where(eq(addresses.userId, user.id));
  const isDefault = params.isDefault || Number(existing?.n ?? 0) === 0;
  if (isDefault) {
    const former = await db
      .update(addresses)
      .set({ isDefault: false })
      .where(and(eq(addresses.userId, user.id), eq(addresses.isDefault, true)))
      .returning();
    for (const row of former) {
      await recordEvent({ db, app, type: 'address.updated', data: toAddress(row, app, user.appUserId) });
    }
  }

  const [row] = await db
    .insert(addresses)
    .values({
      appId: app.id,
      userId: user.id,
      country: params.country,
      province: params.province ?? null,
      city: params.city,
      street: params.street,
      detailedAddress: params.detailedAddress ?? null,
      postalCode: params.postalCode ?? null,
      firstName: params.firstName,
      lastName: params.lastName,
      mobile: params.mobile,
      isDefault,
    })
    .returning();
  if (!row) throw new Error('address insert returned no row');
  await recordEvent({ db, app, type: 'address.added', data: toAddress(row, app, user.appUserId) });
  return { addressId: row.id, agencyCode: app.agencyCode, appId: app.appId, appUserId: user.appUserId };
}

/** addAddress's handler (lib/wallet/contract/operations/add-address.ts). */
export const addAddressHandler = bindHandler(addAddressOperation, addAddress);
