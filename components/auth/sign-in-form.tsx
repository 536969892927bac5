'use client';
// The sign-in form: e-mail and password through the sign-in server action, so it signs in
// before its scripts load (or without them): the browser posts the form and gets the page asked
// for, or this page again with the refusal said in words (wrong details, too many attempts, a
// disabled account) and the e-mail address typed. Once hydrated, the same action is called
// without a page load (useActionForm), and what was typed stays in the form on an error. For an
// account with two-factor sign-in, a right password brings the code step (the code alone).
import { LogIn } from 'lucide-react';
import { useRouter } from 'next/navigation';
import { useEffect } from 'react';
import { useActionForm } from '@/components/forms/use-action-form';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { signInWithPassword } from '@/lib/backoffice/auth/sign-in-actions';

export function signInErrorMessage(code: string | null | undefined): { title: string; detail: string } {
  if (code?.startsWith('wait:')) {
    const seconds = Number(code.split(':')[1]) || 1;
    return {
      title: 'Too many failed sign-ins',
      detail: `After several failed attempts, wait ${seconds} second${seconds === 1 ? '' : 's'} before the next one. What you entered was not checked this time.`,
    };
  }
  if (code === 'invalid-code') {
    return {
      title: 'Sign-in failed',
      detail:
        'That code is not right, or was used already. Enter the code your app shows now, or a recovery code.',
    };
  }
  if (code === 'sign-in-expired') {
    return {
      title: 'Sign in again',
      detail: 'Too long passed since your password was checked. Enter it again.',
    };
  }
  if (code === 'account-disabled') {
    return { title: 'This account is disabled', detail: 'Ask an administrator to re-enable it.' };
  }
  if (code === 'invalid-credentials' || code === 'CredentialsSignin') {
    return {
      title: 'Sign-in failed',
      detail: 'The e-mail address or password is not right. Check both and try again.',
    };
  }
  return { title: 'Sign-in failed', detail: 'Something went wrong. Try again in a moment.' };
}

export function SignInForm({ callbackUrl, defaultEmail }: { callbackUrl: string; defaultEmail?: string }) {
  const router = useRouter();
  const { result, pending, formProps } = useActionForm(signInWithPassword);
  const state = result.data;
  const href = state?.href;
  useEffect(() => {
    if (!href) return;
    router.replace(href);
    router.refresh();
  }, [href, router]);

  const failure = state?.error
    ? signInErrorMessage(state.error)
    : result.serverError
      ? signInErrorMessage(null)
      : null;

  return (
    <form
      {...formProps}
      method="post"
      className="grid gap-5"
      aria-describedby={failure ? 'sign-in-failure' : undefined}
    >
      {failure ? (
        <Alert variant="error" live id="sign-in-failure">
          <AlertTitle>{failure.title}</AlertTitle>
          <AlertDescription>{failure.detail}</AlertDescription>
        </Alert>
      ) : null}
      <input type="hidden" name="callbackUrl" value={callbackUrl} />
      {state?.step === 'code' ? (
        <>
          <input type="hidden" name="step" value="code" />
          <input type="hidden" name="email" value={state.email ?? ''} />
          <p className="text-sm text-muted-foreground">
            Two-factor sign-in for{' '}
            <span className="break-all font-medium text-foreground">{state.email}</span>: enter the 6-digit
            code your authenticator app shows, or one of your recovery codes.
          </p>
          <Field label="Code" required error={state.fieldErrors?.code}>
            <Input
              name="code"
              autoComplete="one-time-code"
              autoFocus
              spellCheck={false}
              autoCapitalize="none"
            />
          </Field>
        </>
      ) : (
        <>
          <Field label="E-mail" required error={state?.fieldErrors?.email}>
            <Input
              name="email"
              type="email"
              autoComplete="username"
              autoFocus
              defaultValue={state?.email ?? defaultEmail ?? ''}
            />
          </Field>
          <Field label="Password" required error={state?.fieldErrors?.password}>
            <Input name="password" type="password" autoComplete="current-password" />
          </Field>
        </>
      )}
      <Button type="submit" loading={pending || Boolean(href)} className="w-full">
        <LogIn className="size-4" aria-hidden="true" />
        {state?.step === 'code' ? 'Verify and sign in' : 'Sign in'}
      </Button>
    </form>
  );
}
