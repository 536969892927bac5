// Staff accounts and roles (admins), and resetting someone's two-factor sign-in.
import type { Metadata } from 'next';
import { AccessDenied } from '@/components/access-denied';
import { InviteStaffButton } from '@/components/staff/invite-staff-button';
import { ResetTwoFactorForm } from '@/components/staff/reset-two-factor-form';
import { StaffRoleSelect, StaffRowActions } from '@/components/staff/staff-row-actions';
import { Badge } from '@/components/ui/badge';
import { PageHeader } from '@/components/ui/page-header';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { can } from '@/lib/backoffice/auth/permissions';
import { requireStaff } from '@/lib/backoffice/auth/current-staff';
import { listStaff } from '@/lib/backoffice/staff/list-staff';
import { getDb } from '@/lib/backoffice/db';
import { LocalTime } from '@/components/ui/local-time';

export const metadata: Metadata = { title: 'Staff' };

const STATUS_BADGE = {
  active: { variant: 'success', label: 'Active' },
  invited: { variant: 'info', label: 'Invited' },
  disabled: { variant: 'neutral', label: 'Disabled' },
} as const;

export default async function StaffPage() {
  const me = await requireStaff();
  if (!can(me.role, 'staff.read')) return <AccessDenied what="staff accounts" />;
  const members = await listStaff({ db: await getDb(), actor: me });
  return (
    <>
      <PageHeader
        title="Staff"
        description="Who can use the back-office, and what their role lets them do. Role changes and disabling end the person's sessions at once."
        actions={<InviteStaffButton />}
      />
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead>Name</TableHead>
            <TableHead>E-mail</TableHead>
            <TableHead>Role</TableHead>
            <TableHead>Status</TableHead>
            <TableHead>Last sign-in</TableHead>
            <TableHead className="text-right">
              <span className="sr-only">Actions</span>
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {members.map((m) => (
            <TableRow key={m.id} data-testid={`staff-row-${m.email}`}>
              <TableCell className="font-medium">{m.name}</TableCell>
              <TableCell>{m.email}</TableCell>
              <TableCell className="w-40">
                <StaffRoleSelect member={m} disabled={m.id === me.id || m.status === 'disabled'} />
              </TableCell>
              <TableCell>
                <Badge variant={STATUS_BADGE[m.status].variant}>{STATUS_BADGE[m.status].label}</Badge>
                {m.twoFactorSince ? (
                  <Badge variant="info" className="ml-1">
                    Two-factor
                  </Badge>
                ) : null}
              </TableCell>
              <TableCell className="whitespace-nowrap text-muted-foreground">
                {m.lastSignInAt ? <LocalTime value={m.lastSignInAt} /> : 'Never'}
              </TableCell>
              <TableCell className="text-right">
                <div className="flex flex-wrap items-center justify-end gap-2">
                  {m.twoFactorSince && m.id !== me.id ? (
                    <ResetTwoFactorForm staffId={m.id} email={m.email} />
                  ) : null}
                  <StaffRowActions member={m} isSelf={m.id === me.id} />
                </div>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </>
  );
}
