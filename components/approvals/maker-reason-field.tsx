// The maker's reason on a dialog whose change waits for another member of staff's approval
// (a card change, a transfer): what the approver reads.
import type * as React from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Field } from '@/components/ui/field';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';

export function MakerReasonField({
  error,
  registration,
}: {
  error: string | undefined;
  registration: UseFormRegisterReturn;
}) {
  return (
    <Field label="Reason for the approver" required error={error} description="Whoever decides reads it.">
      <Textarea rows={2} maxLength={500} {...registration} />
    </Field>
  );
}

/** The same on a page's plain form (no script needed): `hint` says why it waits. */
export function MakerReasonInput({ hint, invalid }: { hint: React.ReactNode; invalid: boolean }) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor="makerReason">Reason for the approver</Label>
      <p id="makerReason-hint" className="text-sm text-muted-foreground">
        {hint} Whoever decides reads it.
      </p>
      <Textarea
        id="makerReason"
        name="makerReason"
        rows={2}
        maxLength={500}
        aria-describedby="makerReason-hint"
        aria-invalid={invalid ? true : undefined}
      />
    </div>
  );
}
