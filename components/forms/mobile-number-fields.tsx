'use client';
// A mobile number as two inputs, region code and number, grouped under one legend and bound to a
// react-hook-form field holding `{ regionCode, number }`: the wallet wants `<region code>-<number>`
// (DESIGN §5), which staff should not have to type by hand. The two inputs share a row, so their
// errors go under the row, full width, each tied to its input (aria-describedby, aria-invalid)
// as Field does. An error about the whole number (from the wallet service) shows as the number's.
import { CircleExclamationPoint } from 'lucide-react';
import {
  useFormState,
  type Control,
  type FieldPath,
  type FieldPathByValue,
  type FieldValues,
} from 'react-hook-form';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import type { MobileValue } from '@/lib/backoffice/forms/user-forms';
import { fieldErrorMessage } from './use-field-error';

export interface MobileNumberFieldsProps<T extends FieldValues, TOut> {
  control: Control<T, unknown, TOut>;
  /** The field holding `{ regionCode, number }`. */
  name: FieldPathByValue<T, MobileValue>;
  /** Ids become `<idPrefix>-regionCode` and `<idPrefix>-number` (and `…-error` for their errors). */
  idPrefix: string;
  legend?: string;
  required?: boolean;
  /** A prefilled number, rendered by the server too so it shows before the page is interactive. */
  defaults?: MobileValue;
  className?: string;
}

function RequiredMark() {
  return (
    <>
      <span aria-hidden="true" className="ml-0.5 text-danger-fg">
        *
      </span>
      <span className="sr-only"> (required)</span>
    </>
  );
}

function PartError({ id, message }: { id: string; message: string }) {
  return (
    <p id={id} className="flex items-start gap-1.5 text-[0.8125rem] leading-snug font-medium text-danger-fg">
      <CircleExclamationPoint className="mt-px size-3.5 shrink-0" aria-hidden="true" />
      <span>{message}</span>
    </p>
  );
}

export function MobileNumberFields<T extends FieldValues, TOut>({
  control,
  name,
  idPrefix,
  legend = 'Mobile number',
  required = false,
  defaults,
  className,
}: MobileNumberFieldsProps<T, TOut>) {
  // The parts' paths: `name` holds a MobileValue, so these exist (TypeScript cannot join paths).
  const regionCodePath = `${name}.regionCode` as FieldPath<T>;
  const numberPath = `${name}.number` as FieldPath<T>;
  const { errors } = useFormState({ control, name });
  const error = (path: string) => fieldErrorMessage(errors, path);

  const hintId = `${idPrefix}-hint`;
  const code = { id: `${idPrefix}-regionCode`, error: error(regionCodePath) };
  const subscriber = { id: `${idPrefix}-number`, error: error(numberPath) ?? error(name) };
  const describedBy = (part: { id: string; error?: string }) =>
    [hintId, part.error ? `${part.id}-error` : null].filter(Boolean).join(' ');

  return (
    <fieldset className={className} data-invalid={code.error || subscriber.error ? true : undefined}>
      <legend className="text-sm leading-none font-medium text-foreground">
        {legend}
        {required ? <RequiredMark /> : null}
      </legend>
      <p id={hintId} className="mt-1.5 text-[0.8125rem] leading-snug text-muted-foreground">
        The region code without +, e.g. 1 or 852, then the number.
      </p>
      <div className="mt-3 grid grid-cols-[minmax(0,7rem)_minmax(0,1fr)] items-end gap-3">
        <div className="grid gap-1.5">
          <Label htmlFor={code.id}>
            Region code
            {required ? <RequiredMark /> : null}
          </Label>
          <Input
            id={code.id}
            inputMode="numeric"
            autoComplete="tel-country-code"
            aria-describedby={describedBy(code)}
            aria-invalid={code.error ? true : undefined}
            defaultValue={defaults?.regionCode}
            {...control.register(regionCodePath)}
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={subscriber.id}>
            Number
            {required ? <RequiredMark /> : null}
          </Label>
          <Input
            id={subscriber.id}
            type="tel"
            inputMode="tel"
            autoComplete="tel-national"
            aria-describedby={describedBy(subscriber)}
            aria-invalid={subscriber.error ? true : undefined}
            defaultValue={defaults?.number}
            {...control.register(numberPath)}
          />
        </div>
      </div>
      {code.error || subscriber.error ? (
        <div className="mt-1.5 grid gap-1">
          {code.error ? <PartError id={`${code.id}-error`} message={code.error} /> : null}
          {subscriber.error ? <PartError id={`${subscriber.id}-error`} message={subscriber.error} /> : null}
        </div>
      ) : null}
    </fieldset>
  );
}
