'use client';
// The sandbox's merchant's bank (/sandbox; docs/back-office.md "Disputes"): a dispute sent with its
// evidence (SUBMITTED), chosen by its words, answered won (the amount goes back to the card) or
// lost. A state action's form, so it posts without JavaScript; apart from the other dispute forms
// so /sandbox loads only this one.
import { useActionForm } from '@/components/forms/use-action-form';
import { ServerErrorAlert } from '@/components/forms/server-error-alert';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { NativeSelect } from '@/components/ui/select';
import { typedValuesOf } from '@/lib/backoffice/shared/action-form-data';
import { settleDispute } from '@/lib/backoffice/disputes/actions';
import { DISPUTE_STATUS_BADGE } from '@/lib/backoffice/disputes/dispute-status';

/** The sandbox's merchant's bank: a submitted dispute, chosen by its words, won or lost. */
export function SettleDisputeForm({
  choices,
  requestId,
}: {
  choices: readonly { disputeId: number; text: string }[];
  /** Made as the page renders: each answer refreshes the page, so the next one has its own. */
  requestId: string;
}) {
  const { result, pending, formProps, fieldError } = useActionForm(settleDispute);
  const typed = typedValuesOf(result.validationErrors);
  const answered = result.data ? (
    <Alert variant="success" live>
      <AlertTitle>
        Dispute {result.data.disputeId}: {DISPUTE_STATUS_BADGE[result.data.status].label.toLowerCase()}
      </AlertTitle>
      <AlertDescription>{DISPUTE_STATUS_BADGE[result.data.status].means}</AlertDescription>
    </Alert>
  ) : null;
  // The answer stays in view when it was the last one waiting (the page's list is then empty).
  if (choices.length === 0) {
    return (
      <div className="grid max-w-2xl gap-3">
        {answered}
        <p className="text-sm text-muted-foreground">No dispute is waiting for the merchant’s bank.</p>
      </div>
    );
  }
  return (
    <form {...formProps} method="post" aria-label="Answer a dispute" className="grid max-w-2xl gap-3">
      <ServerErrorAlert title="Not answered" error={result.serverError} />
      {answered}
      <input type="hidden" name="requestId" value={requestId} />
      <Field id="settle-dispute" label="Dispute" required error={fieldError('disputeId')}>
        <NativeSelect name="disputeId" required placeholder="Choose…" defaultValue={typed('disputeId') ?? ''}>
          {choices.map((c) => (
            <option key={c.disputeId} value={c.disputeId}>
              {c.text}
            </option>
          ))}
        </NativeSelect>
      </Field>
      <Field id="settle-outcome" label="The merchant’s bank" required error={fieldError('outcome')}>
        <NativeSelect name="outcome" required placeholder="Choose…" defaultValue={typed('outcome') ?? ''}>
          <option value="WON">Gives in: the dispute is won, the amount goes back to the card</option>
          <option value="LOST">Refuses: the dispute is lost, no money moves</option>
        </NativeSelect>
      </Field>
      <div>
        <Button type="submit" loading={pending}>
          Answer
        </Button>
      </div>
    </form>
  );
}
