// Skeleton: a pulsing placeholder block for content that is loading. Hidden from assistive
// technology; mark the loading region itself with aria-busy. Server-compatible.
import type * as React from 'react';
import { cn } from '@/lib/utils';

export function Skeleton({ className, ...props }: React.ComponentProps<'div'>) {
  return (
    <div
      data-slot="skeleton"
      aria-hidden="true"
      className={cn(
        'animate-pulse rounded-md bg-muted motion-reduce:animate-none dark:bg-secondary',
        className,
      )}
      {...props}
    />
  );
}
