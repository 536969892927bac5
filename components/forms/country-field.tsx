'use client';
// CountryField: the ISO 3166-1 country of an address, picked from a searchable list (the kit's
// Combobox) and bound to a react-hook-form field that holds the alpha-2 code. Names come from
// lib/backoffice/format.ts, so the list, the user page and the wizard's review name a country
// alike; the search also matches every other English name and the alpha-3 code ("DEU").
import { alpha2ToAlpha3 } from 'i18n-iso-countries';
import { Controller, type FieldValues } from 'react-hook-form';
import { Combobox, type ComboboxOption } from '@/components/ui/combobox';
import { Field } from '@/components/ui/field';
import { COUNTRY_CODES, countryName, countryNames } from '@/lib/backoffice/format';
import { useFieldError, type BoundFieldProps } from './use-field-error';

let options: ComboboxOption[] | undefined;

/** Every country, sorted by name; built on first use (250 of them). */
export function countryOptions(): ComboboxOption[] {
  options ??= COUNTRY_CODES.map((code) => {
    const alpha3 = alpha2ToAlpha3(code);
    return {
      value: code,
      label: countryName(code),
      keywords: [...countryNames(code), code, ...(alpha3 ? [alpha3] : [])],
    };
  }).sort((a, b) => a.label.localeCompare(b.label, 'en'));
  return options;
}

export type CountryFieldProps<T extends FieldValues, TOut> = Omit<BoundFieldProps<T, TOut>, 'label'> & {
  label?: string;
};

export function CountryField<T extends FieldValues, TOut>({
  control,
  name,
  label = 'Country',
  id,
  description,
  required,
  formatError,
  className,
}: CountryFieldProps<T, TOut>) {
  const error = useFieldError(control, name, formatError);
  return (
    <Field
      id={id}
      label={label}
      required={required}
      description={description}
      error={error}
      className={className}
    >
      {(controlProps) => (
        <Controller
          control={control}
          name={name}
          render={({ field }) => (
            <Combobox
              {...controlProps}
              ref={field.ref}
              options={countryOptions()}
              value={typeof field.value === 'string' ? field.value : ''}
              onChange={(code) => field.onChange(code)}
              onBlur={field.onBlur}
              placeholder="Choose a country"
              searchPlaceholder="Search countries"
              emptyText="No country matches."
              aria-required={required}
            />
          )}
        />
      )}
    </Field>
  );
}
