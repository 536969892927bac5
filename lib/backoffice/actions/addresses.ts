'use server';
// Server actions for users' delivery addresses: adding one (spec 4.7). Checked, validated,
// audited and mapped to form fields the same way as every wallet-changing action
// (authActionClient + runWalletMutation).
import { revalidatePath } from 'next/cache';
import { authActionClient } from '@/lib/backoffice/actions/action-client';
import { runWalletMutation } from '@/lib/backoffice/actions/wallet-mutation';
import { getWalletClient } from '@/lib/backoffice/wallet-client';
import { addAddressFormSchema, toAddAddressInput } from '@/lib/backoffice/forms/user-forms';

export const addAddress = authActionClient
  .metadata({ name: 'address.add', permission: 'addresses.add' })
  .inputSchema(addAddressFormSchema)
  .action(async ({ parsedInput, ctx }) => {
    const input = toAddAddressInput(parsedInput);
    const created = await runWalletMutation({
      staff: ctx.staff,
      schema: addAddressFormSchema,
      action: 'address.add',
      targetType: 'user',
      targetId: input.appUserId,
      summary: `Add a ${input.isDefault ? 'default ' : ''}delivery address in ${input.country} for user ${input.appUserId}`,
      call: () => getWalletClient().addAddress(input),
      describe: (result) => ({
        summary: `Added delivery address ${result.addressId} in ${input.country} for user ${input.appUserId}`,
      }),
    });
    revalidatePath(`/users/${encodeURIComponent(input.appUserId)}`);
    return { appUserId: created.appUserId, addressId: created.addressId };
  });
