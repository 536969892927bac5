'use client';
// Changing one's own password on /account: the current password, the new one (the invitation's
// rules) and its repetition, checked by the action's schema on the server, before its scripts
// load as well as after (useActionForm). A wrong current password comes back beside that field
// and nothing changes; once hydrated, what was typed stays. On success every other session of
// the account has ended and this browser stays signed in; if its session could not be carried
// over, the person signs in again with the new password.
import { KeyRound } from 'lucide-react';
import { useRouter } from 'next/navigation';
import { useEffect, useRef } from 'react';
import { useActionForm } from '@/components/forms/use-action-form';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { ServerErrorAlert } from '@/components/forms/server-error-alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { changeOwnPassword } from '@/lib/backoffice/account/actions';
import { PASSWORD_MIN_LENGTH } from '@/lib/backoffice/staff/form-rules';

export function ChangePasswordForm({ email }: { email: string }) {
  const router = useRouter();
  const formRef = useRef<HTMLFormElement>(null);
  const { result, pending, formProps, fieldError } = useActionForm(changeOwnPassword);
  const stillSignedIn = result.data?.stillSignedIn;
  useEffect(() => {
    if (stillSignedIn === true) formRef.current?.reset();
    if (stillSignedIn === false) router.replace('/login');
  }, [result, stillSignedIn, router]);

  return (
    // POST even before hydration: a password must never travel in a URL.
    <form
      ref={formRef}
      {...formProps}
      method="post"
      aria-label="Change your password"
      className="grid max-w-md gap-5"
    >
      {stillSignedIn ? (
        <Alert variant="success" live>
          <AlertTitle>Your password is changed</AlertTitle>
          <AlertDescription>
            You are still signed in here. Every other session of your account has ended: sign in there with
            the new password.
          </AlertDescription>
        </Alert>
      ) : null}
      <ServerErrorAlert title="Your password was not changed" error={result.serverError} />
      {/* For password managers: the account the new password belongs to. */}
      <input type="email" autoComplete="username" value={email} readOnly hidden />
      <Field
        id="account-currentPassword"
        label="Current password"
        required
        error={fieldError('currentPassword')}
      >
        <Input name="currentPassword" type="password" autoComplete="current-password" />
      </Field>
      <Field
        id="account-newPassword"
        label="New password"
        required
        description={`At least ${PASSWORD_MIN_LENGTH} characters. A passphrase of a few words is easy to remember.`}
        error={fieldError('newPassword')}
      >
        <Input name="newPassword" type="password" autoComplete="new-password" />
      </Field>
      <Field
        id="account-confirmPassword"
        label="Repeat the new password"
        required
        error={fieldError('confirmPassword')}
      >
        <Input name="confirmPassword" type="password" autoComplete="new-password" />
      </Field>
      <div>
        <Button type="submit" loading={pending}>
          <KeyRound aria-hidden="true" />
          Change password
        </Button>
      </div>
    </form>
  );
}
