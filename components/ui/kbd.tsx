// Kbd: a keyboard key or shortcut (<kbd>), e.g. <Kbd>Esc</Kbd>. Server-compatible.
import type * as React from 'react';
import { cn } from '@/lib/utils';

export function Kbd({ className, ...props }: React.ComponentProps<'kbd'>) {
  return (
    <kbd
      data-slot="kbd"
      className={cn(
        'inline-flex h-5 min-w-5 items-center justify-center rounded border border-b-2 bg-muted px-1 font-mono text-[0.6875rem] font-medium text-muted-foreground',
        className,
      )}
      {...props}
    />
  );
}
