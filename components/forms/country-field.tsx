'use client';
// CountryField: the country picker (CountryCombobox, country-input.tsx) bound to a react-hook-form
// field that holds the alpha-2 code, in the kit's Field row with the field's own error.
import { Controller, type FieldValues } from 'react-hook-form';
import { Field } from '@/components/ui/field';
import { CountryCombobox } from './country-input';
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
            <CountryCombobox
              controlProps={controlProps}
              ref={field.ref}
              value={typeof field.value === 'string' ? field.value : ''}
              onChange={field.onChange}
              onBlur={field.onBlur}
              required={required}
            />
          )}
        />
      )}
    </Field>
  );
}
