'use client';
// What an admin can do to one account: change its role or disable or re-enable it, each after a
// confirmation that says what changes (both end the person's sessions), or issue a fresh
// invitation link.
import { useAction } from 'next-safe-action/hooks';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { NativeSelect } from '@/components/ui/select';
import { toast } from '@/components/ui/toaster';
import { changeStaffRole, reissueInvite, setStaffStatus } from '@/lib/backoffice/actions/staff';
import { ROLE_DESCRIPTIONS, ROLE_LABELS } from '@/lib/backoffice/auth/permissions';
import { STAFF_ROLES, type StaffRole, type StaffStatus } from '@/lib/backoffice/auth/staff-roles';
import { InviteLink } from './invite-staff-dialog';

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
      <Dialog
        open={pending !== null}
        onOpenChange={(open) => {
          // Escape, the close button or a click outside: nothing changes.
          if (!open && !isExecuting) setPending(null);
        }}
      >
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Change the role of {member.email}?</DialogTitle>
            <DialogDescription>
              From {ROLE_LABELS[role]} to {pending ? ROLE_LABELS[pending] : ''}. They are signed out
              everywhere at once and sign in again with the new role.
            </DialogDescription>
          </DialogHeader>
          {pending ? (
            <dl className="grid gap-3 text-sm">
              <div>
                <dt className="font-medium">Now: {ROLE_LABELS[role]}</dt>
                <dd className="text-muted-foreground">{ROLE_DESCRIPTIONS[role]}</dd>
              </div>
              <div>
                <dt className="font-medium">New: {ROLE_LABELS[pending]}</dt>
                <dd className="text-muted-foreground">{ROLE_DESCRIPTIONS[pending]}</dd>
              </div>
            </dl>
          ) : null}
          <DialogFooter>
            <Button variant="outline" disabled={isExecuting} onClick={() => setPending(null)}>
              Cancel
            </Button>
            <Button
              loading={isExecuting}
              onClick={() => pending && execute({ staffId: member.id, role: pending })}
            >
              {pending ? `Make ${ROLE_LABELS[pending]}` : 'Change role'}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
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
  const invite = useAction(reissueInvite, {
    onError: ({ error }) => toast.error(error.serverError ?? 'No new link was created.'),
  });
  if (isSelf) return <span className="text-sm text-muted-foreground">You</span>;
  const disabling = member.status !== 'disabled';

  return (
    <div className="flex flex-wrap justify-end gap-2">
      {member.status === 'invited' ? (
        <Button
          variant="outline"
          size="sm"
          loading={invite.isExecuting}
          onClick={() => invite.execute({ staffId: member.id })}
        >
          New invitation link
        </Button>
      ) : null}
      <Button variant={disabling ? 'destructive' : 'outline'} size="sm" onClick={() => setConfirming(true)}>
        {disabling ? 'Disable' : 'Enable'}
      </Button>
      <Dialog open={confirming} onOpenChange={setConfirming}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>{disabling ? `Disable ${member.email}?` : `Enable ${member.email}?`}</DialogTitle>
            <DialogDescription>
              {disabling
                ? 'They are signed out everywhere at once and cannot sign in until an admin enables the account again.'
                : 'They can sign in again with their existing password.'}
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button variant="outline" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
            <Button
              variant={disabling ? 'destructive' : 'default'}
              loading={status.isExecuting}
              onClick={() =>
                status.execute({ staffId: member.id, status: disabling ? 'disabled' : 'active' })
              }
            >
              {disabling ? 'Disable account' : 'Enable account'}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
      <Dialog open={!!invite.result.data} onOpenChange={(open) => !open && invite.reset()}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>New invitation link for {member.email}</DialogTitle>
            <DialogDescription>The previous link no longer works.</DialogDescription>
          </DialogHeader>
          {invite.result.data ? (
            <InviteLink path={invite.result.data.invitePath} expiresAt={invite.result.data.expiresAt} />
          ) : null}
        </DialogContent>
      </Dialog>
    </div>
  );
}
