// EmptyState: what a list or table shows when it has nothing in it — icon, title, description and
// an optional action (e.g. a "Register user" button). Server-compatible.
import type * as React from 'react';
import { cn } from '@/lib/utils';

export interface EmptyStateProps extends Omit<React.ComponentProps<'div'>, 'title'> {
  /** An icon element, e.g. <Users />; it is hidden from assistive technology. */
  icon?: React.ReactNode;
  title: React.ReactNode;
  description?: React.ReactNode;
  /** Call to action, e.g. a Button. */
  action?: React.ReactNode;
  /** Heading level of the title. Defaults to h2. */
  titleAs?: 'h2' | 'h3' | 'h4';
}

export function EmptyState({
  icon,
  title,
  description,
  action,
  titleAs: Heading = 'h2',
  className,
  ...props
}: EmptyStateProps) {
  return (
    <div
      data-slot="empty-state"
      className={cn(
        'flex flex-col items-center justify-center rounded-xl border border-dashed px-6 py-12 text-center',
        className,
      )}
      {...props}
    >
      {icon ? (
        <div
          aria-hidden="true"
          className="mb-4 flex size-11 items-center justify-center rounded-full bg-muted text-muted-foreground [&>svg]:size-5"
        >
          {icon}
        </div>
      ) : null}
      <Heading className="text-base font-semibold text-foreground">{title}</Heading>
      {description ? <p className="mt-1 max-w-sm text-sm text-muted-foreground">{description}</p> : null}
      {action ? <div className="mt-5 flex flex-wrap items-center justify-center gap-2">{action}</div> : null}
    </div>
  );
}
