'use client';
// An admin resetting another member of staff's two-factor sign-in (a lost phone), on /staff: a
// state action's form, so it works before its scripts load too. The person sets it up again at
// their next sign-in when the agency requires it, or on their account page.
import { ShieldOff } from 'lucide-react';
import { useActionForm } from '@/components/forms/use-action-form';
import { Button } from '@/components/ui/button';
import { resetStaffTwoFactor } from '@/lib/backoffice/auth/two-factor-actions';

export function ResetTwoFactorForm({ staffId, email }: { staffId: number; email: string }) {
  const { result, pending, formProps } = useActionForm(resetStaffTwoFactor);
  if (result.data) {
    return (
      <p role="status" className="text-sm text-muted-foreground">
        Two-factor sign-in reset
      </p>
    );
  }
  return (
    <form {...formProps} method="post" aria-label={`Reset the two-factor sign-in of ${email}`}>
      <input type="hidden" name="staffId" value={staffId} />
      {result.serverError ? (
        <p role="alert" className="mb-1 text-sm text-destructive">
          {result.serverError}
        </p>
      ) : null}
      <Button type="submit" variant="outline" size="sm" loading={pending}>
        <ShieldOff aria-hidden="true" />
        Reset two-factor
      </Button>
    </form>
  );
}
