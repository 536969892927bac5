'use client';
// BoundField: the kit's Field row (label, required mark, hint, the id / aria wiring) for a field
// bound to react-hook-form, showing the field's own error (use-field-error.ts). TextField and
// CountryField put their control in it.
import type { FieldValues } from 'react-hook-form';
import { Field, type FieldProps } from '@/components/ui/field';
import { useFieldError, type BoundFieldProps } from './use-field-error';

export function BoundField<T extends FieldValues, TOut>({
  control,
  name,
  formatError,
  children,
  ...row
}: BoundFieldProps<T, TOut> & { children: FieldProps['children'] }) {
  const error = useFieldError(control, name, formatError);
  return (
    <Field {...row} error={error}>
      {children}
    </Field>
  );
}
