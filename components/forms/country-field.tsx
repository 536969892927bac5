'use client';
// CountryField: the country picker (CountryCombobox, country-input.tsx) bound to a react-hook-form
// field that holds the alpha-2 code, in the kit's Field row with the field's own error.
import { Controller, type FieldValues } from 'react-hook-form';
import { BoundField } from './bound-field';
import { CountryCombobox } from './country-input';
import type { BoundFieldProps } from './use-field-error';

export type CountryFieldProps<T extends FieldValues, TOut> = Omit<BoundFieldProps<T, TOut>, 'label'> & {
  label?: string;
};

export function CountryField<T extends FieldValues, TOut>({
  label = 'Country',
  ...field
}: CountryFieldProps<T, TOut>) {
  return (
    <BoundField {...field} label={label}>
      {(controlProps) => (
        <Controller
          control={field.control}
          name={field.name}
          render={({ field: bound }) => (
            <CountryCombobox
              controlProps={controlProps}
              ref={bound.ref}
              value={typeof bound.value === 'string' ? bound.value : ''}
              onChange={bound.onChange}
              onBlur={bound.onBlur}
              required={field.required}
            />
          )}
        />
      )}
    </BoundField>
  );
}
