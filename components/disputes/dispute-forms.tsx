'use client';
// The dispute forms (docs/back-office-guide.md "Disputes"): opening one on a cleared purchase (what
// happened, chosen among reasons each explained in a line a caller understands; the amount, empty
// for what is left to dispute; the caller's explanation; and, before sending, what will happen: a
// fraud dispute locks the card now), sending one with its evidence, and withdrawing one with why.
// State actions (useActionForm): a posted form before
// the scripts load, the same action in place after; a refusal names the field and keeps what was
// typed.
import Link from 'next/link';
import { useState } from 'react';
import { Gavel, Send, Undo2 } from 'lucide-react';
import { useActionForm } from '@/components/forms/use-action-form';
import { ServerErrorAlert } from '@/components/forms/server-error-alert';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { typedValuesOf } from '@/lib/backoffice/shared/action-form-data';
import { newRequestId } from '@/lib/backoffice/shared/request-id';
import { openDispute, submitDispute, withdrawDispute } from '@/lib/backoffice/disputes/actions';
import {
  DISPUTE_REASON_TEXT,
  DISPUTE_STATUS_BADGE,
  whatWillHappen,
} from '@/lib/backoffice/disputes/dispute-words';
import { DISPUTE_REASONS, type DisputeReason } from '@/lib/wallet/contract/enums';
import { EVIDENCE_MAX, EXPLANATION_MAX, NOTE_MAX } from '@/lib/backoffice/disputes/dispute-limits';

export type DisputedPurchaseProps = {
  appUserId: string;
  cardId: number;
  authorizationId: number;
  transactionId: number;
  /** "$25.00": what is left to dispute, said beside the amount. */
  leftText: string;
};

export function OpenDisputeForm({ purchase }: { purchase: DisputedPurchaseProps }) {
  const { result, pending, formProps, fieldError } = useActionForm(openDispute);
  const typed = typedValuesOf(result.validationErrors);
  const [requestId] = useState(newRequestId);
  const [reason, setReason] = useState<DisputeReason | undefined>(
    DISPUTE_REASONS.find((r) => r === typed('reason')),
  );
  if (result.data) {
    const { disputeId, cardLocked } = result.data;
    return (
      <Alert variant="success" live>
        <AlertTitle>Dispute {disputeId} opened</AlertTitle>
        <AlertDescription>
          <p data-testid="dispute-opened">
            {cardLocked
              ? 'The card is locked now: tell the caller no one can use it, and that a new card can be ordered.'
              : 'The card stays as it is.'}{' '}
            An operator sends it to the merchant’s bank with the evidence.
          </p>
          <p className="mt-2">
            <Link href={`/disputes/${disputeId}`} className="text-link underline underline-offset-4">
              Open dispute {disputeId}
            </Link>
          </p>
        </AlertDescription>
      </Alert>
    );
  }
  const reasonError = fieldError('reason');
  return (
    <form {...formProps} method="post" aria-label="Open a dispute" className="grid max-w-2xl gap-5">
      <ServerErrorAlert title="The dispute was not opened" error={result.serverError} />
      <input type="hidden" name="appUserId" value={purchase.appUserId} />
      <input type="hidden" name="cardId" value={purchase.cardId} />
      <input type="hidden" name="authorizationId" value={purchase.authorizationId} />
      <input type="hidden" name="transactionId" value={purchase.transactionId} />
      <input type="hidden" name="requestId" value={requestId} />
      <fieldset className="grid gap-2" aria-describedby={reasonError ? 'dispute-reason-error' : undefined}>
        <legend className="mb-1 text-sm font-medium">
          What happened? <span aria-hidden="true">*</span>
        </legend>
        {DISPUTE_REASONS.map((value) => (
          <label key={value} className="flex items-start gap-2 rounded-md border p-3 text-sm">
            <input
              type="radio"
              name="reason"
              value={value}
              className="mt-1"
              required
              defaultChecked={typed('reason') === value}
              onChange={() => setReason(value)}
            />
            <span>
              <span className="block font-medium">{DISPUTE_REASON_TEXT[value].label}</span>
              <span className="block text-muted-foreground">{DISPUTE_REASON_TEXT[value].explain}</span>
            </span>
          </label>
        ))}
        {reasonError ? (
          <p id="dispute-reason-error" className="text-sm text-destructive" role="alert">
            {reasonError}
          </p>
        ) : null}
      </fieldset>
      <Field
        id="dispute-amount"
        label="Amount to dispute"
        description={`Leave it empty to dispute all that is left: ${purchase.leftText}.`}
        error={fieldError('amount')}
      >
        <Input
          name="amount"
          inputMode="decimal"
          autoComplete="off"
          placeholder={purchase.leftText}
          className="max-w-48"
          defaultValue={typed('amount')}
        />
      </Field>
      <Field
        id="dispute-explanation"
        label="What the caller says"
        description="In their words: when they noticed, what they expected. The merchant’s bank may read it."
        error={fieldError('explanation')}
      >
        <Textarea
          name="explanation"
          rows={4}
          maxLength={EXPLANATION_MAX}
          defaultValue={typed('explanation')}
        />
      </Field>
      <Alert variant={reason === 'FRAUDULENT' ? 'warning' : 'info'}>
        <AlertTitle>What will happen</AlertTitle>
        <AlertDescription data-testid="dispute-what-happens">{whatWillHappen(reason)}</AlertDescription>
      </Alert>
      <div>
        <Button type="submit" loading={pending}>
          <Gavel aria-hidden="true" />
          Open the dispute
        </Button>
      </div>
    </form>
  );
}

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
