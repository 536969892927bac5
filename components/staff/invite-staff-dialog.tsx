'use client';
// Inviting a member of staff: name, e-mail and role; on success the one-time link to hand over
// (it is not stored in clear, so it is shown this once).
import { useHookFormAction } from '@next-safe-action/adapter-react-hook-form/hooks';
import { Copy, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/select';
import { toast } from '@/components/ui/toaster';
import { inviteStaff } from '@/lib/backoffice/actions/staff';
import { ROLE_DESCRIPTIONS, ROLE_LABELS } from '@/lib/backoffice/auth/permissions';
import { STAFF_ROLES } from '@/lib/backoffice/auth/staff-roles';
import { lazyZodResolver, usePreloadResolver } from '@/lib/backoffice/forms/lazy-resolver';
import { formatDateTime } from '@/lib/backoffice/format';

// zod and the schema load after the first paint (lazy-resolver.ts).
const inviteStaffResolver = lazyZodResolver(() =>
  import('@/lib/backoffice/forms/staff').then((m) => m.inviteStaffSchema),
);

export function InviteLink({ path, expiresAt }: { path: string; expiresAt: string }) {
  const url = typeof window === 'undefined' ? path : `${window.location.origin}${path}`;
  return (
    <div className="grid gap-2">
      <label htmlFor="invite-link" className="text-sm font-medium">
        Invitation link (valid until {formatDateTime(expiresAt)})
      </label>
      <div className="flex gap-2">
        <Input id="invite-link" readOnly value={url} onFocus={(e) => e.currentTarget.select()} />
        <Button
          type="button"
          variant="outline"
          onClick={async () => {
            await navigator.clipboard.writeText(url);
            toast.success('Invitation link copied');
          }}
        >
          <Copy className="size-4" aria-hidden="true" />
          Copy
        </Button>
      </div>
      <p className="text-sm text-muted-foreground">
        Send it to them privately. It works once, and is not shown again.
      </p>
    </div>
  );
}

export function InviteStaffDialog() {
  usePreloadResolver(inviteStaffResolver);
  const [open, setOpen] = useState(false);
  const { form, action, handleSubmitWithAction, resetFormAndAction } = useHookFormAction(
    inviteStaff,
    inviteStaffResolver,
    { formProps: { defaultValues: { email: '', name: '', role: 'support' } } },
  );
  const { errors } = form.formState;
  const invite = action.result.data;

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) resetFormAndAction();
      }}
    >
      <DialogTrigger asChild>
        <Button>
          <UserPlus className="size-4" aria-hidden="true" />
          Invite staff
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Invite a member of staff</DialogTitle>
          <DialogDescription>They choose their own password from the link you give them.</DialogDescription>
        </DialogHeader>
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
          <form onSubmit={handleSubmitWithAction} noValidate className="grid gap-4">
            {action.result.serverError ? (
              <Alert variant="error" live>
                <AlertTitle>The invitation was not created</AlertTitle>
                <AlertDescription>{action.result.serverError}</AlertDescription>
              </Alert>
            ) : null}
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
      </DialogContent>
    </Dialog>
  );
}
