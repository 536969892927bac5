// Table: semantic data table parts (Table, TableHeader, TableBody, TableFooter, TableRow, TableHead,
// TableCell, TableCaption). Table wraps itself in a horizontally scrollable container so wide
// tables never break the page layout; a shadow at an edge shows there is more that way
// (globals.css, no script). On a phone the column that matters (`keyColumn` on its head and cells:
// a balance, an amount, a status) stays in view while the rest scrolls under it: 'start' pins it
// to the left, 'end' to the right (docs/back-office.md "Pages"). Server-compatible.
import type * as React from 'react';
import { cn } from '@/lib/utils';

export interface TableProps extends React.ComponentProps<'table'> {
  /** Classes for the scroll container (border, rounding, background). */
  containerClassName?: string;
  /** Accessible name of the scroll region (keyboard users focus it to scroll a wide table). */
  label?: string;
}

export function Table({ className, containerClassName, label = 'Table', ...props }: TableProps) {
  return (
    // Focusable, so a table wider than the page can be scrolled with the arrow keys even when it
    // holds nothing focusable itself (axe: scrollable-region-focusable).
    <div
      data-slot="table-container"
      role="region"
      aria-label={label}
      tabIndex={0}
      className={cn(
        'relative w-full overflow-x-auto rounded-lg border focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background',
        containerClassName,
      )}
    >
      <table
        data-slot="table"
        className={cn('w-full caption-bottom border-collapse text-sm', className)}
        {...props}
      />
    </div>
  );
}

export function TableHeader({ className, ...props }: React.ComponentProps<'thead'>) {
  return (
    <thead data-slot="table-header" className={cn('bg-muted/60 [&_tr]:border-b', className)} {...props} />
  );
}

export function TableBody({ className, ...props }: React.ComponentProps<'tbody'>) {
  return <tbody data-slot="table-body" className={cn('[&_tr:last-child]:border-0', className)} {...props} />;
}

export function TableFooter({ className, ...props }: React.ComponentProps<'tfoot'>) {
  return (
    <tfoot
      data-slot="table-footer"
      className={cn('border-t bg-muted/60 font-medium [&>tr]:last:border-b-0', className)}
      {...props}
    />
  );
}

export function TableRow({ className, ...props }: React.ComponentProps<'tr'>) {
  return (
    <tr
      data-slot="table-row"
      className={cn('border-b transition-colors hover:bg-muted/40 data-[state=selected]:bg-muted', className)}
      {...props}
    />
  );
}

/** Where a key column is pinned below the sm breakpoint. */
export type KeyColumn = 'start' | 'end';

const PINNED: Record<KeyColumn, string> = {
  start:
    'max-sm:sticky max-sm:left-0 max-sm:z-[1] max-sm:border-r max-sm:shadow-[6px_0_8px_-6px_rgb(0_0_0/0.3)]',
  end: 'max-sm:sticky max-sm:right-0 max-sm:z-[1] max-sm:border-l max-sm:shadow-[-6px_0_8px_-6px_rgb(0_0_0/0.3)]',
};

export function TableHead({
  className,
  scope = 'col',
  keyColumn,
  ...props
}: React.ComponentProps<'th'> & { keyColumn?: KeyColumn }) {
  return (
    <th
      data-slot="table-head"
      data-key-column={keyColumn}
      scope={scope}
      className={cn(
        'h-10 px-4 text-left align-middle text-xs font-semibold tracking-wide whitespace-nowrap text-muted-foreground uppercase',
        '[&:has([role=checkbox])]:pr-0',
        // Opaque, so what scrolls under it does not show through; the header's tint kept.
        keyColumn && [PINNED[keyColumn], 'max-sm:bg-[color-mix(in_oklab,var(--muted)_60%,var(--card))]'],
        className,
      )}
      {...props}
    />
  );
}

export function TableCell({
  className,
  keyColumn,
  ...props
}: React.ComponentProps<'td'> & { keyColumn?: KeyColumn }) {
  return (
    <td
      data-slot="table-cell"
      data-key-column={keyColumn}
      className={cn(
        'px-4 py-3 align-middle whitespace-nowrap [&:has([role=checkbox])]:pr-0',
        keyColumn && [PINNED[keyColumn], 'max-sm:bg-card'],
        className,
      )}
      {...props}
    />
  );
}

export function TableCaption({ className, ...props }: React.ComponentProps<'caption'>) {
  return (
    <caption
      data-slot="table-caption"
      className={cn('border-t px-4 py-3 text-left text-sm text-muted-foreground', className)}
      {...props}
    />
  );
}
