'use server';
// Server actions of one's own account (/account): changing one's password. Any signed-in member
// of staff may (no permission beyond a live session), and only for their own account: the actor
// is the session's, never an input. A wrong current password, or an attempt too soon after
// several (the sign-in throttle), is an error beside that field. A state action, so the form
// works before its scripts load.
import { headers } from 'next/headers';
import { returnValidationErrors } from 'next-safe-action';
import { z } from 'zod';
import { authActionClient } from '@/lib/backoffice/shared/action-client';
import { clientAddress } from '@/lib/backoffice/auth/auth-options';
import { reissueSession } from '@/lib/backoffice/auth/session-cookie';
import { getDb } from '@/lib/backoffice/db';
import { fromFormData } from '@/lib/backoffice/shared/action-form-data';
import { changeOwnPasswordSchema } from '@/lib/backoffice/staff/forms';
import {
  changeOwnPassword as changePassword,
  PasswordAttemptsWaitError,
  WrongCurrentPasswordError,
} from '@/lib/backoffice/staff/change-own-password';

export const changeOwnPassword = authActionClient
  .metadata({ name: 'staff.password_change', permission: null })
  // The form's post (FormData, also before its scripts load) or an object.
  .inputSchema(z.preprocess(fromFormData, changeOwnPasswordSchema))
  .stateAction<{ stillSignedIn: boolean }>(async ({ parsedInput, ctx }) => {
    let sessionVersion: number;
    try {
      ({ sessionVersion } = await changePassword({
        db: await getDb(),
        actor: ctx.staff,
        input: parsedInput,
        address: clientAddress(Object.fromEntries(await headers())),
      }));
    } catch (error) {
      if (error instanceof WrongCurrentPasswordError || error instanceof PasswordAttemptsWaitError) {
        returnValidationErrors(changeOwnPasswordSchema, { currentPassword: { _errors: [error.message] } });
      }
      throw error;
    }
    // Every session of the account has just ended; this browser's carries the new version.
    const stillSignedIn = await reissueSession(ctx.staff.id, sessionVersion);
    return { stillSignedIn };
  });
