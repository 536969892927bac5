'use client';
// Choosing a password on an invitation link. Errors from the server (an expired link, a
// password the rules refuse) appear beside the fields; what was typed stays.
import { useHookFormAction } from '@next-safe-action/adapter-react-hook-form/hooks';
import Link from 'next/link';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { acceptInvite } from '@/lib/backoffice/actions/invite';
import { PASSWORD_MIN_LENGTH } from '@/lib/backoffice/forms/staff-rules';
import { lazyZodResolver, usePreloadResolver } from '@/lib/backoffice/forms/lazy-resolver';

// zod and the schema load after the first paint (lazy-resolver.ts).
const acceptInviteResolver = lazyZodResolver(() =>
  import('@/lib/backoffice/forms/staff').then((m) => m.acceptInviteSchema),
);

export function AcceptInviteForm({ token, email }: { token: string; email: string }) {
  usePreloadResolver(acceptInviteResolver);
  const { form, action, handleSubmitWithAction } = useHookFormAction(acceptInvite, acceptInviteResolver, {
    formProps: { defaultValues: { token, password: '', confirmPassword: '' } },
  });
  const { errors } = form.formState;

  if (action.hasSucceeded) {
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
    <form method="post" onSubmit={handleSubmitWithAction} noValidate className="grid gap-5">
      {action.result.serverError ? (
        <Alert variant="error" live>
          <AlertTitle>Your password could not be set</AlertTitle>
          <AlertDescription>{action.result.serverError}</AlertDescription>
        </Alert>
      ) : null}
      <input type="hidden" {...form.register('token')} />
      <input type="email" autoComplete="username" value={email} readOnly hidden />
      <Field
        label="New password"
        required
        description={`At least ${PASSWORD_MIN_LENGTH} characters. A passphrase of a few words is easy to remember.`}
        error={errors.password?.message}
      >
        <Input type="password" autoComplete="new-password" autoFocus {...form.register('password')} />
      </Field>
      <Field label="Repeat the password" required error={errors.confirmPassword?.message}>
        <Input type="password" autoComplete="new-password" {...form.register('confirmPassword')} />
      </Field>
      <Button type="submit" loading={action.isExecuting} className="w-full">
        Set password
      </Button>
    </form>
  );
}
