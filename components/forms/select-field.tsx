'use client';
// SelectField: a native select bound to a react-hook-form field, in the kit's Field row (label,
// required mark, hint, the field's error and its aria wiring). Native, not a popup listbox: a
// few fixed choices, typed to by the first letter, and usable before hydration.
import type { ReactNode } from 'react';
import type { FieldValues } from 'react-hook-form';
import { Field } from '@/components/ui/field';
import { NativeSelect } from '@/components/ui/select';
import { useFieldError, type BoundFieldProps } from './use-field-error';

export interface SelectFieldProps<T extends FieldValues, TOut> extends BoundFieldProps<T, TOut> {
  /** The empty first choice ("" value), e.g. "Not given". */
  placeholder?: string;
  /** The <option>s. */
  children: ReactNode;
}

export function SelectField<T extends FieldValues, TOut>({
  control,
  name,
  label,
  id,
  description,
  required,
  formatError,
  className,
  placeholder,
  children,
}: SelectFieldProps<T, TOut>) {
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
      <NativeSelect placeholder={placeholder} {...control.register(name)}>
        {children}
      </NativeSelect>
    </Field>
  );
}
