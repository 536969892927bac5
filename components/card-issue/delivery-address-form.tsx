'use client';
// The card-issue wizard's inline address form (4.7): adds a delivery address for the user
// without leaving the wizard, then hands its id back to be chosen. Its own requestId, made when
// the form opens, keeps a double click on Save to one address. Its fields are the shared ones of
// components/forms; the wallet's bare rules ("must not be empty") are worded after each label.
import { zodResolver } from '@hookform/resolvers/zod';
import { useHookFormAction } from '@next-safe-action/adapter-react-hook-form/hooks';
import { useState } from 'react';
import { CountryField } from '@/components/forms/country-field';
import { TextField } from '@/components/forms/text-field';
import { ServerErrorAlert } from '@/components/forms/server-error-alert';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { addDeliveryAddress } from '@/lib/backoffice/card-issue/actions';
import { withFieldLabel } from '@/lib/backoffice/card-issue/card-issue-format';
import { deliveryAddressSchema, type IssueUser } from '@/lib/backoffice/card-issue/forms';
import { newRequestId } from '@/lib/backoffice/shared/request-id';

export interface DeliveryAddressFormProps {
  user: IssueUser;
  /** The first address a user has becomes their default whatever is chosen (4.7). */
  firstAddress: boolean;
  onAdded: (addressId: number) => void;
  onCancel: (() => void) | undefined;
}

/** A field's error worded after its label. */
const after = (label: string) => (message: string | undefined) => withFieldLabel(label, message);

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
  const { control } = form;

  return (
    <form
      method="post"
      onSubmit={handleSubmitWithAction}
      noValidate
      aria-labelledby="delivery-address-form-title"
      className="grid gap-4 rounded-lg border bg-muted/20 p-4"
    >
      <h3 id="delivery-address-form-title" className="text-sm font-semibold">
        New delivery address for {user.firstName} {user.lastName}
      </h3>
      <ServerErrorAlert title="The address was not added" error={action.result.serverError} />
      <div className="grid items-start gap-4 sm:grid-cols-2">
        <TextField
          control={control}
          name="firstName"
          label="First name"
          required
          formatError={after('First name')}
        />
        <TextField
          control={control}
          name="lastName"
          label="Last name"
          required
          formatError={after('Last name')}
        />
        <TextField
          control={control}
          name="mobile"
          label="Mobile number"
          required
          className="sm:col-span-2"
          description="Region code, a hyphen and the number, e.g. 1-4155550100."
          formatError={after('Mobile number')}
          inputMode="tel"
          inputClassName="sm:max-w-[calc(50%-0.5rem)]"
        />
        <CountryField
          control={control}
          name="country"
          id="delivery-country"
          required
          formatError={after('Country')}
        />
        <TextField
          control={control}
          name="province"
          label="Province or state (optional)"
          formatError={after('Province or state')}
        />
        <TextField control={control} name="city" label="City" required formatError={after('City')} />
        <TextField
          control={control}
          name="postalCode"
          label="Postal code (optional)"
          formatError={after('Postal code')}
        />
        <TextField control={control} name="street" label="Street" required formatError={after('Street')} />
        <TextField
          control={control}
          name="detailedAddress"
          label="Apartment, floor, etc. (optional)"
          formatError={after('Apartment, floor, etc.')}
        />
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
