'use client';
// The fields of a delivery address (spec 4.7), shared by the add and the edit form: where (the
// country picked from the ISO list by searching, province, city, postal code, street, detailed
// address) and the recipient (name and mobile number). Plain named inputs of a posted form (no
// form library): their values are rendered by the server, so a prefilled form shows them, and
// works, before the page is interactive; once hydrated the browser keeps what was typed.
import { CountryInput } from '@/components/forms/country-input';
import { MobileNumberInputs } from '@/components/forms/mobile-number-inputs';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';

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

type TextName = 'province' | 'city' | 'postalCode' | 'street' | 'detailedAddress' | 'firstName' | 'lastName';

export interface AddressFieldsProps {
  /** A field's value to show, by path ("city", "mobile.number"): stored, prefilled or typed. */
  value: (path: string) => string | undefined;
  /** A field's error, by path. */
  error: (path: string) => string | undefined;
  recipientDescription: string;
}

export function AddressFields({ value, error, recipientDescription }: AddressFieldsProps) {
  const ID = ADDRESS_FIELD_ID;
  const text = (
    name: TextName,
    label: string,
    options: { required?: boolean; description?: string } = {},
  ) => (
    <Field
      id={`${ID}-${name}`}
      label={label}
      required={options.required}
      description={options.description}
      error={error(name)}
    >
      <Input name={name} autoComplete="off" defaultValue={value(name)} />
    </Field>
  );
  return (
    <>
      <Card>
        <CardHeader>
          <CardTitle>Where</CardTitle>
          <CardDescription>Where cards are delivered to.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-5 sm:grid-cols-2">
          <CountryInput
            name="country"
            id={`${ID}-country`}
            required
            description="Type to search by name or code, e.g. Germany or DE."
            defaultValue={value('country')}
            error={error('country')}
          />
          {text('province', 'Province or state')}
          {text('city', 'City', { required: true })}
          {text('postalCode', 'Postal code')}
          {text('street', 'Street', { required: true, description: 'Street and house number.' })}
          {text('detailedAddress', 'Detailed address', {
            description: 'Flat, floor, building: whatever the courier needs.',
          })}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Recipient</CardTitle>
          <CardDescription>{recipientDescription}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-5 sm:grid-cols-2">
          {text('firstName', 'First name', { required: true })}
          {text('lastName', 'Last name', { required: true })}
          <MobileNumberInputs
            idPrefix={`${ID}-mobile`}
            required
            regionCode={{
              input: { name: 'mobile.regionCode', defaultValue: value('mobile.regionCode') },
              error: error('mobile.regionCode'),
            }}
            number={{
              input: { name: 'mobile.number', defaultValue: value('mobile.number') },
              // An error about the whole number (from the wallet service) shows as the number's.
              error: error('mobile.number') ?? error('mobile'),
            }}
          />
        </CardContent>
      </Card>
    </>
  );
}
