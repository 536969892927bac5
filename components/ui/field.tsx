'use client';
// Field: one form row — label, optional hint, the control, and the error message — with the ids
// wired for assistive technology: the control gets `id`, `aria-describedby` (hint + error) and
// `aria-invalid` when there is an error. Pass the control as the only child (props are merged onto
// it) or as a render function receiving those props (for composite controls such as Radix Select).
import { Slot } from '@radix-ui/react-slot';
import { CircleExclamationPoint } from 'lucide-react';
import * as React from 'react';
import { cn } from '@/lib/utils';
import { Label } from './label';

export interface FieldControlProps {
  id: string;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
}

export interface FieldProps {
  /** Visible label text. */
  label: React.ReactNode;
  /** Id for the control (and the target of error-summary links). Generated when omitted. */
  id?: string;
  /** Hint shown between the label and the control. */
  description?: React.ReactNode;
  /** Error message; when present the control is marked aria-invalid. Pass `errors.x?.message`. */
  error?: React.ReactNode;
  /** Show the required marker ("*", read as "required"). Validation itself is the form's job. */
  required?: boolean;
  /** Visually hide the label (it stays the accessible name). */
  hideLabel?: boolean;
  className?: string;
  children: React.ReactElement | ((control: FieldControlProps) => React.ReactNode);
}

export function Field({
  label,
  id: idProp,
  description,
  error,
  required = false,
  hideLabel = false,
  className,
  children,
}: FieldProps) {
  const generatedId = React.useId();
  const id = idProp ?? `field${generatedId.replace(/:/g, '')}`;
  const descriptionId = `${id}-description`;
  const errorId = `${id}-error`;
  const hasDescription = description !== undefined && description !== null && description !== false;
  const hasError = error !== undefined && error !== null && error !== false && error !== '';
  const describedBy = [hasDescription ? descriptionId : null, hasError ? errorId : null]
    .filter(Boolean)
    .join(' ');

  const control: FieldControlProps = {
    id,
    ...(describedBy ? { 'aria-describedby': describedBy } : {}),
    ...(hasError ? { 'aria-invalid': true as const } : {}),
  };

  return (
    <div
      data-slot="field"
      data-invalid={hasError || undefined}
      className={cn('grid content-start gap-1.5', className)}
    >
      <Label htmlFor={id} className={cn(hideLabel && 'sr-only')}>
        {label}
        {required ? <RequiredMark /> : null}
      </Label>
      {hasDescription ? (
        <p id={descriptionId} className="text-[0.8125rem] leading-snug text-muted-foreground">
          {description}
        </p>
      ) : null}
      {typeof children === 'function' ? children(control) : <Slot {...control}>{children}</Slot>}
      {hasError ? <FieldErrorText id={errorId}>{error}</FieldErrorText> : null}
    </div>
  );
}

/** The required marker after a label: "*", read as "required". */
export function RequiredMark() {
  return (
    <>
      <span aria-hidden="true" className="ml-0.5 text-danger-fg">
        *
      </span>
      <span className="sr-only"> (required)</span>
    </>
  );
}

/** A control's error under it, with its icon; `id` is what the control's aria-describedby names. */
export function FieldErrorText({ id, children }: { id: string; children: React.ReactNode }) {
  return (
    <p id={id} className="flex items-start gap-1.5 text-[0.8125rem] leading-snug font-medium text-danger-fg">
      <CircleExclamationPoint className="mt-px size-3.5 shrink-0" aria-hidden="true" />
      <span>{children}</span>
    </p>
  );
}
