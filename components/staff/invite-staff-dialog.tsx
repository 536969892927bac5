'use client';
// Inviting a member of staff: name, e-mail and role; on success the one-time link to hand over
// (it is not stored in clear, so it is shown this once). The dialog itself, loaded when the
// "Invite staff" button is first wanted (invite-staff-button.tsx, components/ui/lazy-dialog.tsx).
import { useHookFormAction } from '@next-safe-action/adapter-react-hook-form/hooks';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { ServerErrorAlert } from '@/components/forms/server-error-alert';
import { Button } from '@/components/ui/button';
import { DialogFooter, TitledDialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import type { LazyDialogState } from '@/components/ui/lazy-dialog';
import { NativeSelect } from '@/components/ui/select';
import { inviteStaff } from '@/lib/backoffice/staff/actions';
import { ROLE_DESCRIPTIONS, ROLE_LABELS } from '@/lib/backoffice/auth/permissions';
import { STAFF_ROLES } from '@/lib/backoffice/auth/staff-roles';
import { lazyZodResolver, usePreloadResolver } from '@/lib/backoffice/shared/lazy-resolver';
import { InviteLink } from './invite-link';

// zod and the schema load after the first paint (lazy-resolver.ts).
const inviteStaffResolver = lazyZodResolver(() =>
  import('@/lib/backoffice/staff/forms').then((m) => m.inviteStaffSchema),
);

export function InviteStaffDialogBody({ dialog }: { dialog: LazyDialogState }) {
  usePreloadResolver(inviteStaffResolver);
  const setOpen = dialog.onOpenChange;
  const { form, action, handleSubmitWithAction, resetFormAndAction } = useHookFormAction(
    inviteStaff,
    inviteStaffResolver,
    { formProps: { defaultValues: { email: '', name: '', role: 'support' } } },
  );
  const { errors } = form.formState;
  const invite = action.result.data;

  return (
    <TitledDialog
      open={dialog.open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) resetFormAndAction();
      }}
      returnFocus={dialog.returnFocus}
      title="Invite a member of staff"
      description="They choose their own password from the link you give them."
    >
      {invite ? (
        <div className="grid gap-4">
          <Alert variant="success">
            <AlertTitle>Invitation created</AlertTitle>
            <AlertDescription>{form.getValues('email')} can now join.</AlertDescription>
          </Alert>
          <InviteLink path={invite.invitePath} expiresAt={invite.expiresAt} />
          <DialogFooter>
            <Button onClick={() => setOpen(false)}>Done</Button>
          </DialogFooter>
        </div>
      ) : (
        <form method="post" onSubmit={handleSubmitWithAction} noValidate className="grid gap-4">
          <ServerErrorAlert title="The invitation was not created" error={action.result.serverError} />
          <Field label="Name" required error={errors.name?.message}>
            <Input autoComplete="off" {...form.register('name')} />
          </Field>
          <Field label="E-mail" required error={errors.email?.message}>
            <Input type="email" autoComplete="off" {...form.register('email')} />
          </Field>
          <Field
            label="Role"
            required
            error={errors.role?.message}
            description={ROLE_DESCRIPTIONS[form.watch('role')] ?? ''}
          >
            <NativeSelect {...form.register('role')}>
              {STAFF_ROLES.map((role) => (
                <option key={role} value={role}>
                  {ROLE_LABELS[role]}
                </option>
              ))}
            </NativeSelect>
          </Field>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" loading={action.isExecuting}>
              Create invitation
            </Button>
          </DialogFooter>
        </form>
      )}
    </TitledDialog>
  );
}
