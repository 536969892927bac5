'use client';
// Opening a dispute on a cleared purchase (docs/back-office-guide.md "Disputes"): what happened,
// chosen among reasons each explained in a line a caller understands; the amount, empty for what
// is left to dispute; the caller's explanation; and, before sending, what will happen (a fraud
// dispute locks the card now). The words come from the server (dispute-words.ts), so the page
// carries none of the contract's lists to the browser. A state action's form (useActionForm):
// posted before the scripts load, the same action in place after; a refusal names the field and
// keeps what was typed.
import Link from 'next/link';
import { useState } from 'react';
import { Gavel } from 'lucide-react';
import { useActionForm } from '@/components/forms/use-action-form';
import { ServerErrorAlert } from '@/components/forms/server-error-alert';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { typedValuesOf } from '@/lib/backoffice/shared/action-form-data';
import { newRequestId } from '@/lib/backoffice/shared/request-id';
import { openDispute } from '@/lib/backoffice/disputes/actions';
import { EXPLANATION_MAX } from '@/lib/backoffice/disputes/dispute-limits';

export type DisputedPurchaseProps = {
  appUserId: string;
  cardId: number;
  authorizationId: number;
  transactionId: number;
  /** "$25.00": what is left to dispute, said beside the amount. */
  leftText: string;
};

/** A reason as the form offers it, in words the server chose (dispute-words.ts). */
export type ReasonChoice = { value: string; label: string; explain: string };

export function OpenDisputeForm({
  purchase,
  reasons,
  whatHappens,
}: {
  purchase: DisputedPurchaseProps;
  reasons: readonly ReasonChoice[];
  /** What opening it will do: for a fraud dispute, for any other reason, and before one is chosen. */
  whatHappens: { fraud: string; other: string; none: string };
}) {
  const { result, pending, formProps, fieldError } = useActionForm(openDispute);
  const typed = typedValuesOf(result.validationErrors);
  const [requestId] = useState(newRequestId);
  const [reason, setReason] = useState<string | undefined>(
    reasons.find((r) => r.value === typed('reason'))?.value,
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
        {reasons.map(({ value, label, explain }) => (
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
              <span className="block font-medium">{label}</span>
              <span className="block text-muted-foreground">{explain}</span>
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
        <AlertDescription data-testid="dispute-what-happens">
          {reason === undefined
            ? whatHappens.none
            : reason === 'FRAUDULENT'
              ? whatHappens.fraud
              : whatHappens.other}
        </AlertDescription>
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
