'use client';
// CountryInput: the ISO 3166-1 country of an address in a posted form (no form library): the
// kit's searchable Combobox, holding the alpha-2 code it submits under `name` through a hidden
// input. It starts from `defaultValue` (the stored country, or what a refused post carried back).
// Names come from lib/backoffice/format.ts, as in CountryField, its react-hook-form twin.
import { useState } from 'react';
import { Combobox } from '@/components/ui/combobox';
import { Field } from '@/components/ui/field';
import { countryName } from '@/lib/backoffice/format';
import { useCountryOptions } from './use-country-options';

export interface CountryInputProps {
  name: string;
  /** The control's id, the target of the error summary's links. */
  id: string;
  label?: string;
  description?: string;
  required?: boolean;
  error?: string;
  defaultValue?: string;
  className?: string;
}

export function CountryInput({
  name,
  id,
  label = 'Country',
  description,
  required,
  error,
  defaultValue = '',
  className,
}: CountryInputProps) {
  const [code, setCode] = useState(defaultValue);
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
        <Combobox
          {...controlProps}
          name={name}
          options={options}
          selectedOption={code ? { value: code, label: countryName(code) } : undefined}
          value={code}
          onChange={setCode}
          placeholder="Choose a country"
          searchPlaceholder="Search countries"
          emptyText="No country matches."
          aria-required={required}
        />
      )}
    </Field>
  );
}
