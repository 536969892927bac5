'use client';
// The /settings form (admins, docs/back-office.md "Approvals"): which wallet calls wait for a
// second member of staff, from which amounts, the dashboard's low-balance threshold, and who must
// sign in with two factors. A state action (useActionForm): it works before its scripts load, and a
// refused save keeps what was typed, with the error beside the field that broke a rule.
import { Save } from 'lucide-react';
import { useActionForm } from '@/components/forms/use-action-form';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { ServerErrorAlert } from '@/components/forms/server-error-alert';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/select';
import { saveSettings } from '@/lib/backoffice/settings/actions';
import { typedValuesOf } from '@/lib/backoffice/shared/action-form-data';
import type { AgencySettings } from '@/lib/backoffice/settings/settings-schema';

type Toggle = 'issueApprovalOn' | 'transferApprovalOn' | 'unlockApprovalOn' | 'cancelApprovalOn';
type Amount = 'issueApprovalMinFee' | 'transferApprovalMinAmount' | 'lowBalanceThreshold';

export function SettingsForm({ saved }: { saved: AgencySettings }) {
  const { result, pending, formProps, fieldError } = useActionForm(saveSettings);
  const typed = typedValuesOf(result.validationErrors);
  // A refused post made without scripts comes back with what was typed; otherwise what is saved.
  const refusedPost =
    typed('lowBalanceThreshold') !== undefined || typed('transferApprovalMinAmount') !== undefined;
  const checked = (name: Toggle) =>
    refusedPost ? typed(name) === 'on' || typed(name) === 'true' : saved[name];
  const amount = (name: Amount) => typed(name) ?? saved[name];

  const toggle = (name: Toggle, label: string, hint: string) => (
    <label className="flex items-start gap-3 text-sm">
      <Checkbox name={name} defaultChecked={checked(name)} className="mt-0.5" />
      <span>
        <span className="font-medium">{label}</span>
        <span className="block text-muted-foreground">{hint}</span>
      </span>
    </label>
  );

  return (
    <form {...formProps} method="post" aria-label="Settings" className="grid gap-8">
      {result.data ? (
        <Alert variant="success" live>
          <AlertTitle>Settings saved</AlertTitle>
          <AlertDescription>They apply from the next request, on every instance.</AlertDescription>
        </Alert>
      ) : null}
      <ServerErrorAlert title="The settings were not saved" error={result.serverError} />
      <fieldset className="grid gap-5">
        <legend className="mb-3 text-base font-semibold">Approvals: a second person before…</legend>
        <div className="grid gap-3">
          {toggle(
            'transferApprovalOn',
            'a transfer out of an agency asset',
            'Funding a user’s wallet or topping up a card from the agency’s money, from the amount below.',
          )}
          <Field
            id="transferApprovalMinAmount"
            label="From this amount (in the asset’s currency)"
            description="Counted per member of staff over the last 24 hours: a transfer waits when it brings what they sent out of agency assets without approval, this one included, to this amount. Transfers sent for approval do not count."
            required
            error={fieldError('transferApprovalMinAmount')}
            className="ps-7"
          >
            <Input
              name="transferApprovalMinAmount"
              inputMode="decimal"
              defaultValue={amount('transferApprovalMinAmount')}
            />
          </Field>
        </div>
        <div className="grid gap-3">
          {toggle(
            'issueApprovalOn',
            'a card issuance paid by the agency',
            'When the card’s fee, paid from an agency asset, is at least the amount below.',
          )}
          <Field
            id="issueApprovalMinFee"
            label="From this fee (in the fee’s currency)"
            required
            error={fieldError('issueApprovalMinFee')}
            className="ps-7"
          >
            <Input
              name="issueApprovalMinFee"
              inputMode="decimal"
              defaultValue={amount('issueApprovalMinFee')}
            />
          </Field>
        </div>
        {toggle(
          'unlockApprovalOn',
          'unlocking or replacing a card locked as stolen or for suspected fraud',
          'Always, whoever asks: someone else may be holding the card, and a replacement holds its money.',
        )}
        {toggle('cancelApprovalOn', 'cancelling a card', 'Always: a cancelled card cannot be brought back.')}
      </fieldset>
      <fieldset className="grid gap-3">
        <legend className="mb-3 text-base font-semibold">Dashboard</legend>
        <Field
          id="lowBalanceThreshold"
          label="Warn when an agency asset’s balance is under"
          description="In the asset’s currency; 0 never warns."
          required
          error={fieldError('lowBalanceThreshold')}
        >
          <Input
            name="lowBalanceThreshold"
            inputMode="decimal"
            defaultValue={amount('lowBalanceThreshold')}
          />
        </Field>
      </fieldset>
      <fieldset className="grid gap-3">
        <legend className="mb-3 text-base font-semibold">Sign-in</legend>
        <Field
          id="twoFactorRequiredFor"
          label="Two-factor sign-in is required for"
          description="Whoever must have it and has not set it up is sent to set it up at their next sign-in, before anything else."
          required
          error={fieldError('twoFactorRequiredFor')}
        >
          <NativeSelect
            name="twoFactorRequiredFor"
            defaultValue={typed('twoFactorRequiredFor') ?? saved.twoFactorRequiredFor}
          >
            <option value="nobody">Nobody (each member of staff may turn it on)</option>
            <option value="admins">Admins</option>
            <option value="staff">Every member of staff</option>
          </NativeSelect>
        </Field>
      </fieldset>
      <div>
        <Button type="submit" loading={pending}>
          <Save aria-hidden="true" />
          Save settings
        </Button>
      </div>
    </form>
  );
}
