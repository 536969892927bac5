'use client';
// The card-issue wizard's inline address form (4.7): adds a delivery address for the user
// without leaving the wizard, then hands its id back to be chosen. Its own requestId, made when
// the form opens, keeps a double click on Save to one address.
import { zodResolver } from '@hookform/resolvers/zod';
import { useHookFormAction } from '@next-safe-action/adapter-react-hook-form/hooks';
import { getAlpha2Codes } from 'i18n-iso-countries';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Combobox, type ComboboxOption } from '@/components/ui/combobox';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { addDeliveryAddress } from '@/lib/backoffice/actions/card-issue';
import { countryName, withFieldLabel } from '@/lib/backoffice/card-issue-format';
import { newRequestId } from '@/lib/backoffice/card-issue-request-id';
import { deliveryAddressSchema, type IssueUser } from '@/lib/backoffice/forms/card-issue';

let countryOptions: ComboboxOption[] | undefined;

/** Every ISO 3166-1 country, by English name, built on first use. */
function countries(): ComboboxOption[] {
  countryOptions ??= Object.keys(getAlpha2Codes())
    .map((code) => ({ value: code, label: countryName(code), keywords: [code] }))
    .sort((a, b) => a.label.localeCompare(b.label, 'en'));
  return countryOptions;
}

export interface DeliveryAddressFormProps {
  user: IssueUser;
  /** The first address a user has becomes their default whatever is chosen (4.7). */
  firstAddress: boolean;
  onAdded: (addressId: number) => void;
  onCancel: (() => void) | undefined;
}

export function DeliveryAddressForm({ user, firstAddress, onAdded, onCancel }: DeliveryAddressFormProps) {
  const [requestId] = useState(newRequestId);
  const { form, action, handleSubmitWithAction } = useHookFormAction(
    addDeliveryAddress,
    zodResolver(deliveryAddressSchema),
    {
      formProps: {
        mode: 'onTouched',
        defaultValues: {
          requestId,
          appUserId: user.appUserId,
          firstName: user.firstName,
          lastName: user.lastName,
          mobile: user.mobile,
          country: '',
          province: '',
          city: '',
          postalCode: '',
          street: '',
          detailedAddress: '',
          isDefault: false,
        },
      },
      actionProps: { onSuccess: ({ data }) => onAdded(data.addressId) },
    },
  );
  const { errors } = form.formState;
  const error = (label: string, message: string | undefined) => withFieldLabel(label, message);

  return (
    <form
      onSubmit={handleSubmitWithAction}
      noValidate
      aria-labelledby="delivery-address-form-title"
      className="grid gap-4 rounded-lg border bg-muted/20 p-4"
    >
      <h3 id="delivery-address-form-title" className="text-sm font-semibold">
        New delivery address for {user.firstName} {user.lastName}
      </h3>
      {action.result.serverError ? (
        <Alert variant="error" live>
          <AlertTitle>The address was not added</AlertTitle>
          <AlertDescription>{action.result.serverError}</AlertDescription>
        </Alert>
      ) : null}
      <div className="grid items-start gap-4 sm:grid-cols-2">
        <Field label="First name" required error={error('First name', errors.firstName?.message)}>
          <Input autoComplete="off" {...form.register('firstName')} />
        </Field>
        <Field label="Last name" required error={error('Last name', errors.lastName?.message)}>
          <Input autoComplete="off" {...form.register('lastName')} />
        </Field>
        <Field
          label="Mobile number"
          required
          className="sm:col-span-2"
          description="Region code, a hyphen and the number, e.g. 1-4155550100."
          error={error('Mobile number', errors.mobile?.message)}
        >
          <Input
            autoComplete="off"
            inputMode="tel"
            className="sm:max-w-[calc(50%-0.5rem)]"
            {...form.register('mobile')}
          />
        </Field>
        <Field
          label="Country"
          id="delivery-country"
          required
          error={error('Country', errors.country?.message)}
        >
          {(control) => (
            <Controller
              control={form.control}
              name="country"
              render={({ field }) => (
                <Combobox
                  {...control}
                  ref={field.ref}
                  options={countries()}
                  value={field.value ?? ''}
                  onChange={(code) => field.onChange(code)}
                  onBlur={field.onBlur}
                  placeholder="Choose a country…"
                  searchPlaceholder="Search countries"
                  emptyText="No country has this name or code."
                  aria-required
                />
              )}
            />
          )}
        </Field>
        <Field
          label="Province or state (optional)"
          error={error('Province or state', errors.province?.message)}
        >
          <Input autoComplete="off" {...form.register('province')} />
        </Field>
        <Field label="City" required error={error('City', errors.city?.message)}>
          <Input autoComplete="off" {...form.register('city')} />
        </Field>
        <Field label="Postal code (optional)" error={error('Postal code', errors.postalCode?.message)}>
          <Input autoComplete="off" {...form.register('postalCode')} />
        </Field>
        <Field label="Street" required error={error('Street', errors.street?.message)}>
          <Input autoComplete="off" {...form.register('street')} />
        </Field>
        <Field
          label="Apartment, floor, etc. (optional)"
          error={error('Apartment, floor, etc.', errors.detailedAddress?.message)}
        >
          <Input autoComplete="off" {...form.register('detailedAddress')} />
        </Field>
      </div>
      {firstAddress ? (
        <p className="text-sm text-muted-foreground">
          This is the user&apos;s first address, so it becomes their default address.
        </p>
      ) : (
        <label className="flex items-center gap-2 text-sm">
          <Checkbox {...form.register('isDefault')} />
          Make this the user&apos;s default address
        </label>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" loading={action.isExecuting}>
          Save address
        </Button>
        {onCancel ? (
          <Button type="button" variant="outline" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
      </div>
    </form>
  );
}
