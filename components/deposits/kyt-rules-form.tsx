'use client';
// The KYT rules editor (/compliance, admins; docs/deposits-and-kyt.md "KYT"): the addresses whose
// deposits are blocked (SEVERE) or reviewed (HIGH), one per line, and the review and severe
// amounts, and who may release a held deposit (apiRelease: the app's API key too, or only two
// admins here). An emptied list is cleared. A state action (useActionForm): works before its scripts
// load, and a refused save keeps what was typed.
import { Save } from 'lucide-react';
import { useActionForm } from '@/components/forms/use-action-form';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { ServerErrorAlert } from '@/components/forms/server-error-alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { saveKytRules } from '@/lib/backoffice/deposits/actions';
import { typedValuesOf } from '@/lib/backoffice/shared/action-form-data';
import type { KytRules } from '@/lib/wallet/contract/schemas';

export function KytRulesForm({ saved }: { saved: KytRules }) {
  const { result, pending, formProps, fieldError } = useActionForm(saveKytRules);
  const typed = typedValuesOf(result.validationErrors);
  const rules = result.data ?? saved;
  return (
    <form {...formProps} method="post" aria-label="KYT rules" className="grid gap-4">
      {result.data ? (
        <Alert variant="success" live>
          <AlertTitle>KYT rules saved</AlertTitle>
          <AlertDescription>Deposits screened from now on follow them.</AlertDescription>
        </Alert>
      ) : null}
      <ServerErrorAlert title="The rules were not saved" error={result.serverError} />
      <Field
        id="kyt-blocked"
        label="Blocked addresses (severe risk: held)"
        description="ETHEREUM or TRON addresses, one per line."
        error={fieldError('blockedAddresses')}
      >
        <Textarea
          name="blockedAddresses"
          rows={3}
          defaultValue={typed('blockedAddresses') ?? rules.blockedAddresses.join('\n')}
        />
      </Field>
      <Field
        id="kyt-review"
        label="Addresses to review (high risk: held)"
        description="ETHEREUM or TRON addresses, one per line."
        error={fieldError('reviewAddresses')}
      >
        <Textarea
          name="reviewAddresses"
          rows={3}
          defaultValue={typed('reviewAddresses') ?? rules.reviewAddresses.join('\n')}
        />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          id="kyt-review-amount"
          label="Review amount (USDT)"
          description="From this amount a deposit is medium risk (credited)."
          required
          error={fieldError('reviewAmount')}
        >
          <Input
            name="reviewAmount"
            inputMode="decimal"
            defaultValue={typed('reviewAmount') ?? String(rules.reviewAmount)}
          />
        </Field>
        <Field
          id="kyt-severe-amount"
          label="Severe amount (USDT)"
          description="From this amount a deposit is high risk (held)."
          required
          error={fieldError('severeAmount')}
        >
          <Input
            name="severeAmount"
            inputMode="decimal"
            defaultValue={typed('severeAmount') ?? String(rules.severeAmount)}
          />
        </Field>
      </div>
      <Field
        id="kyt-api-release"
        label="Who may release a held deposit"
        description="Two admins here always may. Allowing the app's API key lets a program release one without them."
        error={fieldError('apiRelease')}
      >
        <NativeSelect name="apiRelease" defaultValue={typed('apiRelease') ?? String(rules.apiRelease)}>
          <option value="false">Only two admins in the back-office</option>
          <option value="true">Two admins here, or the app&apos;s API key</option>
        </NativeSelect>
      </Field>
      <div>
        <Button type="submit" loading={pending}>
          <Save aria-hidden="true" />
          Save KYT rules
        </Button>
      </div>
    </form>
  );
}
