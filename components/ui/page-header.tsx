// PageHeader: the top of every back-office page — optional breadcrumbs (nav "Breadcrumb", the
// last crumb marked aria-current="page"), the page's h1, a description and an actions slot.
// Server-compatible.
import { ChevronRight } from 'lucide-react';
import Link from 'next/link';
import type * as React from 'react';
import { cn } from '@/lib/utils';

export interface Breadcrumb {
  label: React.ReactNode;
  /** Omit for the current page (the last crumb). */
  href?: string;
}

export interface PageHeaderProps extends Omit<React.ComponentProps<'header'>, 'title'> {
  title: React.ReactNode;
  description?: React.ReactNode;
  /** Buttons or links shown at the right (below the title on small screens). */
  actions?: React.ReactNode;
  breadcrumbs?: readonly Breadcrumb[];
}

export function PageHeader({
  title,
  description,
  actions,
  breadcrumbs,
  className,
  ...props
}: PageHeaderProps) {
  return (
    <header data-slot="page-header" className={cn('mb-6 flex flex-col gap-3', className)} {...props}>
      {breadcrumbs && breadcrumbs.length > 0 ? (
        <nav aria-label="Breadcrumb">
          <ol className="flex flex-wrap items-center gap-1.5 text-sm text-muted-foreground">
            {breadcrumbs.map((crumb, index) => {
              const last = index === breadcrumbs.length - 1;
              return (
                <li key={index} className="inline-flex items-center gap-1.5">
                  {crumb.href && !last ? (
                    <Link
                      href={crumb.href}
                      className="rounded-xs transition-colors hover:text-foreground hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
                    >
                      {crumb.label}
                    </Link>
                  ) : (
                    <span
                      aria-current={last ? 'page' : undefined}
                      className={cn(last && 'font-medium text-foreground')}
                    >
                      {crumb.label}
                    </span>
                  )}
                  {last ? null : <ChevronRight className="size-3.5" aria-hidden="true" />}
                </li>
              );
            })}
          </ol>
        </nav>
      ) : null}
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0 space-y-1">
          <h1 className="text-2xl leading-tight font-semibold tracking-tight text-foreground">{title}</h1>
          {description ? <p className="max-w-2xl text-sm text-muted-foreground">{description}</p> : null}
        </div>
        {actions ? <div className="flex shrink-0 flex-wrap items-center gap-2">{actions}</div> : null}
      </div>
    </header>
  );
}
