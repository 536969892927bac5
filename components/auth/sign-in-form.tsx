'use client';
// The sign-in form: e-mail and password through next-auth's credentials endpoint, with the
// refusal said in words (wrong details, too many attempts, disabled account). What was typed
// stays in the form on an error.
import { LogIn } from 'lucide-react';
import { useRouter } from 'next/navigation';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import type { signInSchema } from '@/lib/backoffice/forms/staff';
import { lazyZodResolver, usePreloadResolver } from '@/lib/backoffice/forms/lazy-resolver';

// zod and the schema load after the first paint (lazy-resolver.ts).
const signInResolver = lazyZodResolver(() =>
  import('@/lib/backoffice/forms/staff').then((m) => m.signInSchema),
);

type SignInValues = z.infer<typeof signInSchema>;

const loadNextAuth = () => import('next-auth/react');

export function signInErrorMessage(code: string | null | undefined): { title: string; detail: string } {
  if (code?.startsWith('wait:')) {
    const seconds = Number(code.split(':')[1]) || 1;
    return {
      title: 'Too many failed sign-ins',
      detail: `After several failed attempts, wait ${seconds} second${seconds === 1 ? '' : 's'} before the next one. Your password was not checked this time.`,
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
  usePreloadResolver(signInResolver);
  useEffect(() => {
    void loadNextAuth().catch(() => undefined);
  }, []);
  const router = useRouter();
  const [failure, setFailure] = useState<{ title: string; detail: string } | null>(null);
  const form = useForm<SignInValues>({
    resolver: signInResolver,
    defaultValues: { email: defaultEmail ?? '', password: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    // next-auth's client (and the helpers it brings) loads once the form is on screen, not with
    // the page: it is needed for this one call.
    const result = await loadNextAuth()
      .then(({ signIn }) => signIn('credentials', { ...values, redirect: false }))
      .catch(() => undefined);
    if (!result || result.error || !result.ok) {
      setFailure(signInErrorMessage(result?.error));
      return;
    }
    router.replace(callbackUrl);
    router.refresh();
  });

  return (
    <form
      method="post"
      onSubmit={onSubmit}
      noValidate
      className="grid gap-5"
      aria-describedby={failure ? 'sign-in-failure' : undefined}
    >
      {failure ? (
        <Alert variant="error" live id="sign-in-failure">
          <AlertTitle>{failure.title}</AlertTitle>
          <AlertDescription>{failure.detail}</AlertDescription>
        </Alert>
      ) : null}
      <Field label="E-mail" required error={errors.email?.message}>
        <Input type="email" autoComplete="username" autoFocus {...form.register('email')} />
      </Field>
      <Field label="Password" required error={errors.password?.message}>
        <Input type="password" autoComplete="current-password" {...form.register('password')} />
      </Field>
      <Button type="submit" loading={isSubmitting} className="w-full">
        <LogIn className="size-4" aria-hidden="true" />
        Sign in
      </Button>
    </form>
  );
}
