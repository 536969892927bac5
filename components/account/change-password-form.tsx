'use client';
// Changing one's own password on /account: the current password, the new one (the invitation's
// rules) and its repetition, checked in the browser by the action's own schema. A wrong current
// password comes back beside that field and nothing changes; what was typed stays. On success
// every other session of the account has ended and this browser stays signed in; if its session
// could not be carried over, the person signs in again with the new password.
import { useHookFormAction } from '@next-safe-action/adapter-react-hook-form/hooks';
import { KeyRound } from 'lucide-react';
import { useRouter } from 'next/navigation';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { changeOwnPassword } from '@/lib/backoffice/actions/account';
import { PASSWORD_MIN_LENGTH } from '@/lib/backoffice/forms/staff-rules';
import { lazyZodResolver, usePreloadResolver } from '@/lib/backoffice/forms/lazy-resolver';

// zod and the schema load after the first paint (lazy-resolver.ts).
const changeOwnPasswordResolver = lazyZodResolver(() =>
  import('@/lib/backoffice/forms/staff').then((m) => m.changeOwnPasswordSchema),
);

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };

export function ChangePasswordForm({ email }: { email: string }) {
  usePreloadResolver(changeOwnPasswordResolver);
  const router = useRouter();
  const { form, action, handleSubmitWithAction } = useHookFormAction(
    changeOwnPassword,
    changeOwnPasswordResolver,
    {
      formProps: { defaultValues: EMPTY, shouldFocusError: true },
      actionProps: {
        onSuccess: ({ data }) => {
          if (data?.stillSignedIn) form.reset(EMPTY);
          else router.replace('/login');
        },
      },
    },
  );
  const { errors } = form.formState;
  const succeeded = action.hasSucceeded && action.result.data?.stillSignedIn;

  return (
    // POST even before hydration: a password must never travel in a URL.
    <form
      method="post"
      onSubmit={handleSubmitWithAction}
      noValidate
      aria-label="Change your password"
      className="grid max-w-md gap-5"
    >
      {succeeded ? (
        <Alert variant="success" live>
          <AlertTitle>Your password is changed</AlertTitle>
          <AlertDescription>
            You are still signed in here. Every other session of your account has ended: sign in there with
            the new password.
          </AlertDescription>
        </Alert>
      ) : null}
      {action.result.serverError ? (
        <Alert variant="error" live>
          <AlertTitle>Your password was not changed</AlertTitle>
          <AlertDescription>{action.result.serverError}</AlertDescription>
        </Alert>
      ) : null}
      {/* For password managers: the account the new password belongs to. */}
      <input type="email" autoComplete="username" value={email} readOnly hidden />
      <Field
        id="account-currentPassword"
        label="Current password"
        required
        error={errors.currentPassword?.message}
      >
        <Input type="password" autoComplete="current-password" {...form.register('currentPassword')} />
      </Field>
      <Field
        id="account-newPassword"
        label="New password"
        required
        description={`At least ${PASSWORD_MIN_LENGTH} characters. A passphrase of a few words is easy to remember.`}
        error={errors.newPassword?.message}
      >
        <Input type="password" autoComplete="new-password" {...form.register('newPassword')} />
      </Field>
      <Field
        id="account-confirmPassword"
        label="Repeat the new password"
        required
        error={errors.confirmPassword?.message}
      >
        <Input type="password" autoComplete="new-password" {...form.register('confirmPassword')} />
      </Field>
      <div>
        <Button type="submit" loading={action.isExecuting}>
          <KeyRound aria-hidden="true" />
          Change password
        </Button>
      </div>
    </form>
  );
}
