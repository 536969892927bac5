// Stepper: the step list of a wizard (card issue: user → category → details → review). An <ol>
// in a nav; each step is completed, current (aria-current="step") or upcoming, shown by a check,
// a filled number or an outlined number plus text for screen readers. Server-compatible.
import { Check } from 'lucide-react';
import type * as React from 'react';
import { cn } from '@/lib/utils';

export interface StepperStep {
  label: React.ReactNode;
  description?: React.ReactNode;
}

export interface StepperProps extends Omit<React.ComponentProps<'nav'>, 'children'> {
  steps: readonly StepperStep[];
  /** Index (0-based) of the current step; steps before it are completed. */
  current: number;
  /** Accessible name of the nav. Defaults to "Progress". */
  'aria-label'?: string;
}

export function Stepper({
  steps,
  current,
  className,
  'aria-label': ariaLabel = 'Progress',
  ...props
}: StepperProps) {
  return (
    <nav data-slot="stepper" aria-label={ariaLabel} className={className} {...props}>
      <ol className="flex flex-col gap-3 sm:flex-row sm:items-start sm:gap-0">
        {steps.map((step, index) => {
          const state = index < current ? 'completed' : index === current ? 'current' : 'upcoming';
          return (
            <li
              key={index}
              data-state={state}
              aria-current={state === 'current' ? 'step' : undefined}
              className="group relative flex items-start gap-3 sm:flex-1 sm:flex-col sm:gap-2 sm:pr-4"
            >
              {index < steps.length - 1 ? (
                <span
                  aria-hidden="true"
                  className={cn(
                    'absolute top-4 left-10 hidden h-px w-[calc(100%-3rem)] sm:block',
                    state === 'completed' ? 'bg-primary' : 'bg-border',
                  )}
                />
              ) : null}
              <span
                aria-hidden="true"
                className={cn(
                  'relative z-10 flex size-8 shrink-0 items-center justify-center rounded-full border-2 text-sm font-semibold tabular-nums',
                  state === 'completed' && 'border-primary bg-primary text-primary-foreground',
                  state === 'current' && 'border-primary bg-background text-link ring-4 ring-primary/15',
                  state === 'upcoming' && 'border-input bg-background text-muted-foreground',
                )}
              >
                {state === 'completed' ? <Check className="size-4" strokeWidth={3} /> : index + 1}
              </span>
              <span className="flex min-w-0 flex-col">
                <span
                  className={cn(
                    'text-sm font-medium',
                    state === 'upcoming' ? 'text-muted-foreground' : 'text-foreground',
                  )}
                >
                  <span className="sr-only">{`Step ${index + 1}: `}</span>
                  {step.label}
                  {state === 'completed' ? <span className="sr-only"> (completed)</span> : null}
                  {state === 'current' ? <span className="sr-only"> (current)</span> : null}
                </span>
                {step.description ? (
                  <span className="text-xs text-muted-foreground">{step.description}</span>
                ) : null}
              </span>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
