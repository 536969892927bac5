'use server';
// Setting a card's spending controls from its page (docs/back-office.md "Pages"; the wallet side:
// docs/card-spending.md "card/controls/set"): operators and admins (ACTION_PERMISSIONS, support is
// refused and the refusal audited). Categories arrive as group names and become their ISO 18245
// codes here; a limit left empty that was set is removed only when the form confirms it (the
// confirmation is the server's, so it holds without JavaScript). Audited as card.controls_set with
// what changed, before and after.
import { revalidatePath } from 'next/cache';
import { returnValidationErrors } from 'next-safe-action';
import { ACTION_PERMISSIONS } from '@/lib/backoffice/auth/permissions';
import { authActionClient, keepTypedValues } from '@/lib/backoffice/shared/action-client';
import { runWalletMutation } from '@/lib/backoffice/shared/wallet-mutation';
import { getWalletClient } from '@/lib/backoffice/wallet-client';
import { mccOfGroups } from '@/lib/wallet/contract/merchant-categories';
import type { CardControls } from '@/lib/wallet/contract/schemas';
import { describeControlsChange, LIMIT_FIELDS } from './controls-view';
import { cardControlsFormPostSchema, cardControlsFormSchema } from './forms';

export type ControlsSaved = { controls: CardControls; change: string };

/** A list as card/controls/set takes it: joined; '' (clear) when emptied; absent when it was empty. */
function listParam(next: readonly string[], before: readonly string[]): string | undefined {
  if (next.length > 0) return [...next].sort().join(',');
  return before.length > 0 ? '' : undefined;
}

export const setCardControls = authActionClient
  .metadata({ name: 'card.controls_set', permission: ACTION_PERMISSIONS['card.controls_set'] })
  .inputSchema(cardControlsFormPostSchema, keepTypedValues)
  .stateAction<ControlsSaved>(async ({ parsedInput, ctx }) => {
    const { appUserId, cardId, requestId } = parsedInput;
    const wallet = getWalletClient();
    const [card, before] = await Promise.all([
      wallet.cardDetail({ appUserId, cardId }),
      wallet.cardControls({ appUserId, cardId }),
    ]);

    const removed = LIMIT_FIELDS.filter(
      (f) => parsedInput[f.name] === '' && before.limits.some((l) => l.interval === f.interval),
    );
    if (removed.length > 0 && !parsedInput.confirmRemoval) {
      const names = removed.map((f) => f.label.toLowerCase()).join(' and ');
      returnValidationErrors(cardControlsFormSchema, {
        confirmRemoval: {
          _errors: [
            `This removes the ${names} limit${removed.length > 1 ? 's' : ''}. Tick "Yes, remove" to confirm, or type an amount.`,
          ],
        },
      });
    }

    const limits = Object.fromEntries(
      LIMIT_FIELDS.map((f) => {
        const typed = parsedInput[f.name];
        return [f.name, typed !== '' ? typed : removed.includes(f) ? '' : undefined];
      }),
    );
    const blockedMcc = listParam(
      [...new Set([...mccOfGroups(parsedInput.groups), ...parsedInput.otherMcc])],
      before.blockedMcc,
    );
    const blockedCountries = listParam(
      [...new Set([...parsedInput.countries, ...parsedInput.addCountries])],
      before.blockedCountries,
    );

    let change = '';
    const after = await runWalletMutation({
      staff: ctx.staff,
      schema: cardControlsFormSchema,
      action: 'card.controls_set',
      targetType: 'card',
      targetId: String(cardId),
      subjectUser: appUserId,
      summary: `Set the spending controls of card ${cardId}`,
      call: () =>
        wallet.cardControlsSet({
          appUserId,
          cardId,
          requestId,
          ...limits,
          ...(blockedMcc !== undefined ? { blockedMcc } : {}),
          ...(blockedCountries !== undefined ? { blockedCountries } : {}),
        }),
      describe: (result) => {
        change = describeControlsChange(before, result, card.currency, card.decimalPlaces);
        return { summary: `Set the spending controls of card ${cardId}: ${change}` };
      },
    });
    revalidatePath(`/users/${encodeURIComponent(appUserId)}/cards/${cardId}`);
    return { controls: after, change };
  });
