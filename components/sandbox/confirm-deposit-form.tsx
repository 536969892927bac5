'use client';
// More confirmations for a deposit still confirming (/sandbox; simulateConfirm): the number now,
// the chain's required number by default, so one press screens it. A state action's form, so it
// posts without JavaScript; the wallet's refusal shows beside it.
import { useActionForm } from '@/components/forms/use-action-form';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { simulateConfirm } from '@/lib/backoffice/sandbox/actions';
import { typedValuesOf } from '@/lib/backoffice/shared/action-form-data';

export function ConfirmDepositForm({
  depositId,
  appUserId,
  requiredConfirmations,
}: {
  depositId: number;
  appUserId: string;
  requiredConfirmations: number;
}) {
  const { result, pending, formProps, fieldError } = useActionForm(simulateConfirm);
  const typed = typedValuesOf(result.validationErrors);
  const error = result.serverError ?? fieldError('confirmations');
  const inputId = `confirm-${depositId}`;
  return (
    <form
      {...formProps}
      method="post"
      aria-label={`Confirm deposit ${depositId}`}
      className="flex flex-wrap items-center gap-2"
    >
      <input type="hidden" name="depositId" value={depositId} />
      <input type="hidden" name="appUserId" value={appUserId} />
      <label htmlFor={inputId} className="sr-only">
        Confirmations of deposit {depositId} now
      </label>
      <Input
        id={inputId}
        name="confirmations"
        inputMode="numeric"
        className="w-20"
        autoComplete="off"
        defaultValue={typed('confirmations') ?? String(requiredConfirmations)}
        {...(error ? { 'aria-invalid': true } : {})}
      />
      <Button type="submit" size="sm" variant="outline" loading={pending}>
        Confirm
      </Button>
      {result.data ? (
        <span role="status" className="text-sm text-success-fg">
          {result.data.deposit.confirmations} confirmations
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
