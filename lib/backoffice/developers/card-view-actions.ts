'use server';
// The card-view origins on /developers (admins, developers.manage; docs/back-office.md "Pages",
// Developers): which pages of the agency's app may embed the wallet's card-details page
// (app/cardViewOrigins/set), audited with the origins before and after in words.
import { revalidatePath } from 'next/cache';
import { authActionClient, keepTypedValues } from '@/lib/backoffice/shared/action-client';
import { runWalletMutation } from '@/lib/backoffice/shared/wallet-mutation';
import { getWalletClient } from '@/lib/backoffice/wallet-client';
import type { CardViewOrigins } from '@/lib/wallet/contract/schemas';
import { setCardViewOriginsPostSchema, setCardViewOriginsSchema } from './card-view-forms';

export const setCardViewOrigins = authActionClient
  .metadata({ name: 'card_view_origins.set', permission: 'developers.manage' })
  .inputSchema(setCardViewOriginsPostSchema, keepTypedValues)
  .stateAction<CardViewOrigins>(async ({ parsedInput, ctx }) => {
    const { origins } = parsedInput;
    const saved = await runWalletMutation({
      staff: ctx.staff,
      schema: setCardViewOriginsSchema,
      action: 'card_view_origins.set',
      targetType: 'webhook',
      targetId: 'card-view-origins',
      summary: origins
        ? `Set the card-view origins to ${origins.split(',').join(', ')}`
        : 'Cleared the card-view origins: no page may embed the card-details page',
      // Given empty, the wallet clears them (a clearable parameter).
      call: () => getWalletClient().appCardViewOriginsSet({ origins }),
    });
    revalidatePath('/developers');
    return saved;
  });
