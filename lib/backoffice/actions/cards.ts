'use server';
// Server actions of a card's lifecycle (DESIGN §8 card/lock, unlock, activate, cancel), with the
// roles of DESIGN §9: support may lock (a caller reports a card lost or stolen), only operators
// and admins unlock, activate or cancel. Each is checked, validated, audited with its reason and
// wallet result code, and idempotent through the dialog's requestId.
import { revalidatePath } from 'next/cache';
import type { z } from 'zod';
import { authActionClient } from '@/lib/backoffice/actions/action-client';
import { runWalletMutation } from '@/lib/backoffice/actions/wallet-mutation';
import type { CurrentStaff } from '@/lib/backoffice/auth/current-staff';
import {
  cardChangeSchema,
  cardChangeWithReasonSchema,
  REASON_LABELS,
  type CardAction,
  type CardChangeReason,
} from '@/lib/backoffice/forms/card-programme';
import { getWalletClient } from '@/lib/backoffice/wallet-client';

const VERBS: Record<CardAction, { present: string; past: string }> = {
  lock: { present: 'Lock', past: 'Locked' },
  unlock: { present: 'Unlock', past: 'Unlocked' },
  activate: { present: 'Activate', past: 'Activated' },
  cancel: { present: 'Cancel', past: 'Cancelled' },
};

type Change = { appUserId: string; cardId: number; requestId: string; reason?: CardChangeReason };

async function changeCard(staff: CurrentStaff, action: CardAction, schema: z.ZodObject, input: Change) {
  const wallet = getWalletClient();
  const ref = { appUserId: input.appUserId, cardId: input.cardId, requestId: input.requestId };
  const because = input.reason ? ` (reason: ${REASON_LABELS[input.reason]})` : '';
  const card = await runWalletMutation({
    staff,
    schema,
    action: `card.${action}`,
    targetType: 'card',
    targetId: String(input.cardId),
    subjectUser: input.appUserId,
    summary: `${VERBS[action].present} card ${input.cardId} of user ${input.appUserId}${because}`,
    call: () => {
      switch (action) {
        case 'lock':
          return wallet.cardLock({ ...ref, reason: input.reason! });
        case 'cancel':
          return wallet.cardCancel({ ...ref, reason: input.reason! });
        case 'unlock':
          return wallet.cardUnlock(ref);
        case 'activate':
          return wallet.cardActivate(ref);
      }
    },
    describe: (result) => ({
      summary: `${VERBS[action].past} card ${input.cardId} of user ${input.appUserId}${because}; now ${result.status}`,
    }),
  });
  const userPath = `/users/${encodeURIComponent(input.appUserId)}`;
  revalidatePath(`${userPath}/cards/${input.cardId}`);
  revalidatePath(userPath);
  return { cardId: card.cardId, status: card.status };
}

export const lockCard = authActionClient
  .metadata({ name: 'card.lock', permission: 'cards.lock' })
  .inputSchema(cardChangeWithReasonSchema)
  .action(({ parsedInput, ctx }) => changeCard(ctx.staff, 'lock', cardChangeWithReasonSchema, parsedInput));

export const cancelCard = authActionClient
  .metadata({ name: 'card.cancel', permission: 'cards.manage' })
  .inputSchema(cardChangeWithReasonSchema)
  .action(({ parsedInput, ctx }) => changeCard(ctx.staff, 'cancel', cardChangeWithReasonSchema, parsedInput));

export const unlockCard = authActionClient
  .metadata({ name: 'card.unlock', permission: 'cards.manage' })
  .inputSchema(cardChangeSchema)
  .action(({ parsedInput, ctx }) => changeCard(ctx.staff, 'unlock', cardChangeSchema, parsedInput));

export const activateCard = authActionClient
  .metadata({ name: 'card.activate', permission: 'cards.manage' })
  .inputSchema(cardChangeSchema)
  .action(({ parsedInput, ctx }) => changeCard(ctx.staff, 'activate', cardChangeSchema, parsedInput));
