// One's own account, for every signed-in member of staff: who they are signed in as, what their
// role lets them do, two-factor sign-in (components/account/two-factor-card.tsx), and changing
// their password (which ends their other sessions).
import type { Metadata } from 'next';
import { ChangePasswordForm } from '@/components/account/change-password-form';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { ROLE_DESCRIPTIONS, ROLE_LABELS } from '@/lib/backoffice/auth/permissions';
import { requireStaff } from '@/lib/backoffice/auth/current-staff';
import { TwoFactorCard } from '@/components/account/two-factor-card';
import { getDb } from '@/lib/backoffice/db';
import { twoFactorRequiredFor, twoFactorStatus } from '@/lib/backoffice/auth/two-factor';
import { readSettings } from '@/lib/backoffice/settings/read-settings';

export const metadata: Metadata = { title: 'Your account' };

export default async function AccountPage() {
  const me = await requireStaff(undefined, { whileEnrolling: true });
  const status = await twoFactorStatus(await getDb(), me.id, me.email);
  const required = twoFactorRequiredFor(me.role, (await readSettings(await getDb())).twoFactorRequiredFor);
  return (
    <>
      <PageHeader title="Your account" description="Who you are signed in as, and your password." />
      <div className="grid gap-6">
        <Card>
          <CardHeader>
            <CardTitle>Signed in as</CardTitle>
          </CardHeader>
          <CardContent>
            <dl className="grid gap-3 text-sm sm:grid-cols-[10rem_1fr]">
              <dt className="text-muted-foreground">Name</dt>
              <dd className="break-words">{me.name}</dd>
              <dt className="text-muted-foreground">E-mail</dt>
              <dd className="break-all">{me.email}</dd>
              <dt className="text-muted-foreground">Role</dt>
              <dd>
                {ROLE_LABELS[me.role]}: {ROLE_DESCRIPTIONS[me.role]}
              </dd>
            </dl>
          </CardContent>
        </Card>
        <Card id="two-factor">
          <CardHeader>
            <CardTitle>Two-factor sign-in</CardTitle>
            <CardDescription>
              A code from an authenticator app on your phone, asked for after your password at each sign-in.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <TwoFactorCard status={status} required={required} />
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Change your password</CardTitle>
            <CardDescription>
              You stay signed in here; every other session of your account ends at once.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <ChangePasswordForm email={me.email} />
          </CardContent>
        </Card>
      </div>
    </>
  );
}
