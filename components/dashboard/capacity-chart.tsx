// A bar per card category: how many cards the asset can still pay for, on one scale, so the
// category that will run out first stands out. Server-rendered SVG (no chart library in the
// bundle); the same numbers are in the table beside it, so the picture is hidden from screen
// readers behind a one-line summary.
import type { CategoryCapacity } from '@/lib/backoffice/asset-capacity';
import { formatCount } from '@/lib/backoffice/format';

const LEVEL_FILL = {
  ok: 'var(--color-primary)',
  low: 'var(--color-warning-fg)',
  empty: 'var(--color-danger-fg)',
};

export function CapacityChart({ rows, summary }: { rows: readonly CategoryCapacity[]; summary: string }) {
  const max = Math.max(1, ...rows.map((r) => r.cards));
  const rowHeight = 36;
  const labelWidth = 220;
  const barWidth = 360;
  const height = rows.length * rowHeight + 8;
  return (
    <figure className="w-full overflow-x-auto">
      <svg
        role="img"
        aria-label={summary}
        viewBox={`0 0 ${labelWidth + barWidth + 90} ${height}`}
        className="w-full max-w-3xl text-foreground"
      >
        {rows.map((row, i) => {
          const y = i * rowHeight + 4;
          const width = row.cards === 0 ? 2 : Math.max(4, (row.cards / max) * barWidth);
          return (
            <g key={row.category.categoryId}>
              <text x={0} y={y + 21} fontSize="13" fill="currentColor">
                {row.category.name}
              </text>
              <rect
                x={labelWidth}
                y={y + 6}
                width={barWidth}
                height={20}
                rx={4}
                fill="currentColor"
                opacity={0.08}
              />
              <rect x={labelWidth} y={y + 6} width={width} height={20} rx={4} fill={LEVEL_FILL[row.level]} />
              <text
                x={labelWidth + barWidth + 8}
                y={y + 21}
                fontSize="13"
                fontWeight="600"
                fill="currentColor"
              >
                {formatCount(row.cards)}
              </text>
            </g>
          );
        })}
      </svg>
      <figcaption className="mt-2 text-sm text-muted-foreground">
        Cards this asset can still pay for, by category.
      </figcaption>
    </figure>
  );
}
