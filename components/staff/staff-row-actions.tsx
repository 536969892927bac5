'use client';
// What an admin can do to one account: change its role or disable or re-enable it, each after a
// confirmation that says what changes (both end the person's sessions), or issue a fresh
// invitation link, after one that says the link sent before stops working.
import { useAction } from 'next-safe-action/hooks';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import dynamic from 'next/dynamic';
import { NativeSelect } from '@/components/ui/select';
import { toast } from '@/components/ui/toaster';
import { changeStaffRole, reissueInvite, setStaffStatus } from '@/lib/backoffice/staff/actions';
import { ROLE_LABELS } from '@/lib/backoffice/auth/permissions';
import { STAFF_ROLES, type StaffRole, type StaffStatus } from '@/lib/backoffice/auth/staff-roles';

// The confirmations are mounted when wanted and their code (Radix Dialog) loaded then: the list
// is what the page shows first (components/ui/lazy-dialog.tsx says why).
const dialogs = () => import('./staff-row-dialogs');
const RoleChangeDialog = dynamic(() => dialogs().then((m) => m.RoleChangeDialog), { ssr: false });
const StatusChangeDialog = dynamic(() => dialogs().then((m) => m.StatusChangeDialog), { ssr: false });
const InviteLinkDialog = dynamic(() => dialogs().then((m) => m.InviteLinkDialog), { ssr: false });
const ReissueInviteDialog = dynamic(() => dialogs().then((m) => m.ReissueInviteDialog), { ssr: false });

type Member = { id: number; email: string; name: string; role: StaffRole; status: StaffStatus };

export function StaffRoleSelect({ member, disabled }: { member: Member; disabled: boolean }) {
  // The role the account has: the select shows it again after a cancel or a refused change
  // (e.g. demoting the last admin).
  const [role, setRole] = useState<StaffRole>(member.role);
  // The role chosen in the select, waiting for confirmation: a slip of the select must not
  // change what someone may do (and end their sessions) by itself.
  const [pending, setPending] = useState<StaffRole | null>(null);
  const { execute, isExecuting } = useAction(changeStaffRole, {
    onSuccess: ({ data }) => {
      setRole(data.role as StaffRole);
      setPending(null);
      toast.success(`${member.email} is now ${ROLE_LABELS[data.role as StaffRole]}`);
    },
    onError: ({ error }) => {
      setPending(null);
      toast.error(error.serverError ?? 'The role was not changed.');
    },
  });
  return (
    <>
      <NativeSelect
        aria-label={`Role of ${member.email}`}
        value={pending ?? role}
        disabled={disabled || isExecuting}
        onChange={(e) => {
          const next = e.target.value as StaffRole;
          if (next !== role) setPending(next);
        }}
      >
        {STAFF_ROLES.map((r) => (
          <option key={r} value={r}>
            {ROLE_LABELS[r]}
          </option>
        ))}
      </NativeSelect>
      {pending !== null ? (
        <RoleChangeDialog
          email={member.email}
          role={role}
          pending={pending}
          busy={isExecuting}
          onCancel={() => setPending(null)}
          onConfirm={() => execute({ staffId: member.id, role: pending })}
        />
      ) : null}
    </>
  );
}

export function StaffRowActions({ member, isSelf }: { member: Member; isSelf: boolean }) {
  const [confirming, setConfirming] = useState(false);
  const status = useAction(setStaffStatus, {
    onSuccess: ({ data }) => {
      setConfirming(false);
      toast.success(
        data.status === 'disabled' ? `${member.email} is disabled` : `${member.email} is enabled again`,
      );
    },
    onError: ({ error }) => {
      setConfirming(false);
      toast.error(error.serverError ?? 'Nothing was changed.');
    },
  });
  // A new link revokes the one sent before: asked first, like the other two.
  const [reissuing, setReissuing] = useState(false);
  const invite = useAction(reissueInvite, {
    onSettled: () => setReissuing(false),
    onError: ({ error }) => toast.error(error.serverError ?? 'No new link was created.'),
  });
  if (isSelf) return <span className="text-sm text-muted-foreground">You</span>;
  const disabling = member.status !== 'disabled';

  return (
    <div className="flex flex-wrap justify-end gap-2">
      {member.status === 'invited' ? (
        <Button variant="outline" size="sm" loading={invite.isExecuting} onClick={() => setReissuing(true)}>
          New invitation link
        </Button>
      ) : null}
      {reissuing ? (
        <ReissueInviteDialog
          email={member.email}
          busy={invite.isExecuting}
          onCancel={() => setReissuing(false)}
          onConfirm={() => invite.execute({ staffId: member.id })}
        />
      ) : null}
      <Button variant={disabling ? 'destructive' : 'outline'} size="sm" onClick={() => setConfirming(true)}>
        {disabling ? 'Disable' : 'Enable'}
      </Button>
      {confirming ? (
        <StatusChangeDialog
          email={member.email}
          disabling={disabling}
          busy={status.isExecuting}
          onCancel={() => setConfirming(false)}
          onConfirm={() => status.execute({ staffId: member.id, status: disabling ? 'disabled' : 'active' })}
        />
      ) : null}
      {invite.result.data ? (
        <InviteLinkDialog
          email={member.email}
          path={invite.result.data.invitePath}
          expiresAt={invite.result.data.expiresAt}
          onClose={() => invite.reset()}
        />
      ) : null}
    </div>
  );
}
