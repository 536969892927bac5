'use client';
// CountryField: the ISO 3166-1 country of an address, picked from a searchable list (the kit's
// Combobox) and bound to a react-hook-form field that holds the alpha-2 code. Names come from
// lib/backoffice/format.ts, so the list, the user page and the wizard's review name a country
// alike; the search also matches every other English name and the alpha-3 code ("DEU"). The list
// itself (country-options.ts) loads after the first paint; until then the trigger shows the
// chosen country's name.
import { Controller, type FieldValues } from 'react-hook-form';
import { Combobox } from '@/components/ui/combobox';
import { Field } from '@/components/ui/field';
import { countryName } from '@/lib/backoffice/format';
import { useCountryOptions } from './use-country-options';
import { useFieldError, type BoundFieldProps } from './use-field-error';

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
  const options = useCountryOptions();
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
          render={({ field }) => {
            const code = typeof field.value === 'string' ? field.value : '';
            return (
              <Combobox
                {...controlProps}
                ref={field.ref}
                options={options}
                selectedOption={code ? { value: code, label: countryName(code) } : undefined}
                value={code}
                onChange={(code) => field.onChange(code)}
                onBlur={field.onBlur}
                placeholder="Choose a country"
                searchPlaceholder="Search countries"
                emptyText="No country matches."
                aria-required={required}
              />
            );
          }}
        />
      )}
    </Field>
  );
}
