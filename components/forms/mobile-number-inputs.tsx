'use client';
// A mobile number as two inputs, region code and number, grouped under one legend: the wallet
// wants `<region code>-<number>` (docs/wallet-api.md "Values"), which staff should not have to
// type by hand. The two inputs share a row, so their errors go under the row, full width, each
// tied to its input (aria-describedby, aria-invalid) as Field does. The inputs of a posted form,
// named `mobile.regionCode` and `mobile.number` (a dotted name nests: action-form-data.ts).
import type { ComponentProps } from 'react';
import { FieldErrorText, RequiredMark } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

type InputBinding = Omit<ComponentProps<typeof Input>, 'id' | 'type' | 'className'>;

export interface MobileNumberInputsProps {
  /** Ids become `<idPrefix>-regionCode` and `<idPrefix>-number` (and `…-error` for their errors). */
  idPrefix: string;
  legend?: string;
  required?: boolean;
  /** What binds each input (name, defaultValue, or react-hook-form's register), and its error. */
  regionCode: { input: InputBinding; error?: string };
  number: { input: InputBinding; error?: string };
  className?: string;
}

export function MobileNumberInputs({
  idPrefix,
  legend = 'Mobile number',
  required = false,
  regionCode,
  number,
  className,
}: MobileNumberInputsProps) {
  const hintId = `${idPrefix}-hint`;
  const code = { id: `${idPrefix}-regionCode`, error: regionCode.error };
  const subscriber = { id: `${idPrefix}-number`, error: number.error };
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
            {...regionCode.input}
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
            {...number.input}
          />
        </div>
      </div>
      {code.error || subscriber.error ? (
        <div className="mt-1.5 grid gap-1">
          {code.error ? <FieldErrorText id={`${code.id}-error`}>{code.error}</FieldErrorText> : null}
          {subscriber.error ? (
            <FieldErrorText id={`${subscriber.id}-error`}>{subscriber.error}</FieldErrorText>
          ) : null}
        </div>
      ) : null}
    </fieldset>
  );
}
