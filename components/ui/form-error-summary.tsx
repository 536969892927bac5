'use client';
// FormErrorSummary: the box at the top of a form listing every error after a failed submit
// (role="alert", so it is announced). Each entry links to its field; following a link focuses the
// field. Give the fields stable ids (Field `id`) and use the same ids here.
import { CircleExclamationPoint } from 'lucide-react';
import * as React from 'react';
import { cn } from '@/lib/utils';

export interface FormErrorSummaryItem {
  /** Id of the control to focus (as passed to Field `id`). Omit for form-level errors. */
  fieldId?: string;
  message: React.ReactNode;
}

export interface FormErrorSummaryProps extends Omit<React.ComponentProps<'div'>, 'title'> {
  errors: readonly FormErrorSummaryItem[];
  title?: React.ReactNode;
  /** Move focus to the summary whenever this value changes (e.g. react-hook-form `submitCount`). */
  focusKey?: string | number;
}

export function FormErrorSummary({
  errors,
  title = 'There is a problem',
  focusKey,
  className,
  ...props
}: FormErrorSummaryProps) {
  const ref = React.useRef<HTMLDivElement>(null);
  const hasErrors = errors.length > 0;

  React.useEffect(() => {
    if (focusKey !== undefined && hasErrors) ref.current?.focus();
  }, [focusKey, hasErrors]);

  if (!hasErrors) return null;

  function focusField(event: React.MouseEvent<HTMLAnchorElement>, fieldId: string) {
    const target = document.getElementById(fieldId);
    if (!target) return;
    event.preventDefault();
    target.scrollIntoView({ block: 'center' });
    target.focus({ preventScroll: true });
  }

  return (
    <div
      ref={ref}
      role="alert"
      tabIndex={-1}
      data-slot="form-error-summary"
      className={cn(
        'rounded-lg border border-danger-border bg-danger-bg p-4 text-sm text-danger-fg outline-hidden',
        'focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background',
        className,
      )}
      {...props}
    >
      <div className="flex items-start gap-3">
        <CircleExclamationPoint className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <div className="min-w-0">
          <h2 className="font-semibold">{title}</h2>
          <ul className="mt-2 list-disc space-y-1 pl-5">
            {errors.map(({ fieldId, message }, index) => (
              <li key={fieldId ?? `form-${index}`}>
                {fieldId ? (
                  <a
                    href={`#${fieldId}`}
                    onClick={(event) => focusField(event, fieldId)}
                    className="font-medium underline underline-offset-2 hover:no-underline focus-visible:rounded-xs focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
                  >
                    {message}
                  </a>
                ) : (
                  message
                )}
              </li>
            ))}
          </ul>
        </div>
      </div>
    </div>
  );
}
