'use client';
// The address form, in its two uses: adding a delivery address (spec 4.7) and editing one
// (address/update, docs/wallet-api.md "Address changes"). A posted form (useActionForm): before its
// scripts load the browser posts it and gets the user's page, or this page again with the errors
// and what was typed; once hydrated the same action runs in place, what was typed stays, and on
// success a toast says what was saved on the way back to the user's page. Errors show beside their
// fields and in a summary that takes focus. The request ID comes from the page, made when the form
// opened.
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useEffect, useEffectEvent, type ReactNode } from 'react';
import {
  ADDRESS_FIELD_ID,
  ADDRESS_FIELD_ORDER,
  AddressFields,
  addressFieldId,
} from '@/components/addresses/address-fields';
import { ActionFormIntro } from '@/components/forms/action-form-intro';
import { useActionForm } from '@/components/forms/use-action-form';
import { Button } from '@/components/ui/button';
import { buttonVariants } from '@/components/ui/button-variants';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { toast } from '@/components/ui/toaster';
import { typedValuesOf } from '@/lib/backoffice/shared/action-form-data';

const ID = ADDRESS_FIELD_ID;

/** What a saved address's toast says. */
export type AddressSaved = { title: string; description: string };

type ActionResult = { data?: unknown; serverError?: string; validationErrors?: unknown };

export interface AddressFormProps<R extends ActionResult> {
  /** The add or the update action (a state action). */
  action: (state: Awaited<R>, input: unknown) => Promise<R>;
  /** The form's accessible name, e.g. "Add an address". */
  label: string;
  /** The summary's title when the address was not saved. */
  failureTitle: string;
  /** The hidden fields: the user, the address being edited, the request ID. */
  hidden: Record<string, string>;
  /** The fields' values as the page opens, by path ("city", "mobile.number"). */
  values: Record<string, string>;
  recipientDescription: string;
  /** The default switch: on, and whether it can be changed (the first address, the default now). */
  isDefault: { checked: boolean; locked: boolean; description: string };
  submit: { label: string; icon: ReactNode };
  /** The toast for the action's answer, and where to go then (the user's page). */
  saved: (data: NonNullable<Awaited<R>['data']>) => AddressSaved;
  userPath: string;
}

export function AddressForm<R extends ActionResult>({
  action,
  label,
  failureTitle,
  hidden,
  values,
  recipientDescription,
  isDefault,
  submit,
  saved,
  userPath,
}: AddressFormProps<R>) {
  const router = useRouter();
  const { result, pending, answers, formProps, fieldError } = useActionForm(action);
  const data = result.data;
  const announce = useEffectEvent((answer: NonNullable<Awaited<R>['data']>) => {
    const { title, description } = saved(answer);
    toast.success(title, { description });
    router.push(userPath);
  });
  useEffect(() => {
    if (data !== undefined && data !== null) announce(data);
  }, [data]);

  // After a post made before the scripts ran, the page shows what was typed, not what it opened with.
  const typed = typedValuesOf(result.validationErrors);
  const value = (path: string) => typed(path) ?? values[path];
  const switchOn = typed('isDefault') === undefined ? isDefault.checked : typed('isDefault') === 'true';
  const switchError = fieldError('isDefault');

  return (
    // POST even before hydration: an address never travels in a URL.
    <form {...formProps} method="post" aria-label={label} className="grid gap-6">
      {Object.entries(hidden).map(([name, hiddenValue]) => (
        <input key={name} type="hidden" name={name} value={typed(name) ?? hiddenValue} />
      ))}
      <ActionFormIntro
        result={result}
        answers={answers}
        order={ADDRESS_FIELD_ORDER}
        fieldId={addressFieldId}
        title={failureTitle}
      />

      <AddressFields value={value} error={fieldError} recipientDescription={recipientDescription} />

      <div className="flex items-start gap-3 rounded-xl border bg-card p-5">
        {/* Unchecked, a checkbox sends nothing: this "false" (or, when locked, what the switch
            shows) is the value then; a checked switch's "true" comes after it and wins. */}
        <input
          type="hidden"
          name="isDefault"
          value={isDefault.locked ? String(isDefault.checked) : 'false'}
        />
        <Switch
          id={`${ID}-isDefault`}
          name="isDefault"
          value="true"
          defaultChecked={isDefault.locked ? isDefault.checked : switchOn}
          disabled={isDefault.locked}
          aria-describedby={`${ID}-isDefault-description${switchError ? ` ${ID}-isDefault-error` : ''}`}
          aria-invalid={switchError ? true : undefined}
          className="mt-0.5"
        />
        <div className="grid gap-1">
          <Label htmlFor={`${ID}-isDefault`}>Default address</Label>
          <p
            id={`${ID}-isDefault-description`}
            className="text-[0.8125rem] leading-snug text-muted-foreground"
          >
            {isDefault.description}
          </p>
          {switchError ? (
            <p id={`${ID}-isDefault-error`} className="text-[0.8125rem] font-medium text-danger-fg">
              {switchError}
            </p>
          ) : null}
        </div>
      </div>

      <div className="flex flex-wrap items-center gap-3">
        {/* Busy from the click until the user's page opens, so a second click sends nothing. */}
        <Button type="submit" loading={pending || data !== undefined}>
          {submit.icon}
          {submit.label}
        </Button>
        <Link href={userPath} className={buttonVariants({ variant: 'ghost' })}>
          Cancel
        </Link>
      </div>
    </form>
  );
}
