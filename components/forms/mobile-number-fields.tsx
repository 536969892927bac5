'use client';
// The mobile number's two inputs (mobile-number-inputs.tsx) bound to a react-hook-form field
// holding `{ regionCode, number }`. An error about the whole number (from the wallet service)
// shows as the number's.
import {
  useFormState,
  type Control,
  type FieldPath,
  type FieldPathByValue,
  type FieldValues,
} from 'react-hook-form';
import type { MobileValue } from '@/lib/backoffice/forms/user-forms';
import { MobileNumberInputs, type MobileNumberInputsProps } from './mobile-number-inputs';
import { fieldErrorMessage } from './use-field-error';

export interface MobileNumberFieldsProps<T extends FieldValues, TOut> extends Omit<
  MobileNumberInputsProps,
  'regionCode' | 'number'
> {
  control: Control<T, unknown, TOut>;
  /** The field holding `{ regionCode, number }`. */
  name: FieldPathByValue<T, MobileValue>;
  /** A prefilled number, rendered by the server too so it shows before the page is interactive. */
  defaults?: MobileValue;
}

export function MobileNumberFields<T extends FieldValues, TOut>({
  control,
  name,
  defaults,
  ...rest
}: MobileNumberFieldsProps<T, TOut>) {
  // The parts' paths: `name` holds a MobileValue, so these exist (TypeScript cannot join paths).
  const regionCodePath = `${name}.regionCode` as FieldPath<T>;
  const numberPath = `${name}.number` as FieldPath<T>;
  const { errors } = useFormState({ control, name });
  const error = (path: string) => fieldErrorMessage(errors, path);
  return (
    <MobileNumberInputs
      {...rest}
      regionCode={{
        input: { defaultValue: defaults?.regionCode, ...control.register(regionCodePath) },
        error: error(regionCodePath),
      }}
      number={{
        input: { defaultValue: defaults?.number, ...control.register(numberPath) },
        error: error(numberPath) ?? error(name),
      }}
    />
  );
}
