// The maker's reason on a dialog whose change waits for another member of staff's approval
// (a card change, a transfer): what the approver reads.
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Field } from '@/components/ui/field';
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
