'use server';
// Signing in with e-mail and password: the sign-in form's action, so the form works before its
// scripts load (or without them) as well as with them. The credentials are checked by the one
// function next-auth's endpoint uses too (authorizeCredentials: the throttle, the audit entry),
// and the session is next-auth's own cookie (issueSession), so everything after sign-in is
// next-auth's as before; a success also gives the browser its device cookie (device-cookie.ts).
// Posted as a form (FormData) it answers with a redirect to the page asked for; called from the
// hydrated form (an object) it returns that page for the router.
// An account with two-factor sign-in is asked for its code next (step 'code'): the browser holds a
// short-lived cookie naming a record, on the server, that the password was right
// (two-factor-pending.ts; the sign-in spends it), and the form posts the code alone. A refusal comes back as its code, with the e-mail address typed, never
// the password.
import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { z } from 'zod';
import { actionClient } from '@/lib/backoffice/shared/action-client';
import { getDb } from '@/lib/backoffice/db';
import {
  authorizeCredentials,
  authorizeSecondFactor,
  SignInError,
  SignInRefusal,
  type AuthorizedStaff,
} from '@/lib/backoffice/auth/auth-options';
import {
  clearPendingSignIn,
  readPendingSignIn,
  setPendingSignIn,
} from '@/lib/backoffice/auth/two-factor-pending';
import { rememberDevice } from '@/lib/backoffice/auth/device-cookie';
import { afterSignInPath } from '@/lib/backoffice/auth/callback-url';
import { ENROL_PATH } from '@/lib/backoffice/auth/current-staff';
import { issueSession } from '@/lib/backoffice/auth/session-cookie';
import { fromFormData, postedWithoutScript } from '@/lib/backoffice/shared/action-form-data';
import { signInSchema } from '@/lib/backoffice/staff/forms';

// Loose on purpose: the rules (signInSchema) are checked in the action, so that a refusal can
// carry the e-mail address back into the form.
const signInInputSchema = z.preprocess(
  fromFormData,
  z.object({
    email: z.string().max(10_000).catch(''),
    password: z.string().max(10_000).catch(''),
    code: z.string().max(10_000).catch(''),
    step: z.literal('code').optional().catch(undefined),
    callbackUrl: z.string().max(10_000).nullish().catch(null),
  }),
);

export type SignInState = {
  /** The address typed, to put back in the form. */
  email?: string;
  /** A refusal's code (SignInError). */
  error?: string;
  fieldErrors?: { email?: string; password?: string; code?: string };
  /** 'code': the password was right; the form asks for the two-factor code (or a recovery code). */
  step?: 'code';
  /** Signed in: the page to open. */
  href?: string;
};

export const signInWithPassword = actionClient
  .metadata({ name: 'auth.sign_in', permission: null })
  .inputSchema(signInInputSchema)
  .stateAction<SignInState>(async ({ parsedInput, clientInput }) => {
    const email = parsedInput.email.slice(0, 254);
    const requestHeaders = Object.fromEntries(await headers());
    let account: AuthorizedStaff;
    if (parsedInput.step === 'code') {
      // The second step: the code alone, for the account whose password was right (its cookie).
      const code = parsedInput.code.trim();
      if (!code) return { email, step: 'code', fieldErrors: { code: 'Enter the code from your app' } };
      const pending = await readPendingSignIn(await getDb());
      if (!pending) return { email, error: SignInError.expired };
      try {
        account = await authorizeSecondFactor(pending, code, requestHeaders);
      } catch (error) {
        if (!(error instanceof SignInRefusal)) throw error;
        if (error.code === SignInError.expired) await clearPendingSignIn();
        return error.code === SignInError.expired
          ? { email, error: error.code }
          : { email, step: 'code', error: error.code };
      }
      await clearPendingSignIn();
    } else {
      const checked = signInSchema.safeParse(parsedInput);
      if (!checked.success) {
        const fields = z.flattenError(checked.error).fieldErrors;
        return { email, fieldErrors: { email: fields.email?.[0], password: fields.password?.[0] } };
      }
      try {
        account = await authorizeCredentials(checked.data, requestHeaders);
      } catch (error) {
        if (!(error instanceof SignInRefusal)) throw error;
        if (error.code === SignInError.twoFactor && error.pending) {
          await setPendingSignIn(await getDb(), error.pending);
          return { email, step: 'code' };
        }
        return { email, error: error.code };
      }
    }
    await rememberDevice(requestHeaders, account.email);
    await issueSession(account);
    // Two-factor sign-in required and not set up: that page first (straight there, not through a
    // redirect from the page asked for).
    const href = account.mustEnrolTwoFactor ? ENROL_PATH : afterSignInPath(parsedInput.callbackUrl);
    if (postedWithoutScript(clientInput)) redirect(href);
    return { href };
  });
