'use client';
// Signing out through next-auth, which ends every session of the account (auth-options.ts),
// then back to the sign-in page. No redirect by next-auth: its base URL may not be this host.
import { LogOut } from 'lucide-react';
import { useRouter } from 'next/navigation';
import { signOut } from 'next-auth/react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';

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
        await signOut({ redirect: false });
        router.replace('/login');
        router.refresh();
      }}
    >
      <LogOut className="size-4" aria-hidden="true" />
      Sign out
    </Button>
  );
}
