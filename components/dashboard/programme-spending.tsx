// The dashboard's card spending (docs/back-office.md "Dashboard"): over the last 30 UTC days, how
// many purchases, the approval rate, the approved and cleared amounts per currency with a bar per
// day, and the most frequent decline reasons, each linking to /transactions filtered to it. A
// server component with no client code: the bars are one SVG drawn here (no chart library), one
// image to screen readers named by a summary, and every day's figures are in a table under it.
import Link from 'next/link';
import type { ReactNode } from 'react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { DECLINE_REASON_TEXT } from '@/lib/backoffice/cards/decline-reasons';
import {
  rateText,
  type CurrencySpending,
  type ProgrammeSpending as Spending,
} from '@/lib/backoffice/dashboard/programme-spending';
import { formatCount, formatDate, formatMoney } from '@/lib/backoffice/shared/format';

export type SpendingOutcome = { ok: true; spending: Spending } | { ok: false; message: string };

const WIDTH = 300;
const HEIGHT = 100;

const day = (date: string) => formatDate(`${date}T00:00:00Z`);

function transactionsHref(params: Record<string, string>): string {
  return `/transactions?${new URLSearchParams(params).toString()}`;
}

function SpendingBars({ spending }: { spending: CurrencySpending }) {
  const money = (amount: number) => formatMoney(amount, spending.currency, 2);
  const top = Math.max(...spending.days.map((d) => Math.max(d.approved, d.cleared)));
  const scale = top > 0 ? top : 1;
  const slot = WIDTH / spending.days.length;
  const bar = slot * 0.4;
  const first = spending.days[0];
  const last = spending.days[spending.days.length - 1];
  const busiest = spending.days.reduce((a, b) => (b.approved > a.approved ? b : a), spending.days[0]!);
  const summary = `Approved and cleared ${spending.currency} purchases per day from ${day(first!.date)} to ${day(last!.date)}: ${money(spending.approved)} approved, ${money(spending.cleared)} cleared; the busiest day ${day(busiest.date)} with ${money(busiest.approved)} approved.`;
  return (
    <figure className="w-full max-w-3xl">
      <div
        role="img"
        aria-label={summary}
        data-testid={`spending-chart-${spending.currency}`}
        className="grid gap-1"
      >
        <span className="text-xs text-muted-foreground tabular-nums">{money(top)}</span>
        <svg
          viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
          preserveAspectRatio="none"
          className="h-28 w-full border-b border-l border-foreground/20 text-primary"
          aria-hidden="true"
          focusable="false"
        >
          {spending.days.map((d, i) => {
            const x = i * slot + slot * 0.1;
            const approvedHeight = (d.approved / scale) * HEIGHT;
            const clearedHeight = (d.cleared / scale) * HEIGHT;
            return (
              <g key={d.date}>
                <rect
                  x={x.toFixed(2)}
                  y={(HEIGHT - approvedHeight).toFixed(2)}
                  width={bar.toFixed(2)}
                  height={approvedHeight.toFixed(2)}
                  fill="currentColor"
                  fillOpacity={0.35}
                />
                <rect
                  x={(x + bar).toFixed(2)}
                  y={(HEIGHT - clearedHeight).toFixed(2)}
                  width={bar.toFixed(2)}
                  height={clearedHeight.toFixed(2)}
                  fill="currentColor"
                />
              </g>
            );
          })}
        </svg>
        <span className="flex justify-between gap-2 text-xs text-muted-foreground">
          <span>{day(first!.date)}</span>
          <span>{day(last!.date)}</span>
        </span>
      </div>
      <figcaption className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted-foreground">
        <span className="inline-flex items-center gap-1.5">
          <span className="inline-block size-3 bg-primary/35" aria-hidden="true" /> Approved (authorized
          amount)
        </span>
        <span className="inline-flex items-center gap-1.5">
          <span className="inline-block size-3 bg-primary" aria-hidden="true" /> Cleared
        </span>
        <span>By the UTC day of the purchase.</span>
      </figcaption>
    </figure>
  );
}

export function ProgrammeSpending({ outcome }: { outcome: SpendingOutcome }) {
  const frame = (body: ReactNode) => (
    <section aria-labelledby="programme-spending" className="grid gap-4" data-testid="programme-spending">
      <h2 id="programme-spending" className="text-lg font-semibold">
        Card spending, last 30 days
      </h2>
      {body}
    </section>
  );
  if (!outcome.ok) {
    return frame(
      <Alert variant="error" data-testid="programme-spending-error">
        <AlertTitle>The card spending figures could not be loaded</AlertTitle>
        <AlertDescription>{outcome.message}</AlertDescription>
      </Alert>,
    );
  }
  const s = outcome.spending;
  const range = { from: s.from, to: s.to };
  return frame(
    <>
      <dl className="grid grid-cols-2 gap-4 sm:grid-cols-4">
        <div>
          <dt className="text-sm text-muted-foreground">Purchases</dt>
          <dd className="text-2xl font-semibold tabular-nums" data-testid="spending-count">
            {formatCount(s.count)}
          </dd>
        </div>
        <div>
          <dt className="text-sm text-muted-foreground">Approval rate</dt>
          <dd className="text-2xl font-semibold tabular-nums" data-testid="spending-rate">
            {rateText(s.approvalRate)}
          </dd>
        </div>
        <div>
          <dt className="text-sm text-muted-foreground">Approved</dt>
          <dd className="text-2xl font-semibold tabular-nums" data-testid="spending-approved">
            {s.currencies.length
              ? s.currencies.map((c) => formatMoney(c.approved, c.currency, 2)).join(' · ')
              : formatCount(0)}
          </dd>
        </div>
        <div>
          <dt className="text-sm text-muted-foreground">Cleared</dt>
          <dd className="text-2xl font-semibold tabular-nums" data-testid="spending-cleared">
            {s.currencies.length
              ? s.currencies.map((c) => formatMoney(c.cleared, c.currency, 2)).join(' · ')
              : formatCount(0)}
          </dd>
        </div>
      </dl>
      {s.currencies.map((c) => (
        <div key={c.currency} className="grid gap-3">
          <SpendingBars spending={c} />
          <details data-testid={`spending-days-${c.currency}`}>
            <summary className="cursor-pointer text-sm font-medium underline underline-offset-4">
              {c.currency} purchases by day
            </summary>
            <Table label={`${c.currency} purchases by day`} containerClassName="mt-3">
              <TableHeader>
                <TableRow>
                  <TableHead>Day (UTC)</TableHead>
                  <TableHead className="text-right">Purchases</TableHead>
                  <TableHead className="text-right">Approved</TableHead>
                  <TableHead className="text-right">Cleared</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {[...c.days].reverse().map((d) => (
                  <TableRow key={d.date} data-testid={`spending-day-${d.date}`}>
                    <TableCell>
                      <time dateTime={d.date}>{day(d.date)}</time>
                    </TableCell>
                    <TableCell className="text-right tabular-nums">{formatCount(d.count)}</TableCell>
                    <TableCell className="text-right tabular-nums">
                      {formatMoney(d.approved, c.currency, 2)}
                    </TableCell>
                    <TableCell className="text-right tabular-nums">
                      {formatMoney(d.cleared, c.currency, 2)}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </details>
        </div>
      ))}
      <div className="grid gap-2">
        <h3 className="font-semibold">Top decline reasons</h3>
        {s.declineReasons.length === 0 ? (
          <p className="text-sm text-muted-foreground">No purchase was declined in these 30 days.</p>
        ) : (
          <Table label="Top decline reasons, last 30 days" data-testid="decline-reasons">
            <TableHeader>
              <TableRow>
                <TableHead>Reason</TableHead>
                <TableHead className="text-right" keyColumn="end">
                  Declined
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {s.declineReasons.map((r) => (
                <TableRow key={r.declineReason} data-testid={`decline-reason-${r.declineReason}`}>
                  <TableCell>
                    <Link
                      href={transactionsHref({ declineReason: r.declineReason, ...range })}
                      className="underline underline-offset-4"
                    >
                      {DECLINE_REASON_TEXT[r.declineReason].label}
                    </Link>
                  </TableCell>
                  <TableCell className="text-right tabular-nums" keyColumn="end">
                    {formatCount(r.count)}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </div>
      <p className="text-sm">
        <Link href={transactionsHref(range)} className="underline underline-offset-4">
          See these purchases in Transactions
        </Link>
      </p>
    </>,
  );
}
