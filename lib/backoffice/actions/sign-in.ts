'use server';
// Signing in with e-mail and password: the sign-in form's action, so the form works before its
// scripts load (or without them) as well as with them. The credentials are checked by the one
// function next-auth's endpoint uses too (authorizeCredentials: the throttle, the audit entry),
// and the session is next-auth's own cookie (issueSession), so everything after sign-in is
// next-auth's as before; a success also gives the browser its device cookie (device-cookie.ts).
// Posted as a form (FormData) it answers with a redirect to the page asked for; called from the
// hydrated form (an object) it returns that page for the router.
// A refusal comes back as its code, with the e-mail address typed, never the password.
import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { z } from 'zod';
import { actionClient } from '@/lib/backoffice/actions/action-client';
import { authorizeCredentials, SignInRefusal } from '@/lib/backoffice/auth/auth-options';
import { rememberDevice } from '@/lib/backoffice/auth/device-cookie';
import { afterSignInPath } from '@/lib/backoffice/auth/callback-url';
import { issueSession } from '@/lib/backoffice/auth/session-cookie';
import { fromFormData, postedWithoutScript } from '@/lib/backoffice/forms/action-form-data';
import { signInSchema } from '@/lib/backoffice/forms/staff';

// Loose on purpose: the rules (signInSchema) are checked in the action, so that a refusal can
// carry the e-mail address back into the form.
const signInInputSchema = z.preprocess(
  fromFormData,
  z.object({
    email: z.string().max(10_000).catch(''),
    password: z.string().max(10_000).catch(''),
    callbackUrl: z.string().max(10_000).nullish().catch(null),
  }),
);

export type SignInState = {
  /** The address typed, to put back in the form. */
  email?: string;
  /** A refusal's code (SignInError). */
  error?: string;
  fieldErrors?: { email?: string; password?: string };
  /** Signed in: the page to open. */
  href?: string;
};

export const signInWithPassword = actionClient
  .metadata({ name: 'auth.sign_in', permission: null })
  .inputSchema(signInInputSchema)
  .stateAction<SignInState>(async ({ parsedInput, clientInput }) => {
    const email = parsedInput.email.slice(0, 254);
    const checked = signInSchema.safeParse(parsedInput);
    if (!checked.success) {
      const fields = z.flattenError(checked.error).fieldErrors;
      return { email, fieldErrors: { email: fields.email?.[0], password: fields.password?.[0] } };
    }
    try {
      const requestHeaders = Object.fromEntries(await headers());
      const account = await authorizeCredentials(checked.data, requestHeaders);
      await rememberDevice(requestHeaders, account.email);
      await issueSession(account);
    } catch (error) {
      if (error instanceof SignInRefusal) return { email, error: error.code };
      throw error;
    }
    const href = afterSignInPath(parsedInput.callbackUrl);
    if (postedWithoutScript(clientInput)) redirect(href);
    return { href };
  });
