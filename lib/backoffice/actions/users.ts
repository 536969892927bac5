'use server';
// Server actions for app users: registering one with KYC (spec 4.1). The action checks the
// caller's role itself (authActionClient), validates with the form's own schema, and goes through
// runWalletMutation, so every outcome is audited and a refusal naming a field lands beside it.
import { revalidatePath } from 'next/cache';
import { authActionClient } from '@/lib/backoffice/actions/action-client';
import { runWalletMutation } from '@/lib/backoffice/actions/wallet-mutation';
import { getWalletClient } from '@/lib/backoffice/wallet-client';
import { registerUserFormSchema, toRegisterAndKycInput } from '@/lib/backoffice/forms/user-forms';

export const registerUser = authActionClient
  .metadata({ name: 'user.register', permission: 'users.register' })
  .inputSchema(registerUserFormSchema)
  .action(async ({ parsedInput, ctx }) => {
    const input = toRegisterAndKycInput(parsedInput);
    const user = await runWalletMutation({
      staff: ctx.staff,
      schema: registerUserFormSchema,
      action: 'user.register',
      targetType: 'user',
      targetId: input.appUserId,
      summary: `Register user ${input.appUserId} with KYC`,
      call: () => getWalletClient().registerAndKyc(input),
    });
    revalidatePath('/users');
    // Only what the browser needs: the wallet token is the user's credential, not staff's.
    return { appUserId: user.appUserId };
  });
