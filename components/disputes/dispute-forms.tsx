'use client';
// The forms of an open dispute's page (docs/back-office-guide.md "Disputes"): sending it with its
// evidence, and withdrawing it with why (operators and admins). State actions (useActionForm): a
// posted form before the scripts load, the same action in place after; a refusal names the field
// and keeps what was typed.
import { useState } from 'react';
import { Send, Undo2 } from 'lucide-react';
import { useActionForm } from '@/components/forms/use-action-form';
import { ServerErrorAlert } from '@/components/forms/server-error-alert';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Textarea } from '@/components/ui/textarea';
import { typedValuesOf } from '@/lib/backoffice/shared/action-form-data';
import { newRequestId } from '@/lib/backoffice/shared/request-id';
import { submitDispute, withdrawDispute } from '@/lib/backoffice/disputes/actions';
import { DISPUTE_STATUS_BADGE } from '@/lib/backoffice/disputes/dispute-status';
import { EVIDENCE_MAX, NOTE_MAX } from '@/lib/backoffice/disputes/dispute-limits';

export function SubmitEvidenceForm({ disputeId }: { disputeId: number }) {
  const { result, pending, formProps, fieldError } = useActionForm(submitDispute);
  const typed = typedValuesOf(result.validationErrors);
  const [requestId] = useState(newRequestId);
  if (result.data) return <StepDone status={result.data.status} />;
  return (
    <form {...formProps} method="post" aria-label="Send with evidence" className="grid gap-3">
      <ServerErrorAlert title="Not sent" error={result.serverError} />
      <input type="hidden" name="disputeId" value={disputeId} />
      <input type="hidden" name="requestId" value={requestId} />
      <Field
        id={`dispute-evidence-${disputeId}`}
        label="Evidence"
        required
        description="What backs the caller: the card was with them, the parcel never came, the refund promised... The merchant’s bank reads it."
        error={fieldError('evidence')}
      >
        <Textarea name="evidence" rows={6} maxLength={EVIDENCE_MAX} defaultValue={typed('evidence')} />
      </Field>
      <div>
        <Button type="submit" loading={pending}>
          <Send aria-hidden="true" />
          Send to the merchant’s bank
        </Button>
      </div>
    </form>
  );
}

export function WithdrawDisputeForm({ disputeId }: { disputeId: number }) {
  const { result, pending, formProps, fieldError } = useActionForm(withdrawDispute);
  const typed = typedValuesOf(result.validationErrors);
  const [requestId] = useState(newRequestId);
  if (result.data) return <StepDone status={result.data.status} />;
  return (
    <form {...formProps} method="post" aria-label="Withdraw the dispute" className="grid gap-3">
      <ServerErrorAlert title="Not withdrawn" error={result.serverError} />
      <input type="hidden" name="disputeId" value={disputeId} />
      <input type="hidden" name="requestId" value={requestId} />
      <Field
        id={`dispute-withdraw-note-${disputeId}`}
        label="Why it is withdrawn"
        required
        description="Kept in its history: the caller found the purchase, the merchant refunded..."
        error={fieldError('note')}
      >
        <Textarea name="note" rows={2} maxLength={NOTE_MAX} defaultValue={typed('note')} />
      </Field>
      <div>
        <Button type="submit" variant="outline" loading={pending}>
          <Undo2 aria-hidden="true" />
          Withdraw
        </Button>
      </div>
    </form>
  );
}

function StepDone({ status }: { status: keyof typeof DISPUTE_STATUS_BADGE }) {
  return (
    <Alert variant="success" live>
      <AlertTitle>{DISPUTE_STATUS_BADGE[status].label}</AlertTitle>
      <AlertDescription>{DISPUTE_STATUS_BADGE[status].means}</AlertDescription>
    </Alert>
  );
}
