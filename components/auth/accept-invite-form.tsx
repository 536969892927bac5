'use client';
// Choosing a password on an invitation link, checked by the action's schema on the server:
// before the page's scripts load as well as after (useActionForm). Errors from the server (an
// expired link, a password the rules refuse) appear beside the fields; once hydrated, what was
// typed stays.
import Link from 'next/link';
import { useActionForm } from '@/components/forms/use-action-form';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { ServerErrorAlert } from '@/components/forms/server-error-alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { acceptInvite } from '@/lib/backoffice/staff/invite-actions';
import { PASSWORD_MIN_LENGTH } from '@/lib/backoffice/staff/form-rules';

export function AcceptInviteForm({ token, email }: { token: string; email: string }) {
  const { result, pending, formProps, fieldError } = useActionForm(acceptInvite);

  if (result.data) {
    return (
      <Alert variant="success">
        <AlertTitle>Your password is set</AlertTitle>
        <AlertDescription>
          <Link className="font-medium underline" href={`/login?email=${encodeURIComponent(email)}`}>
            Sign in as {email}
          </Link>
        </AlertDescription>
      </Alert>
    );
  }

  return (
    <form {...formProps} method="post" className="grid gap-5">
      <ServerErrorAlert title="Your password could not be set" error={result.serverError} />
      <input type="hidden" name="token" value={token} />
      <input type="email" autoComplete="username" value={email} readOnly hidden />
      <Field
        label="New password"
        required
        description={`At least ${PASSWORD_MIN_LENGTH} characters. A passphrase of a few words is easy to remember.`}
        error={fieldError('password') ?? fieldError('token')}
      >
        <Input name="password" type="password" autoComplete="new-password" autoFocus />
      </Field>
      <Field label="Repeat the password" required error={fieldError('confirmPassword')}>
        <Input name="confirmPassword" type="password" autoComplete="new-password" />
      </Field>
      <Button type="submit" loading={pending} className="w-full">
        Set password
      </Button>
    </form>
  );
}
