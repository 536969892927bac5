'use client';
// What every form field bound to react-hook-form shares: the props that bind it (the form's
// `control` and the field's `name`, as react-hook-form's Controller takes them, so a misspelt
// name fails to compile), and its own error message. Each field subscribes to its own error
// only (useFormState with the name), not to the whole form's state.
import type { ReactNode } from 'react';
import {
  get,
  useFormState,
  type Control,
  type FieldError,
  type FieldPath,
  type FieldValues,
} from 'react-hook-form';

export interface BoundFieldProps<T extends FieldValues, TOut> {
  control: Control<T, unknown, TOut>;
  name: FieldPath<T>;
  label: ReactNode;
  /** The control's id, the target of the error summary's links. Generated when omitted. */
  id?: string;
  description?: ReactNode;
  /** Shows the required mark; the schema does the requiring. */
  required?: boolean;
  /**
   * Words the field's error for display, e.g. with the field's label before a bare rule ("must
   * not be empty"), or with an error of the whole list when the field is its first row.
   */
  formatError?: (message: string | undefined) => string | undefined;
  /** Classes of the field's row (layout: grid span, flex). */
  className?: string;
}

export function useFieldError<T extends FieldValues, TOut>(
  control: Control<T, unknown, TOut>,
  name: FieldPath<T>,
  formatError?: (message: string | undefined) => string | undefined,
): string | undefined {
  // Reading errors in render is what subscribes this field to them.
  const { errors } = useFormState({ control, name });
  const message = fieldErrorMessage(errors, name);
  return formatError ? formatError(message) : message;
}

/** The message of the error at `path` (nested: "mobile.number", "photos.0.url"), if it has one. */
export function fieldErrorMessage(errors: object, path: string): string | undefined {
  const error = get(errors, path) as Partial<FieldError> | undefined;
  return typeof error?.message === 'string' ? error.message : undefined;
}
