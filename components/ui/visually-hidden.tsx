// VisuallyHidden: content for screen readers only (Tailwind's sr-only); `focusable` shows it again
// while it has focus, for skip links. Server-compatible.
import type * as React from 'react';
import { cn } from '@/lib/utils';

export function VisuallyHidden({
  className,
  focusable = false,
  ...props
}: React.ComponentProps<'span'> & { focusable?: boolean }) {
  return (
    <span
      data-slot="visually-hidden"
      className={cn('sr-only', focusable && 'focus-within:not-sr-only focus:not-sr-only', className)}
      {...props}
    />
  );
}
