// An asset's balance at the end of each of the last days, as a line over a shaded area from zero:
// one SVG drawn on the server (no chart library, no client code). Only the shape is SVG, stretched
// to the width with strokes that do not scale; the figures around it (highest balance, first and
// last day) are page text, so they stay readable on a 390 px phone instead of shrinking with the
// drawing. The picture is one image to screen readers, named by a summary, and every day's
// figures are in a table under it (folded, it is 30 rows).
import { formatDate } from '@/lib/backoffice/shared/format';

export type BalancePoint = {
  date: string;
  /** The day's closing balance in minor units. */
  closingMinor: number;
};

const WIDTH = 300;
const HEIGHT = 100;

export function BalanceChart({
  points,
  summary,
  highest,
  testId = 'balance-chart',
}: {
  points: readonly BalancePoint[];
  /** What the chart shows, in words (its accessible name). */
  summary: string;
  /** The highest closing balance, formatted: the top of the scale. */
  highest: string;
  testId?: string;
}) {
  if (points.length === 0) return null;
  // Geometry only: the scale's top is the highest balance (1 when all are 0, so the line lies on
  // the floor); money itself is never computed here.
  const top = Math.max(1, ...points.map((p) => p.closingMinor));
  const y = (minor: number) => HEIGHT - (minor / top) * HEIGHT;
  // One day is a flat line across; n days are n points evenly spread.
  const coords: [number, number][] =
    points.length === 1
      ? [
          [0, y(points[0]!.closingMinor)],
          [WIDTH, y(points[0]!.closingMinor)],
        ]
      : points.map((p, i) => [(i * WIDTH) / (points.length - 1), y(p.closingMinor)]);
  const line = `M${coords.map(([px, py]) => `${px.toFixed(2)},${py.toFixed(2)}`).join('L')}`;
  const area = `${line}L${WIDTH},${HEIGHT}L0,${HEIGHT}Z`;
  const first = points[0]!;
  const last = points[points.length - 1]!;
  return (
    <figure className="w-full max-w-3xl">
      <div role="img" aria-label={summary} data-testid={testId} className="grid gap-1">
        <span className="text-xs text-muted-foreground tabular-nums">{highest}</span>
        <svg
          viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
          preserveAspectRatio="none"
          className="h-28 w-full overflow-visible border-b border-l border-foreground/20 text-primary"
          aria-hidden="true"
          focusable="false"
        >
          <path d={area} fill="currentColor" fillOpacity={0.12} stroke="none" />
          <path
            d={line}
            fill="none"
            stroke="currentColor"
            strokeWidth={2}
            strokeLinejoin="round"
            vectorEffect="non-scaling-stroke"
          />
        </svg>
        <span className="flex justify-between gap-2 text-xs text-muted-foreground">
          <span>{formatDate(`${first.date}T00:00:00Z`)}</span>
          <span>{formatDate(`${last.date}T00:00:00Z`)}</span>
        </span>
      </div>
      <figcaption className="mt-2 text-sm text-muted-foreground">
        Balance at the end of each day (UTC), the last {points.length} days; today&apos;s is the balance now.
      </figcaption>
    </figure>
  );
}
