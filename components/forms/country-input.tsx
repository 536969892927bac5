'use client';
// The ISO 3166-1 country of an address, picked from a searchable list (the kit's Combobox)
// holding the alpha-2 code. Names come from lib/backoffice/shared/format.ts, so the list, the user page
// and the wizard's review name a country alike; the search also matches every other English name
// and the alpha-3 code ("DEU"). The list itself loads after the first paint; until then the
// trigger shows the chosen country's name.
// - CountryCombobox: the picker alone, controlled (CountryField binds it to react-hook-form);
// - CountryInput: the picker in a Field row for a posted form, submitting the code under `name`
//   through a hidden input and starting from `defaultValue` (stored, or what a refused post
//   carried back).
import { useState, type Ref } from 'react';
import { Combobox } from '@/components/ui/combobox';
import { Field, type FieldControlProps } from '@/components/ui/field';
import { countryName } from '@/lib/backoffice/shared/format';
import { useCountryOptions } from './use-country-options';

export interface CountryComboboxProps {
  /** Field's wiring: id, aria-describedby, aria-invalid. */
  controlProps: FieldControlProps;
  /** The alpha-2 code, '' for none. */
  value: string;
  onChange: (code: string) => void;
  onBlur?: () => void;
  ref?: Ref<HTMLButtonElement>;
  /** Submits the code under this name (posted forms). */
  name?: string;
  required?: boolean;
}

export function CountryCombobox({
  controlProps,
  value,
  onChange,
  onBlur,
  ref,
  name,
  required,
}: CountryComboboxProps) {
  const options = useCountryOptions();
  return (
    <Combobox
      {...controlProps}
      ref={ref}
      name={name}
      options={options}
      selectedOption={value ? { value, label: countryName(value) } : undefined}
      value={value}
      onChange={(code) => onChange(code)}
      onBlur={onBlur}
      placeholder="Choose a country"
      searchPlaceholder="Search countries"
      emptyText="No country matches."
      aria-required={required}
    />
  );
}

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

export function CountryInput({ name, label = 'Country', defaultValue = '', ...row }: CountryInputProps) {
  const [code, setCode] = useState(defaultValue);
  return (
    <Field {...row} label={label}>
      {(controlProps) => (
        <CountryCombobox
          controlProps={controlProps}
          name={name}
          value={code}
          onChange={setCode}
          required={row.required}
        />
      )}
    </Field>
  );
}
