// Input: the styled native text input (text, email, search, number, ...). Server-compatible; shows
// the error state from aria-invalid, which Field sets.
import type * as React from 'react';
import { cn } from '@/lib/utils';

export const controlClasses = [
  'w-full min-w-0 rounded-md border border-input bg-background text-sm text-foreground shadow-xs',
  'transition-[color,box-shadow,border-color] placeholder:text-muted-foreground',
  'focus-visible:border-ring focus-visible:outline-hidden focus-visible:ring-3 focus-visible:ring-ring/30',
  'disabled:cursor-not-allowed disabled:bg-muted disabled:opacity-70',
  'aria-invalid:border-danger-fg aria-invalid:focus-visible:ring-danger-fg/25',
].join(' ');

export function Input({ className, type = 'text', ...props }: React.ComponentProps<'input'>) {
  return (
    <input
      data-slot="input"
      type={type}
      className={cn(
        controlClasses,
        'h-9 px-3 py-1',
        'file:mr-3 file:border-0 file:bg-transparent file:text-sm file:font-medium file:text-foreground',
        className,
      )}
      {...props}
    />
  );
}
