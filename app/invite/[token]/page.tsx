// An invitation link: the invited member of staff chooses their password.
import type { Metadata } from 'next';
import { AcceptInviteForm } from '@/components/auth/accept-invite-form';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { ROLE_LABELS } from '@/lib/backoffice/auth/permissions';
import { findOpenInvite, INVITE_INVALID } from '@/lib/backoffice/staff/accept-invite';
import { getDb } from '@/lib/backoffice/db';

export const metadata: Metadata = { title: 'Accept invitation', referrer: 'no-referrer' };

export default async function InvitePage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const invite = token.length <= 200 ? await findOpenInvite(await getDb(), token) : null;
  return (
    <main className="flex min-h-screen items-center justify-center bg-muted/30 px-4 py-12">
      <Card className="w-full max-w-md">
        <CardHeader>
          <h1 className="text-xl font-semibold tracking-tight">Join the Card Wallet back-office</h1>
          {invite ? (
            <CardDescription>
              {invite.name} ({invite.email}), you are invited as {ROLE_LABELS[invite.role]}. Choose a password
              to finish.
            </CardDescription>
          ) : null}
        </CardHeader>
        <CardContent>
          {invite ? (
            <AcceptInviteForm token={token} email={invite.email} />
          ) : (
            <Alert variant="error">
              <AlertTitle>This link cannot be used</AlertTitle>
              <AlertDescription>{INVITE_INVALID}</AlertDescription>
            </Alert>
          )}
        </CardContent>
      </Card>
    </main>
  );
}
