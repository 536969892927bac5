'use client';
// TextField: a text input bound to a react-hook-form field, in the kit's Field row (label,
// required mark, hint, the field's error, and the id / aria-describedby / aria-invalid wiring).
// The input stays uncontrolled (register): what was typed survives a failed submit, and a
// `defaultValue` rendered by the server shows before the page is interactive.
import type { ComponentProps } from 'react';
import type { FieldValues } from 'react-hook-form';
import { Input } from '@/components/ui/input';
import { BoundField } from './bound-field';
import type { BoundFieldProps } from './use-field-error';

type InputProps = Omit<
  ComponentProps<typeof Input>,
  'id' | 'name' | 'className' | 'ref' | 'onChange' | 'onBlur' | 'required' | 'children'
>;

export type TextFieldProps<T extends FieldValues, TOut> = BoundFieldProps<T, TOut> &
  InputProps & {
    /** Classes of the input itself (className styles the row). */
    inputClassName?: string;
  };

export function TextField<T extends FieldValues, TOut>({
  control,
  name,
  label,
  id,
  description,
  required,
  formatError,
  className,
  inputClassName,
  autoComplete = 'off',
  ...inputProps
}: TextFieldProps<T, TOut>) {
  return (
    <BoundField {...{ control, name, label, id, description, required, formatError, className }}>
      <Input
        autoComplete={autoComplete}
        className={inputClassName}
        {...inputProps}
        {...control.register(name)}
      />
    </BoundField>
  );
}
