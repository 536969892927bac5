'use client';
// Changing a card's spending controls (lib/backoffice/card-controls/actions.ts): the four limits
// (empty: no limit), the merchant category groups to block by name (ISO 18245 codes underneath,
// lib/wallet/contract/merchant-categories.ts), the blocked countries by name and more to add, several
// at once, typed as names or codes (country-list.ts).
// Emptying a limit that is set asks first: the action refuses it until "Yes, remove" is ticked.
// A state action's form (useActionForm), so it posts without JavaScript and keeps what was typed.
import { useActionForm } from '@/components/forms/use-action-form';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { ServerErrorAlert } from '@/components/forms/server-error-alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { setCardControls } from '@/lib/backoffice/card-controls/actions';
import { LIMIT_FIELDS } from '@/lib/backoffice/card-controls/controls-view';
import { typedValuesOf } from '@/lib/backoffice/shared/action-form-data';
import { countryName } from '@/lib/backoffice/shared/format';
import { groupsOfMccList, MERCHANT_CATEGORY_GROUPS } from '@/lib/wallet/contract/merchant-categories';
import type { CardControls } from '@/lib/wallet/contract/schemas';

export function CardControlsForm({
  appUserId,
  cardId,
  controls,
  decimalPlaces,
  requestId,
}: {
  appUserId: string;
  cardId: number;
  controls: CardControls;
  decimalPlaces: number;
  requestId: string;
}) {
  const { result, pending, formProps, fieldError } = useActionForm(setCardControls);
  const typed = typedValuesOf(result.validationErrors);
  const { groups, otherCodes } = groupsOfMccList(controls.blockedMcc);
  const blockedGroups = new Set(groups.map((g) => g.key));
  const amountOf = (interval: string) => {
    const limit = controls.limits.find((l) => l.interval === interval);
    return limit ? limit.amount.toFixed(decimalPlaces) : '';
  };
  const removalError = fieldError('confirmRemoval');

  return (
    <form {...formProps} method="post" aria-label="Change the spending controls" className="mt-4 grid gap-5">
      <input type="hidden" name="appUserId" value={appUserId} />
      <input type="hidden" name="cardId" value={cardId} />
      <input type="hidden" name="requestId" value={requestId} />
      {result.data ? (
        <Alert variant="success" live>
          <AlertTitle>Spending controls saved</AlertTitle>
          <AlertDescription>
            {result.data.change === 'no change' ? 'Nothing changed.' : result.data.change}
          </AlertDescription>
        </Alert>
      ) : null}
      <ServerErrorAlert title="The spending controls were not changed" error={result.serverError} />
      <fieldset className="grid gap-3 sm:grid-cols-2">
        <legend className="mb-2 text-sm font-medium">Limits (empty: no limit)</legend>
        {LIMIT_FIELDS.map((f) => (
          <Field key={f.name} id={`limit-${f.name}`} label={`${f.label} limit`} error={fieldError(f.name)}>
            <Input
              name={f.name}
              inputMode="decimal"
              autoComplete="off"
              defaultValue={typed(f.name) ?? amountOf(f.interval)}
              placeholder="No limit"
            />
          </Field>
        ))}
      </fieldset>
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium">Blocked merchant categories</legend>
        <ul className="grid gap-2 sm:grid-cols-2">
          {MERCHANT_CATEGORY_GROUPS.map((group, i) => (
            <li key={group.key}>
              <label className="flex items-start gap-2 text-sm">
                <input
                  type="checkbox"
                  name={`groups.${i}`}
                  value={group.key}
                  defaultChecked={blockedGroups.has(group.key)}
                  className="mt-1"
                />
                <span>
                  {group.name}
                  <span className="block text-xs text-muted-foreground">
                    MCC {Object.keys(group.codes).join(', ')}
                  </span>
                </span>
              </label>
            </li>
          ))}
          {otherCodes.map((code, i) => (
            <li key={code}>
              <label className="flex items-center gap-2 text-sm">
                <input type="checkbox" name={`otherMcc.${i}`} value={code} defaultChecked />
                MCC {code} (blocked on its own)
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium">Blocked countries</legend>
        {controls.blockedCountries.length > 0 ? (
          <ul className="grid gap-2 sm:grid-cols-2">
            {controls.blockedCountries.map((code, i) => (
              <li key={code}>
                <label className="flex items-center gap-2 text-sm">
                  <input type="checkbox" name={`countries.${i}`} value={code} defaultChecked />
                  {countryName(code)}
                </label>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted-foreground">No country is blocked.</p>
        )}
        <Field
          id="controls-add-countries"
          label="Block more countries"
          description="Names or ISO codes, separated by commas."
          error={fieldError('addCountries')}
        >
          <Input
            name="addCountries"
            autoComplete="off"
            defaultValue={typed('addCountries') ?? ''}
            placeholder="e.g. Malta, Cyprus, GB"
          />
        </Field>
      </fieldset>
      {controls.limits.length > 0 ? (
        <div className="grid gap-1">
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              name="confirmRemoval"
              aria-describedby={removalError ? 'controls-removal-error' : undefined}
            />
            Yes, remove the limits I emptied
          </label>
          {removalError ? (
            <p id="controls-removal-error" className="text-sm text-destructive" role="alert">
              {removalError}
            </p>
          ) : null}
        </div>
      ) : null}
      <div>
        <Button type="submit" loading={pending}>
          Save the spending controls
        </Button>
      </div>
    </form>
  );
}
