'use client';
// Signing out through next-auth's REST endpoints (a CSRF token from /api/auth/csrf, then a POST
// to /api/auth/signout), which clear the session cookie and run the sign-out event that ends
// every session of the account (auth-options.ts). Called directly rather than through
// next-auth/react, whose client would otherwise ship with every page of the shell for this one
// button. No redirect by next-auth: its base URL may not be this host.
import { LogOut } from 'lucide-react';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toaster';

async function signOutEverywhere(): Promise<void> {
  const csrf = await fetch('/api/auth/csrf', { cache: 'no-store' });
  const { csrfToken } = (await csrf.json()) as { csrfToken?: string };
  if (!csrf.ok || !csrfToken) throw new Error(`csrf: ${csrf.status}`);
  const response = await fetch('/api/auth/signout', {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ csrfToken, json: 'true' }),
  });
  if (!response.ok) throw new Error(`signout: ${response.status}`);
}

export function SignOutButton() {
  const router = useRouter();
  const [pending, setPending] = useState(false);
  return (
    <Button
      variant="ghost"
      size="sm"
      loading={pending}
      onClick={async () => {
        setPending(true);
        try {
          await signOutEverywhere();
        } catch {
          setPending(false);
          toast.error('You are still signed in', {
            description: 'The sign-out did not reach the server. Check the connection and try again.',
          });
          return;
        }
        router.replace('/login');
        router.refresh();
      }}
    >
      <LogOut className="size-4" aria-hidden="true" />
      Sign out
    </Button>
  );
}
