'use client';
// One merchant step on a simulated purchase (/sandbox): clear or reverse an authorization, or
// refund its transaction, with an optional amount (empty: the whole). A state action's form, so it
// posts without JavaScript; the wallet's refusal (4015: over 120 %, nothing left to refund...)
// shows beside it.
import { useActionForm } from '@/components/forms/use-action-form';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { clearPurchase, refundPurchase, reversePurchase } from '@/lib/backoffice/sandbox/actions';

const STEPS = {
  clear: { action: clearPurchase, label: 'Clear', done: 'Cleared' },
  reverse: { action: reversePurchase, label: 'Reverse', done: 'Reversed' },
  refund: { action: refundPurchase, label: 'Refund', done: 'Refunded' },
} as const;

export function MerchantStepForm({
  step,
  id,
  cardId,
  authorizationId,
  requestId,
}: {
  step: keyof typeof STEPS;
  /** The authorization (clear, reverse) or its transaction (refund). */
  id: number;
  cardId: number;
  /** A refund's purchase, so the audit entry names it (sandbox-summaries.ts). */
  authorizationId?: number;
  requestId: string;
}) {
  const { action, label, done } = STEPS[step];
  const { result, pending, formProps, fieldError } = useActionForm(action);
  const error = result.serverError ?? fieldError('amount');
  const inputId = `${step}-${id}-amount`;
  return (
    <form
      {...formProps}
      method="post"
      aria-label={`${label} ${id}`}
      className="flex flex-wrap items-center gap-2"
    >
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="cardId" value={cardId} />
      {authorizationId ? <input type="hidden" name="authorizationId" value={authorizationId} /> : null}
      <input type="hidden" name="requestId" value={requestId} />
      <label htmlFor={inputId} className="sr-only">
        Amount to {label.toLowerCase()} (empty: all)
      </label>
      <Input
        id={inputId}
        name="amount"
        inputMode="decimal"
        placeholder="All"
        className="w-24"
        autoComplete="off"
      />
      <Button type="submit" size="sm" variant="outline" loading={pending}>
        {label}
      </Button>
      {result.data ? (
        <span role="status" className="text-sm text-success-fg">
          {done}
        </span>
      ) : null}
      {error ? (
        <span role="alert" className="text-sm text-destructive">
          {error}
        </span>
      ) : null}
    </form>
  );
}
