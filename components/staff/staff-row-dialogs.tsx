'use client';
// The confirmations of staff-row-actions.tsx, loaded when one is first wanted: a role change
// (both roles in words; the person is signed out everywhere), disabling or enabling an account,
// a fresh invitation link (asked first: the link sent before stops working) and the link itself.
// Each is mounted open; Escape, the close button or a click outside cancels, and nothing changes.
import { Button } from '@/components/ui/button';
import { DialogFooter, TitledDialog } from '@/components/ui/dialog';
import { ROLE_DESCRIPTIONS, ROLE_LABELS } from '@/lib/backoffice/auth/permissions';
import type { StaffRole } from '@/lib/backoffice/auth/staff-roles';
import { InviteLink } from './invite-link';

export function RoleChangeDialog({
  email,
  role,
  pending,
  busy,
  onCancel,
  onConfirm,
}: {
  email: string;
  role: StaffRole;
  pending: StaffRole;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <TitledDialog
      onOpenChange={(open) => {
        if (!open && !busy) onCancel();
      }}
      title={`Change the role of ${email}?`}
      description={`From ${ROLE_LABELS[role]} to ${ROLE_LABELS[pending]}. They are signed out everywhere at once and sign in again with the new role.`}
    >
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
      <DialogFooter>
        <Button variant="outline" disabled={busy} onClick={onCancel}>
          Cancel
        </Button>
        <Button loading={busy} onClick={onConfirm}>
          Make {ROLE_LABELS[pending]}
        </Button>
      </DialogFooter>
    </TitledDialog>
  );
}

export function StatusChangeDialog({
  email,
  disabling,
  busy,
  onCancel,
  onConfirm,
}: {
  email: string;
  disabling: boolean;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <TitledDialog
      onOpenChange={(open) => !open && onCancel()}
      title={disabling ? `Disable ${email}?` : `Enable ${email}?`}
      description={
        disabling
          ? 'They are signed out everywhere at once and cannot sign in until an admin enables the account again.'
          : 'They can sign in again with their existing password.'
      }
    >
      <DialogFooter>
        <Button variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button variant={disabling ? 'destructive' : 'default'} loading={busy} onClick={onConfirm}>
          {disabling ? 'Disable account' : 'Enable account'}
        </Button>
      </DialogFooter>
    </TitledDialog>
  );
}

export function ReissueInviteDialog({
  email,
  busy,
  onCancel,
  onConfirm,
}: {
  email: string;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <TitledDialog
      onOpenChange={(open) => {
        if (!open && !busy) onCancel();
      }}
      title={`Make a new invitation link for ${email}?`}
      description="The link sent to them before stops working at once: they can join only with the new one, which you then send them."
    >
      <DialogFooter>
        <Button variant="outline" disabled={busy} onClick={onCancel}>
          Cancel
        </Button>
        <Button loading={busy} onClick={onConfirm}>
          Make a new link
        </Button>
      </DialogFooter>
    </TitledDialog>
  );
}

export function InviteLinkDialog({
  email,
  path,
  expiresAt,
  onClose,
}: {
  email: string;
  path: string;
  expiresAt: string;
  onClose: () => void;
}) {
  return (
    <TitledDialog
      onOpenChange={(open) => !open && onClose()}
      title={`New invitation link for ${email}`}
      description="The previous link no longer works."
    >
      <InviteLink path={path} expiresAt={expiresAt} />
    </TitledDialog>
  );
}
