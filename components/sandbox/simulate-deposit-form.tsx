'use client';
// /sandbox's deposit form (lib/backoffice/sandbox/actions.ts, simulateDeposit): to the person the
// page chose by name, the chain, the amount of USDT and the confirmations so far (empty: the
// chain's number, screened at once), and optionally the sender (to show a blocked or reviewed
// address held by KYT). The answer (confirming, credited or held, in words)
// shows above the form. A state action's form: it posts without JavaScript, and a refusal keeps
// what was typed.
import Link from 'next/link';
import { useActionForm } from '@/components/forms/use-action-form';
import { ServerErrorAlert } from '@/components/forms/server-error-alert';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field, FieldErrorText } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/select';
import { simulateDeposit } from '@/lib/backoffice/sandbox/actions';
import { typedValuesOf } from '@/lib/backoffice/shared/action-form-data';
import { REQUIRED_CONFIRMATIONS } from '@/lib/wallet/contract/chains';

const STATUS_WORDS = {
  CONFIRMING: 'confirming',
  CREDITED: 'credited to the wallet',
  HELD: 'held by KYT for a person to decide on /compliance',
  REJECTED: 'rejected',
} as const;

export function SimulateDepositForm({
  person,
  transaction,
}: {
  /** Whom the deposit goes to, by name. */
  person: { appUserId: string; name: string };
  /** 64 hex characters made as the page renders: the transaction (one deposit per page). */
  transaction: string;
}) {
  const { result, pending, formProps, fieldError } = useActionForm(simulateDeposit);
  const typed = typedValuesOf(result.validationErrors);
  const d = result.data?.deposit;
  return (
    <form {...formProps} method="post" aria-label="Simulate a deposit" className="grid gap-4">
      <input type="hidden" name="transaction" value={transaction} />
      {d ? (
        <Alert variant={d.status === 'HELD' ? 'warning' : 'success'} live>
          <AlertTitle data-testid="simulated-deposit">
            Deposit {d.depositId}:{' '}
            {d.amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 6 })} USDT on{' '}
            {d.chain === 'ETHEREUM' ? 'Ethereum' : 'Tron'}, {STATUS_WORDS[d.status]}
          </AlertTitle>
          <AlertDescription>
            {d.status === 'CONFIRMING'
              ? `${d.confirmations} of ${d.requiredConfirmations} confirmations: confirm it below to have it screened. `
              : null}
            <Link href={`/users/${encodeURIComponent(d.appUserId)}`} className="underline">
              See the user&apos;s deposits
            </Link>
          </AlertDescription>
        </Alert>
      ) : null}
      <ServerErrorAlert title="The deposit was not simulated" error={result.serverError} />
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="grid gap-1.5 sm:col-span-2">
          <input type="hidden" name="appUserId" value={person.appUserId} />
          <p className="text-sm leading-none font-medium">To</p>
          <p className="text-sm break-words" data-testid="sandbox-person">
            {person.name}{' '}
            <Link href="/sandbox/deposits" className="text-link underline underline-offset-4">
              Choose another person
            </Link>
          </p>
          {fieldError('appUserId') ? (
            <FieldErrorText id="dep-user-error">{fieldError('appUserId')}</FieldErrorText>
          ) : null}
        </div>
        <Field id="dep-chain" label="Chain" required error={fieldError('chain')}>
          <NativeSelect name="chain" defaultValue={typed('chain') ?? 'ETHEREUM'}>
            <option value="ETHEREUM">Ethereum (USDT, {REQUIRED_CONFIRMATIONS.ETHEREUM} confirmations)</option>
            <option value="TRON">Tron (USDT, {REQUIRED_CONFIRMATIONS.TRON} confirmations)</option>
          </NativeSelect>
        </Field>
        <Field id="dep-amount" label="Amount (USDT)" required error={fieldError('amount')}>
          <Input
            name="amount"
            inputMode="decimal"
            autoComplete="off"
            defaultValue={typed('amount') ?? ''}
            placeholder="e.g. 250.00"
          />
        </Field>
        <Field
          id="dep-confirmations"
          label="Confirmations so far"
          description={`Empty: the chain's number (${REQUIRED_CONFIRMATIONS.ETHEREUM} on Ethereum, ${REQUIRED_CONFIRMATIONS.TRON} on Tron), so it is screened at once. Fewer leave it confirming.`}
          error={fieldError('confirmations')}
        >
          <Input
            name="confirmations"
            inputMode="numeric"
            autoComplete="off"
            defaultValue={typed('confirmations') ?? ''}
          />
        </Field>
        <Field
          id="dep-from"
          label="Sender address"
          description="Optional: empty, one is made up. A blocked or reviewed address is held by KYT."
          error={fieldError('fromAddress')}
          className="sm:col-span-2"
        >
          <Input name="fromAddress" autoComplete="off" defaultValue={typed('fromAddress') ?? ''} />
        </Field>
      </div>
      <div>
        <Button type="submit" loading={pending}>
          Simulate the deposit
        </Button>
      </div>
    </form>
  );
}
