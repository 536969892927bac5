// DescriptionList: term/definition pairs for detail pages (a user's profile, a card's facts).
// <DescriptionList> (a <dl>, 1–3 columns) holds <DescriptionItem term="Email">value</DescriptionItem>
// entries, or pass `items` for a quick list. Server-compatible.
import type * as React from 'react';
import { cn } from '@/lib/utils';

export interface DescriptionListProps extends React.ComponentProps<'dl'> {
  /** Columns from the sm breakpoint up. Defaults to 2. */
  columns?: 1 | 2 | 3;
  items?: readonly { term: React.ReactNode; definition: React.ReactNode; key?: string }[];
}

const columnClasses = { 1: '', 2: 'sm:grid-cols-2', 3: 'sm:grid-cols-2 lg:grid-cols-3' } as const;

export function DescriptionList({ columns = 2, items, className, children, ...props }: DescriptionListProps) {
  return (
    <dl
      data-slot="description-list"
      className={cn('grid grid-cols-1 gap-x-6 gap-y-5', columnClasses[columns], className)}
      {...props}
    >
      {items?.map((item, index) => (
        <DescriptionItem key={item.key ?? index} term={item.term}>
          {item.definition}
        </DescriptionItem>
      ))}
      {children}
    </dl>
  );
}

export interface DescriptionItemProps extends React.ComponentProps<'div'> {
  term: React.ReactNode;
}

export function DescriptionItem({ term, className, children, ...props }: DescriptionItemProps) {
  return (
    <div data-slot="description-item" className={cn('min-w-0', className)} {...props}>
      <dt className="text-xs font-medium tracking-wide text-muted-foreground uppercase">{term}</dt>
      <dd className="mt-1 text-sm break-words text-foreground">
        {children === undefined || children === null || children === '' ? (
          <>
            <span aria-hidden="true" className="text-muted-foreground">
              —
            </span>
            <span className="sr-only">Not provided</span>
          </>
        ) : (
          children
        )}
      </dd>
    </div>
  );
}
