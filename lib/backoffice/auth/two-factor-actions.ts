'use server';
// Server actions of two-factor sign-in (lib/backoffice/auth/two-factor.ts): on one's own account
// (/account) starting enrolment, confirming it with a code (the recovery codes come back, once)
// and turning it off with a code; on /staff an admin resetting someone else's. State actions
// posted as forms, so each works before its scripts load; a wrong code comes back beside the
// field. Enrolling is what someone who must have two-factor sign-in may still do (action-client.ts).
// Turning it off with a code is an attempt in the sign-in throttle, like a sign-in's code.
import { headers } from 'next/headers';
import { revalidatePath } from 'next/cache';
import { redirect } from 'next/navigation';
import { returnValidationErrors } from 'next-safe-action';
import { z } from 'zod';
import { authActionClient } from '@/lib/backoffice/shared/action-client';
import { clientAddress } from '@/lib/backoffice/auth/auth-options';
import { claimAttempt, forgiveAttempt, recordFailure } from '@/lib/backoffice/auth/sign-in-throttle';
import {
  confirmEnrolment,
  disableOwnTwoFactor,
  resetTwoFactor,
  startEnrolment,
  WrongCodeError,
} from '@/lib/backoffice/auth/two-factor';
import { getDb } from '@/lib/backoffice/db';
import { fromFormData, postedWithoutScript } from '@/lib/backoffice/shared/action-form-data';

const codeSchema = z.object({
  code: z
    .string('Enter the code.')
    .trim()
    .min(1, 'Enter the code.')
    .max(40, 'A code is at most 40 characters.'),
});
const codeInput = z.preprocess(fromFormData, codeSchema);

export const startTwoFactor = authActionClient
  .metadata({ name: 'staff.enrol_two_factor', permission: null })
  .inputSchema(z.preprocess(fromFormData, z.object({})))
  .stateAction<{ started: true }>(async ({ ctx, clientInput }) => {
    await startEnrolment(await getDb(), ctx.staff.id);
    revalidatePath('/account');
    if (postedWithoutScript(clientInput)) redirect('/account');
    return { started: true };
  });

export const confirmTwoFactor = authActionClient
  .metadata({ name: 'staff.enable_two_factor', permission: null })
  .inputSchema(codeInput)
  .stateAction<{ recoveryCodes: string[] }>(async ({ parsedInput, ctx }) => {
    try {
      const recoveryCodes = await confirmEnrolment(await getDb(), ctx.staff.id, parsedInput.code);
      revalidatePath('/account');
      return { recoveryCodes };
    } catch (error) {
      if (error instanceof WrongCodeError) {
        returnValidationErrors(codeSchema, { code: { _errors: [error.message] } });
      }
      throw error;
    }
  });

export const disableTwoFactor = authActionClient
  .metadata({ name: 'staff.disable_two_factor', permission: null })
  .inputSchema(codeInput)
  .stateAction<{ disabled: true }>(async ({ parsedInput, ctx, clientInput }) => {
    const db = await getDb();
    const keys = {
      account: ctx.staff.email.toLowerCase(),
      address: clientAddress(Object.fromEntries(await headers())),
    };
    const claim = await claimAttempt(db, keys);
    if (!claim.heard) {
      const seconds = Math.ceil(claim.waitMs / 1000);
      returnValidationErrors(codeSchema, {
        code: {
          _errors: [
            `Too many wrong codes: wait ${seconds} second${seconds === 1 ? '' : 's'} before the next try. This one was not checked.`,
          ],
        },
      });
    }
    try {
      await disableOwnTwoFactor(db, ctx.staff.id, parsedInput.code);
    } catch (error) {
      // Not turned off, whatever the reason: the attempt is settled as a failure.
      await recordFailure(db, keys, claim);
      if (error instanceof WrongCodeError) {
        returnValidationErrors(codeSchema, { code: { _errors: [error.message] } });
      }
      throw error;
    }
    await forgiveAttempt(db, keys, claim);
    revalidatePath('/account');
    if (postedWithoutScript(clientInput)) redirect('/account');
    return { disabled: true };
  });

export const resetStaffTwoFactor = authActionClient
  .metadata({ name: 'staff.reset_two_factor', permission: 'staff.manage' })
  .inputSchema(
    z.preprocess(
      fromFormData,
      z.object({
        staffId: z.coerce.number('Choose a member of staff.').int().positive('Choose a member of staff.'),
      }),
    ),
  )
  .stateAction<{ email: string }>(async ({ parsedInput, ctx, clientInput }) => {
    const reset = await resetTwoFactor(await getDb(), ctx.staff, parsedInput.staffId);
    revalidatePath('/staff');
    if (postedWithoutScript(clientInput)) redirect('/staff');
    return { email: reset };
  });
