// A bar per card category: how many cards the asset can still pay for, on one scale, so the
// category that will run out first stands out. Plain HTML bars sized by percentage (no chart
// library in the bundle, no SVG scaled down to unreadable text on a phone): the labels stay at the
// page's text size at any width, and stack above their bar on a narrow screen. The same numbers
// are in the table beside it, so the picture is one image to screen readers, named by a summary.
import type { CategoryCapacity } from '@/lib/backoffice/assets/asset-capacity';
import { formatCount } from '@/lib/backoffice/shared/format';
import { cn } from '@/lib/utils';

const LEVEL_FILL = {
  ok: 'bg-primary',
  low: 'bg-warning-fg',
  empty: 'bg-danger-fg',
} as const;

export function CapacityChart({ rows, summary }: { rows: readonly CategoryCapacity[]; summary: string }) {
  const max = Math.max(1, ...rows.map((r) => r.cards));
  return (
    <figure className="w-full max-w-3xl">
      <div role="img" aria-label={summary} className="grid gap-3" data-testid="capacity-chart">
        {rows.map((row) => {
          // An empty category still shows a sliver, so its row does not read as missing.
          const percent = row.cards === 0 ? 0.5 : Math.max(1, (row.cards / max) * 100);
          return (
            <div
              key={row.category.categoryId}
              className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-3 gap-y-1 sm:grid-cols-[14rem_minmax(0,1fr)_5rem]"
            >
              <span className="col-span-2 truncate text-sm sm:col-span-1">{row.category.name}</span>
              <span className="h-5 overflow-hidden rounded bg-foreground/10">
                <span
                  className={cn('block h-full rounded', LEVEL_FILL[row.level])}
                  style={{ width: `${percent.toFixed(2)}%` }}
                />
              </span>
              <span className="text-right text-sm font-semibold tabular-nums">{formatCount(row.cards)}</span>
            </div>
          );
        })}
      </div>
      <figcaption className="mt-2 text-sm text-muted-foreground">
        Cards this asset can still pay for, by category.
      </figcaption>
    </figure>
  );
}
