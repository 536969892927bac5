// Checkbox: a styled native <input type="checkbox"> (works with register() and plain forms).
// Server-compatible. Pair it with a <label htmlFor> or wrap it in one.
import type * as React from 'react';
import { cn } from '@/lib/utils';

export function Checkbox({ className, ...props }: Omit<React.ComponentProps<'input'>, 'type'>) {
  return (
    <input
      data-slot="checkbox"
      type="checkbox"
      className={cn(
        'peer size-4 shrink-0 cursor-pointer rounded-sm border-input accent-primary',
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
        'disabled:cursor-not-allowed disabled:opacity-60',
        className,
      )}
      {...props}
    />
  );
}
