// /settings (admins, docs/back-office.md "Roles", "Approvals"): the approval policy (which wallet
// calls wait for a second member of staff, from which amounts) and the dashboard's low-balance
// threshold, with who saved them last. The defaults of docs/back-office.md "Approvals" apply until
// an admin first saves.
import type { Metadata } from 'next';
import { AccessDenied } from '@/components/access-denied';
import { SettingsForm } from '@/components/settings/settings-form';
import { Card, CardContent } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { can } from '@/lib/backoffice/auth/permissions';
import { requireStaff } from '@/lib/backoffice/auth/current-staff';
import { getDb } from '@/lib/backoffice/db';
import { formatDateTime } from '@/lib/backoffice/shared/format';
import { readSettings } from '@/lib/backoffice/settings/read-settings';

export const metadata: Metadata = { title: 'Settings' };

export default async function SettingsPage() {
  const me = await requireStaff();
  if (!can(me.role, 'settings.manage')) return <AccessDenied what="the agency's settings" />;
  const { updatedBy, updatedAt, ...saved } = await readSettings(await getDb());
  return (
    <>
      <PageHeader
        title="Settings"
        description={
          updatedBy && updatedAt
            ? `Last saved by ${updatedBy}, ${formatDateTime(updatedAt)}.`
            : 'The defaults apply: nobody has saved settings yet.'
        }
      />
      <Card>
        <CardContent className="pt-6">
          <SettingsForm saved={saved} />
        </CardContent>
      </Card>
    </>
  );
}
