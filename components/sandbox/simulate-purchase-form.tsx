'use client';
// /sandbox's purchase form (lib/backoffice/sandbox/actions.ts, simulatePurchase): on the card the
// page chose by name (its holder found by the pickers, or the card's page's "Simulate a purchase"),
// the merchant, its category chosen under the group's name (ISO 18245 code underneath), its
// country by name, and the amount. The answer (approved and held, or declined with the reason in
// words) shows above the form. A state action's form: it posts without JavaScript.
import Link from 'next/link';
import { useActionForm } from '@/components/forms/use-action-form';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { ServerErrorAlert } from '@/components/forms/server-error-alert';
import { Button } from '@/components/ui/button';
import { Field, FieldErrorText } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/select';
import { explainDecline } from '@/lib/backoffice/cards/decline-reasons';
import { simulatePurchase } from '@/lib/backoffice/sandbox/actions';
import { typedValuesOf } from '@/lib/backoffice/shared/action-form-data';
import { countryChoices, formatMoney } from '@/lib/backoffice/shared/format';
import { MERCHANT_CATEGORY_GROUPS } from '@/lib/wallet/contract/merchant-categories';

export function SimulatePurchaseForm({
  card,
  requestId,
}: {
  /** The card chosen, in words: "Pia Picker's Virtual Visa Classic ••1234". */
  card: { cardId: number; text: string };
  requestId: string;
}) {
  const { result, pending, formProps, fieldError } = useActionForm(simulatePurchase);
  const typed = typedValuesOf(result.validationErrors);
  const a = result.data?.authorization;
  const decline = a?.declineReason ? explainDecline(a.declineReason, a.merchant) : null;
  return (
    <form {...formProps} method="post" aria-label="Simulate a purchase" className="grid gap-4">
      <input type="hidden" name="requestId" value={requestId} />
      {a ? (
        <Alert variant={decline ? 'error' : 'success'} live>
          <AlertTitle data-testid="simulated-outcome">
            {decline
              ? `Declined: ${formatMoney(a.amount, a.currency, 2)} at ${a.merchant.name}`
              : `Approved and held: ${formatMoney(a.amount, a.currency, 2)} at ${a.merchant.name}`}
          </AlertTitle>
          <AlertDescription>
            Authorization {a.authorizationId}.{' '}
            {decline ? (
              <>
                {decline.what} {decline.next}
              </>
            ) : (
              'Clear, reverse or refund it below.'
            )}
          </AlertDescription>
        </Alert>
      ) : null}
      <ServerErrorAlert title="The purchase was not simulated" error={result.serverError} />
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="grid gap-1.5 sm:col-span-2">
          <input type="hidden" name="cardId" value={card.cardId} />
          <p className="text-sm leading-none font-medium">Card</p>
          <p className="text-sm break-words" data-testid="sandbox-card">
            {card.text}{' '}
            <Link href="/sandbox" className="text-link underline underline-offset-4">
              Choose another card
            </Link>
          </p>
          {fieldError('cardId') ? (
            <FieldErrorText id="sim-card-error">{fieldError('cardId')}</FieldErrorText>
          ) : null}
        </div>
        <Field id="sim-amount" label="Amount" required error={fieldError('amount')}>
          <Input
            name="amount"
            inputMode="decimal"
            autoComplete="off"
            defaultValue={typed('amount') ?? ''}
            placeholder="e.g. 12.50"
          />
        </Field>
        <Field id="sim-merchant" label="Merchant" required error={fieldError('merchantName')}>
          <Input
            name="merchantName"
            maxLength={100}
            defaultValue={typed('merchantName') ?? ''}
            placeholder="e.g. Corner Cafe"
          />
        </Field>
        <Field id="sim-mcc" label="Category" required error={fieldError('mcc')}>
          <NativeSelect name="mcc" defaultValue={typed('mcc') ?? '5812'}>
            {MERCHANT_CATEGORY_GROUPS.map((group) => (
              <optgroup key={group.key} label={group.name}>
                {Object.entries(group.codes).map(([code, description]) => (
                  <option key={code} value={code}>
                    {group.name}: {description} ({code})
                  </option>
                ))}
              </optgroup>
            ))}
          </NativeSelect>
        </Field>
        <Field id="sim-country" label="Merchant country" required error={fieldError('merchantCountry')}>
          <NativeSelect name="merchantCountry" defaultValue={typed('merchantCountry') ?? 'US'}>
            {countryChoices().map((c) => (
              <option key={c.code} value={c.code}>
                {c.name}
              </option>
            ))}
          </NativeSelect>
        </Field>
      </div>
      <div>
        <Button type="submit" loading={pending}>
          Simulate the purchase
        </Button>
      </div>
    </form>
  );
}
