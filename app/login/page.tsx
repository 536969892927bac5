// Sign-in. Someone already signed in goes straight on.
import { CreditCard } from 'lucide-react';
import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { SignInForm } from '@/components/auth/sign-in-form';
import { ThemeToggle } from '@/components/theme-toggle';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { afterSignInPath } from '@/lib/backoffice/auth/callback-url';
import { ENROL_PATH, getCurrentStaff } from '@/lib/backoffice/auth/current-staff';

export const metadata: Metadata = { title: 'Sign in' };

export default async function LoginPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const params = await searchParams;
  // Only this origin's pages, so the sign-in page cannot be used to send people elsewhere.
  const requested = params.callbackUrl;
  const callbackUrl = afterSignInPath(Array.isArray(requested) ? requested[0] : requested);
  const current = await getCurrentStaff();
  // Someone who must set up two-factor sign-in goes there, not through the page asked for.
  if (current) redirect(current.mustEnrolTwoFactor ? ENROL_PATH : callbackUrl);
  const email = typeof params.email === 'string' ? params.email.slice(0, 254) : undefined;
  return (
    <main className="flex min-h-screen flex-col items-center justify-center bg-muted/30 px-4 py-12">
      <div className="absolute right-4 top-4">
        <ThemeToggle />
      </div>
      <div className="mb-6 flex items-center gap-2 text-lg font-semibold">
        <CreditCard className="size-6 text-primary" aria-hidden="true" />
        Card Wallet
      </div>
      <Card className="w-full max-w-sm">
        <CardHeader>
          <h1 className="text-xl font-semibold tracking-tight">Sign in</h1>
          <CardDescription>The back-office for agency staff and support agents.</CardDescription>
        </CardHeader>
        <CardContent>
          <SignInForm callbackUrl={callbackUrl} defaultEmail={email} />
        </CardContent>
      </Card>
    </main>
  );
}
