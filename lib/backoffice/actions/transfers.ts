'use server';
// The money actions of the back-office (DESIGN §8 asset/transfer, §9: operators and admins):
// "Fund wallet" (the agency's asset to a user's wallet) and "Top up" (the user's wallet or the
// agency's asset to one of the user's active cards). The dialog has already refused what cannot
// be paid; the wallet checks again under its row locks (4001, 4010) and the refusal reaches the
// amount or source field.
import { revalidatePath } from 'next/cache';
import { authActionClient } from '@/lib/backoffice/actions/action-client';
import { runWalletMutation } from '@/lib/backoffice/actions/wallet-mutation';
import { transferSchema } from '@/lib/backoffice/forms/card-programme';
import { getWalletClient } from '@/lib/backoffice/wallet-client';

export const transferMoney = authActionClient
  .metadata({ name: 'asset.transfer', permission: 'money.transfer' })
  .inputSchema(transferSchema)
  .action(async ({ parsedInput: input, ctx }) => {
    const what =
      input.kind === 'top-up'
        ? `Top up card ${input.cardId ?? '?'} of user ${input.appUserId}`
        : `Fund the wallet of user ${input.appUserId}`;
    const route = `${input.amount} from asset ${input.fromAssetId} to asset ${input.toAssetId}`;
    const transfer = await runWalletMutation({
      staff: ctx.staff,
      schema: transferSchema,
      action: 'asset.transfer',
      targetType: input.kind === 'top-up' ? 'card' : 'user',
      targetId: input.kind === 'top-up' ? String(input.cardId ?? '') : input.appUserId,
      subjectUser: input.appUserId,
      summary: `${what}: ${route}`,
      call: () =>
        getWalletClient().assetTransfer({
          fromAssetId: input.fromAssetId,
          toAssetId: input.toAssetId,
          amount: input.amount,
          requestId: input.requestId,
        }),
      describe: (result) => ({ summary: `${what}: ${route} (transfer ${result.transferId})` }),
    });
    const userPath = `/users/${encodeURIComponent(input.appUserId)}`;
    revalidatePath(userPath);
    if (input.cardId) revalidatePath(`${userPath}/cards/${input.cardId}`);
    revalidatePath(`/assets/${transfer.fromAssetId}`);
    revalidatePath(`/assets/${transfer.toAssetId}`);
    revalidatePath('/');
    return transfer;
  });
