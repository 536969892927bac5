'use server';
// Server actions for app users: registering one with KYC (spec 4.1). The action checks the
// caller's role itself (authActionClient), validates with the form's own schema, and goes through
// runWalletMutation, so every outcome is audited and a refusal naming a field lands beside it. A
// form's state action: posted without scripts it answers with the new user's page, or, refused,
// with the errors and what was typed (keepTypedValues).
import { revalidatePath } from 'next/cache';
import { redirect } from 'next/navigation';
import { authActionClient, keepTypedValues } from '@/lib/backoffice/shared/action-client';
import { runWalletMutation } from '@/lib/backoffice/shared/wallet-mutation';
import { getWalletClient } from '@/lib/backoffice/wallet-client';
import { postedWithoutScript } from '@/lib/backoffice/shared/action-form-data';
import {
  registerUserFormSchema,
  registerUserPostSchema,
  toRegisterAndKycInput,
} from '@/lib/backoffice/users/forms';

export const registerUser = authActionClient
  .metadata({ name: 'user.register', permission: 'users.register' })
  .inputSchema(registerUserPostSchema, keepTypedValues)
  .stateAction<{ appUserId: string; firstName: string; lastName: string }>(
    async ({ parsedInput, clientInput, ctx }) => {
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
      const userPath = `/users/${encodeURIComponent(user.appUserId)}`;
      if (postedWithoutScript(clientInput)) redirect(userPath);
      // Only what the browser needs: the wallet token is the user's credential, not staff's.
      return { appUserId: user.appUserId, firstName: parsedInput.firstName, lastName: parsedInput.lastName };
    },
  );
