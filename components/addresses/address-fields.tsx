'use client';
// The fields of a delivery address (spec 4.7), shared by the add and the edit form: where (the
// country picked from the ISO list by searching, province, city, postal code, street, detailed
// address) and the recipient (name and mobile number). Values given in `defaults` are rendered by
// the server too, so a prefilled form shows them before the page is interactive.
import type { Control } from 'react-hook-form';
import { CountryField } from '@/components/forms/country-field';
import { MobileNumberFields } from '@/components/forms/mobile-number-fields';
import { TextField } from '@/components/forms/text-field';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import type {
  AddAddressFormInput,
  AddAddressFormValues,
  MobileValue,
} from '@/lib/backoffice/forms/user-forms';

/** Ids are `<ID>-<field>`, the targets of the forms' error summaries. */
export const ADDRESS_FIELD_ID = 'address';

export const ADDRESS_FIELD_ORDER = [
  'appUserId',
  'addressId',
  'country',
  'province',
  'city',
  'postalCode',
  'street',
  'detailedAddress',
  'firstName',
  'lastName',
  'mobile.regionCode',
  'mobile.number',
  'mobile',
  'isDefault',
  'requestId',
] as const;

export function addressFieldId(path: string): string | undefined {
  // The user, the address and the request are the page's, not fields: their errors are the form's.
  if (path === 'appUserId' || path === 'addressId' || path === 'requestId') return undefined;
  if (path === 'mobile') return `${ADDRESS_FIELD_ID}-mobile-number`;
  return `${ADDRESS_FIELD_ID}-${path.replace('.', '-')}`;
}

export type AddressFieldDefaults = Partial<
  Record<'province' | 'city' | 'postalCode' | 'street' | 'detailedAddress' | 'firstName' | 'lastName', string>
> & { mobile?: MobileValue };

export function AddressFields({
  control,
  defaults = {},
  recipientDescription,
}: {
  /** The add form's control; the edit form's holds the same fields (and the address id). */
  control: Control<AddAddressFormInput, unknown, AddAddressFormValues>;
  defaults?: AddressFieldDefaults;
  recipientDescription: string;
}) {
  const ID = ADDRESS_FIELD_ID;
  return (
    <>
      <Card>
        <CardHeader>
          <CardTitle>Where</CardTitle>
          <CardDescription>Where cards are delivered to.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-5 sm:grid-cols-2">
          <CountryField
            control={control}
            name="country"
            id={`${ID}-country`}
            required
            description="Type to search by name or code, e.g. Germany or DE."
          />
          <TextField
            control={control}
            name="province"
            id={`${ID}-province`}
            label="Province or state"
            defaultValue={defaults.province}
          />
          <TextField
            control={control}
            name="city"
            id={`${ID}-city`}
            label="City"
            required
            defaultValue={defaults.city}
          />
          <TextField
            control={control}
            name="postalCode"
            id={`${ID}-postalCode`}
            label="Postal code"
            defaultValue={defaults.postalCode}
          />
          <TextField
            control={control}
            name="street"
            id={`${ID}-street`}
            label="Street"
            required
            description="Street and house number."
            defaultValue={defaults.street}
          />
          <TextField
            control={control}
            name="detailedAddress"
            id={`${ID}-detailedAddress`}
            label="Detailed address"
            description="Flat, floor, building: whatever the courier needs."
            defaultValue={defaults.detailedAddress}
          />
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Recipient</CardTitle>
          <CardDescription>{recipientDescription}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-5 sm:grid-cols-2">
          <TextField
            control={control}
            name="firstName"
            id={`${ID}-firstName`}
            label="First name"
            required
            defaultValue={defaults.firstName}
          />
          <TextField
            control={control}
            name="lastName"
            id={`${ID}-lastName`}
            label="Last name"
            required
            defaultValue={defaults.lastName}
          />
          <MobileNumberFields
            control={control}
            name="mobile"
            idPrefix={`${ID}-mobile`}
            required
            defaults={defaults.mobile}
          />
        </CardContent>
      </Card>
    </>
  );
}
