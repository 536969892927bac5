'use client';
// Asking for a held deposit to be credited or rejected (/compliance, docs/back-office.md
// "Compliance"): always a request a second admin approves on /approvals (the maker never can). A
// state action (useActionForm): a posted form before the scripts load, the same action in place
// after; a refusal keeps the note typed. The decision has no default: crediting or rejecting is
// chosen, never left as it came.
import { Send } from 'lucide-react';
import { useState } from 'react';
import { useActionForm } from '@/components/forms/use-action-form';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { ServerErrorAlert } from '@/components/forms/server-error-alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { NativeSelect } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { pendingApprovalText } from '@/lib/backoffice/approvals/approval-kinds';
import { DEPOSIT_DECISION_WORDS } from '@/lib/backoffice/deposits/deposit-words';
import { DEPOSIT_DECISIONS } from '@/lib/wallet/contract/enums';
import { requestDepositRelease } from '@/lib/backoffice/deposits/actions';
import { typedValuesOf } from '@/lib/backoffice/shared/action-form-data';

export function ReleaseDepositForm({
  depositId,
  appUserId,
  requestId,
}: {
  depositId: number;
  appUserId: string;
  requestId: string;
}) {
  const { result, pending, formProps, fieldError } = useActionForm(requestDepositRelease);
  const typed = typedValuesOf(result.validationErrors);
  const [id] = useState(requestId);
  if (result.data) {
    return (
      <Alert variant="success" live>
        <AlertTitle>Asked for approval</AlertTitle>
        <AlertDescription>{pendingApprovalText(result.data)}</AlertDescription>
      </Alert>
    );
  }
  return (
    <form
      {...formProps}
      method="post"
      aria-label={`Decide deposit ${depositId}`}
      className="grid min-w-56 gap-2"
    >
      <ServerErrorAlert title="Not asked" error={result.serverError} />
      <input type="hidden" name="depositId" value={depositId} />
      <input type="hidden" name="appUserId" value={appUserId} />
      <input type="hidden" name="requestId" value={id} />
      <Field id={`decision-${depositId}`} label="Decision" required error={fieldError('decision')}>
        <NativeSelect name="decision" required placeholder="Choose…" defaultValue={typed('decision') ?? ''}>
          {DEPOSIT_DECISIONS.map((decision) => (
            <option key={decision} value={decision}>
              {DEPOSIT_DECISION_WORDS[decision]}
            </option>
          ))}
        </NativeSelect>
      </Field>
      <Field id={`note-${depositId}`} label="Note" required error={fieldError('note')}>
        <Textarea name="note" rows={2} maxLength={500} defaultValue={typed('note')} />
      </Field>
      <div>
        <Button type="submit" size="sm" loading={pending}>
          <Send aria-hidden="true" />
          Ask for approval
        </Button>
      </div>
    </form>
  );
}
