// Pagination: server-rendered page navigation (nav "Pagination") with Previous/Next, page numbers
// (aria-current="page" on the current one) and a "Showing x–y of z" summary. It builds each href
// itself from `basePath` and the current `searchParams`, keeping every other query parameter, so
// it needs no function props and works in server components. Server-compatible.
import { ChevronLeft, ChevronRight } from 'lucide-react';
import Link from 'next/link';
import type * as React from 'react';
import { cn } from '@/lib/utils';
import { buttonVariants } from './button-variants';

export type SearchParamsRecord = Record<string, string | readonly string[] | undefined>;

export interface PaginationProps extends Omit<React.ComponentProps<'div'>, 'children'> {
  /** Current page, 1-based. */
  page: number;
  pageSize: number;
  /** Total number of items, when known (enables the last-page number and "of z"). */
  total?: number;
  /** Whether a next page exists; derived from `total` when that is given. */
  hasNext?: boolean;
  /** Path the links point to, e.g. "/users". */
  basePath: string;
  /** The page's current query (Next.js `await searchParams`); kept in every link. */
  searchParams?: SearchParamsRecord;
  /** Query parameter holding the page number. Defaults to "page". */
  pageParam?: string;
  /** Noun for the summary, e.g. "users" → "Showing 1–20 of 134 users". */
  itemLabel?: string;
  /** Accessible name of the nav; change it only when a page has two paginations. */
  navLabel?: string;
}

/** Builds `basePath?…&page=n`, keeping other params; page 1 drops the page param. */
export function buildPageHref(
  basePath: string,
  searchParams: SearchParamsRecord | undefined,
  pageParam: string,
  page: number,
): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(searchParams ?? {})) {
    if (key === pageParam || value === undefined) continue;
    if (typeof value === 'string') query.append(key, value);
    else for (const item of value) query.append(key, item);
  }
  if (page > 1) query.set(pageParam, String(page));
  const qs = query.toString();
  return qs ? `${basePath}?${qs}` : basePath;
}

/** Page numbers to show, with null for a gap: 1 … 4 5 6 … 20. */
function pageWindow(current: number, last: number): (number | null)[] {
  const pages = new Set<number>([1, last, current - 1, current, current + 1]);
  if (current <= 3) [2, 3, 4].forEach((p) => pages.add(p));
  if (current >= last - 2) [last - 1, last - 2, last - 3].forEach((p) => pages.add(p));
  const sorted = [...pages].filter((p) => p >= 1 && p <= last).sort((a, b) => a - b);
  const result: (number | null)[] = [];
  let previous = 0;
  for (const p of sorted) {
    if (p - previous > 1) result.push(p - previous === 2 ? p - 1 : null);
    result.push(p);
    previous = p;
  }
  return result;
}

const numberFormat = new Intl.NumberFormat('en-US');

export function Pagination({
  page: pageProp,
  pageSize,
  total,
  hasNext: hasNextProp,
  basePath,
  searchParams,
  pageParam = 'page',
  itemLabel,
  navLabel = 'Pagination',
  className,
  ...props
}: PaginationProps) {
  const page = Math.max(1, Math.floor(pageProp));
  const lastPage = total !== undefined ? Math.max(1, Math.ceil(total / pageSize)) : undefined;
  const hasNext = lastPage !== undefined ? page < lastPage : (hasNextProp ?? false);
  const hasPrevious = page > 1;
  const knownLast = lastPage ?? (hasNext ? page + 1 : page);
  const pages = pageWindow(page, knownLast);
  const href = (p: number) => buildPageHref(basePath, searchParams, pageParam, p);

  const first = (page - 1) * pageSize + 1;
  const lastItem = total !== undefined ? Math.min(page * pageSize, total) : undefined;
  const summary =
    total === undefined
      ? `Page ${numberFormat.format(page)}`
      : total === 0
        ? `No ${itemLabel ?? 'results'}`
        : `Showing ${numberFormat.format(first)}–${numberFormat.format(lastItem ?? first)} of ${numberFormat.format(total)}${itemLabel ? ` ${itemLabel}` : ''}`;

  if (!hasPrevious && !hasNext && total === undefined) return null;

  const linkClass = cn(buttonVariants({ variant: 'ghost', size: 'sm' }), 'min-w-8 px-2 tabular-nums');
  const edgeClass = cn(buttonVariants({ variant: 'outline', size: 'sm' }), 'gap-1');

  return (
    <div
      data-slot="pagination"
      className={cn('flex flex-col items-center justify-between gap-3 sm:flex-row', className)}
      {...props}
    >
      <p className="text-sm text-muted-foreground tabular-nums">{summary}</p>
      {hasPrevious || hasNext ? (
        <nav aria-label={navLabel}>
          <ul className="flex items-center gap-1">
            <li>
              {hasPrevious ? (
                <Link href={href(page - 1)} rel="prev" className={edgeClass}>
                  <ChevronLeft aria-hidden="true" />
                  Previous
                </Link>
              ) : (
                <span aria-disabled="true" className={edgeClass}>
                  <ChevronLeft aria-hidden="true" />
                  Previous
                </span>
              )}
            </li>
            {pages.map((p, index) =>
              p === null ? (
                <li
                  key={`gap-${index}`}
                  aria-hidden="true"
                  className="hidden px-1 text-sm text-muted-foreground sm:block"
                >
                  …
                </li>
              ) : (
                <li key={p} className={cn(p !== page && 'hidden sm:block')}>
                  {p === page ? (
                    <Link
                      href={href(p)}
                      aria-current="page"
                      aria-label={`Page ${p}`}
                      className={cn(linkClass, 'border border-input bg-background font-semibold shadow-xs')}
                    >
                      {p}
                    </Link>
                  ) : (
                    <Link
                      href={href(p)}
                      aria-label={`Page ${p}`}
                      className={cn(linkClass, 'text-muted-foreground')}
                    >
                      {p}
                    </Link>
                  )}
                </li>
              ),
            )}
            <li>
              {hasNext ? (
                <Link href={href(page + 1)} rel="next" className={edgeClass}>
                  Next
                  <ChevronRight aria-hidden="true" />
                </Link>
              ) : (
                <span aria-disabled="true" className={edgeClass}>
                  Next
                  <ChevronRight aria-hidden="true" />
                </span>
              )}
            </li>
          </ul>
        </nav>
      ) : null}
    </div>
  );
}
