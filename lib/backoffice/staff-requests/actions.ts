'use server';
// Server actions of the staff requests (docs/back-office.md "Staff requests"): filing one from a
// locked card's page (support, or anyone who may read cards), and closing one (whoever may do what
// it asks: done once the wallet shows it done, or dismissed with a comment). The card is read from
// the wallet, never taken from the form. Each checks the caller itself (the action client the
// session and the permission; the domain function the request's own permission); usable as forms
// posted without JavaScript (state actions: the page answers with the outcome).
import { revalidatePath } from 'next/cache';
import { eq } from 'drizzle-orm';
import { authActionClient, keepTypedValues } from '@/lib/backoffice/shared/action-client';
import { getDb } from '@/lib/backoffice/db';
import { staffRequests } from '@/lib/backoffice/db/schema';
import { StaffFacingError } from '@/lib/backoffice/shared/errors';
import { cardHref, namesOfUser } from '@/lib/backoffice/names/wallet-names';
import { getWalletClient } from '@/lib/backoffice/wallet-client';
import { closeStaffRequestPostSchema, fileStaffRequestPostSchema } from './forms';
import { closeStaffRequest, fileStaffRequest } from './staff-requests';

function refresh(appUserId: string, cardId: number) {
  revalidatePath(cardHref(appUserId, cardId));
  revalidatePath('/approvals');
  // The navigation's count (the layout).
  revalidatePath('/', 'layout');
}

export const fileStaffRequestAction = authActionClient
  .metadata({ name: 'staff_request.file', permission: 'cards.request' })
  .inputSchema(fileStaffRequestPostSchema, keepTypedValues)
  .stateAction<{ id: number; filed: boolean }>(async ({ parsedInput, ctx }) => {
    const { appUserId, cardId, kind, note } = parsedInput;
    const [card, user] = await Promise.all([
      getWalletClient().cardDetail({ appUserId, cardId }),
      namesOfUser(appUserId),
    ]);
    const text = user?.cards.find((c) => c.cardId === cardId)?.text ?? `card ${cardId} of user ${appUserId}`;
    const { request, filed } = await fileStaffRequest({
      db: await getDb(),
      actor: ctx.staff,
      kind,
      card: { appUserId, cardId, status: card.status, text },
      note,
    });
    refresh(appUserId, cardId);
    return { id: request.id, filed };
  });

export const closeStaffRequestAction = authActionClient
  .metadata({ name: 'staff_request.close', permission: 'cards.manage' })
  .inputSchema(closeStaffRequestPostSchema, keepTypedValues)
  .stateAction<{ id: number; status: 'DONE' | 'DISMISSED' }>(async ({ parsedInput, ctx }) => {
    const { id, outcome, comment } = parsedInput;
    const db = await getDb();
    const [row] = await db.select().from(staffRequests).where(eq(staffRequests.id, id));
    if (!row) throw new StaffFacingError('That request does not exist.');
    // Done is what the wallet shows, not what the form says.
    const card = await getWalletClient().cardDetail({ appUserId: row.appUserId, cardId: row.cardId });
    const closed = await closeStaffRequest({
      db,
      actor: ctx.staff,
      id,
      outcome,
      ...(comment ? { comment } : {}),
      cardStatus: card.status,
    });
    refresh(row.appUserId, row.cardId);
    return { id, status: closed.status as 'DONE' | 'DISMISSED' };
  });
