'use client';
// A group of native radio buttons drawn as selectable rows (who pays, which asset, card type,
// delivery address): a fieldset whose legend names the choice, with its hint and error wired to
// every radio. Native radios give Tab into the group and Arrow keys between choices for free.
import * as React from 'react';
import { FieldErrorText } from '@/components/ui/field';
import { cn } from '@/lib/utils';

type GroupContext = { name: string; describedBy: string | undefined; invalid: boolean };
const ChoiceGroupContext = React.createContext<GroupContext | null>(null);

export interface ChoiceGroupProps {
  legend: React.ReactNode;
  name: string;
  description?: React.ReactNode;
  error?: React.ReactNode;
  className?: string;
  children: React.ReactNode;
}

export function ChoiceGroup({ legend, name, description, error, className, children }: ChoiceGroupProps) {
  const id = React.useId();
  const descriptionId = description ? `${id}-description` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [descriptionId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <fieldset className={cn('grid gap-3', className)} data-invalid={error ? true : undefined}>
      <legend className="mb-1 text-sm font-medium text-foreground">{legend}</legend>
      {description ? (
        <p id={descriptionId} className="-mt-1 text-[0.8125rem] leading-snug text-muted-foreground">
          {description}
        </p>
      ) : null}
      <ChoiceGroupContext.Provider value={{ name, describedBy, invalid: !!error }}>
        <div className="grid gap-2">{children}</div>
      </ChoiceGroupContext.Provider>
      {error && errorId ? <FieldErrorText id={errorId}>{error}</FieldErrorText> : null}
    </fieldset>
  );
}

export interface ChoiceOptionProps {
  value: string;
  checked: boolean;
  onSelect: () => void;
  title: React.ReactNode;
  description?: React.ReactNode;
  /** Shown at the right: an amount, a badge. */
  aside?: React.ReactNode;
  /** A line under the option (e.g. whether the balance covers the fee). */
  footer?: React.ReactNode;
  disabled?: boolean;
  ref?: React.Ref<HTMLInputElement>;
  'data-testid'?: string;
}

export function ChoiceOption({
  value,
  checked,
  onSelect,
  title,
  description,
  aside,
  footer,
  disabled,
  ref,
  'data-testid': testId,
}: ChoiceOptionProps) {
  const group = React.useContext(ChoiceGroupContext);
  const id = React.useId();
  if (!group) throw new Error('ChoiceOption must be inside a ChoiceGroup');
  const hasDetails = !!(description || footer);
  // The title alone names the radio; the rest describes it, read after the name.
  const describedBy = [aside ? `${id}-aside` : null, hasDetails ? `${id}-details` : null, group.describedBy]
    .filter(Boolean)
    .join(' ');
  return (
    <label
      htmlFor={id}
      data-testid={testId}
      data-checked={checked || undefined}
      className={cn(
        'flex cursor-pointer items-start gap-3 rounded-lg border bg-background px-4 py-3 transition-colors',
        'hover:bg-accent/50 has-[:focus-visible]:ring-3 has-[:focus-visible]:ring-ring/30',
        'data-[checked]:border-primary data-[checked]:bg-primary/5',
        group.invalid && 'border-danger-fg/60',
        disabled && 'cursor-not-allowed opacity-60 hover:bg-background',
      )}
    >
      <input
        ref={ref}
        id={id}
        type="radio"
        name={group.name}
        value={value}
        checked={checked}
        disabled={disabled}
        onChange={onSelect}
        aria-labelledby={`${id}-title`}
        aria-describedby={describedBy || undefined}
        className="mt-0.5 size-4 shrink-0 accent-primary"
      />
      <span className="flex min-w-0 flex-1 flex-wrap items-start justify-between gap-x-4 gap-y-1">
        <span className="grid min-w-0 gap-0.5">
          <span id={`${id}-title`} className="text-sm font-medium text-foreground">
            {title}
          </span>
          {hasDetails ? (
            <span id={`${id}-details`} className="grid gap-0.5">
              {description ? (
                <span className="text-[0.8125rem] text-muted-foreground">{description}</span>
              ) : null}
              {footer ? <span className="mt-1 text-[0.8125rem]">{footer}</span> : null}
            </span>
          ) : null}
        </span>
        {aside ? (
          <span id={`${id}-aside`} className="text-sm tabular-nums text-foreground">
            {aside}
          </span>
        ) : null}
      </span>
    </label>
  );
}
