// "Money at a glance" for one agency asset on the dashboard: what it spent (card fees, transfers
// out) over the last 7 and 30 days, per day, how many days its balance lasts at each rate, its
// balance over 30 days, and a warning when the balance is under the agency's low-balance
// threshold (/settings). A server component: the figures come from asset/daily through
// lib/backoffice/assets/asset-runway.ts (integer minor units); when that call failed, the card says so
// here and everything else on the page still shows.
import type { ReactNode } from 'react';
import { BalanceChart } from '@/components/dashboard/balance-chart';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import {
  assetRunway,
  isUnderThreshold,
  toRunwayDays,
  type SpendRate,
} from '@/lib/backoffice/assets/asset-runway';
import { formatCount, formatDate, formatDecimalText } from '@/lib/backoffice/shared/format';
import { formatMinorMoney } from '@/lib/backoffice/shared/format-minor';
import { majorToMinor } from '@/lib/wallet/contract/money';
import type { Asset, AssetDaily } from '@/lib/wallet/contract/schemas';

/** asset/daily's answer for the asset, or the staff message of why it could not be had. */
export type DailyOutcome = { ok: true; daily: AssetDaily } | { ok: false; message: string };

/** The threshold as money in the asset's currency, with its own decimals when it has more. */
const runwayText = (rate: SpendRate) =>
  rate.runwayDays === null
    ? 'No spend'
    : `${formatCount(rate.runwayDays)} ${rate.runwayDays === 1 ? 'day' : 'days'}`;

export function AssetSpending({
  asset,
  outcome,
  lowBalanceThreshold,
}: {
  asset: Asset;
  outcome: DailyOutcome;
  lowBalanceThreshold: string;
}) {
  const { currency, decimalPlaces } = asset;
  const money = (minor: number) => formatMinorMoney(minor, currency, decimalPlaces);
  const balanceMinor = majorToMinor(asset.balance, decimalPlaces);
  const headingId = `spending-${asset.assetId}`;
  const lowBalance = isUnderThreshold(balanceMinor, decimalPlaces, lowBalanceThreshold);

  const warning = lowBalance ? (
    <Alert variant="warning" live data-testid="low-balance-alert">
      <AlertTitle>The balance is under the low-balance threshold</AlertTitle>
      <AlertDescription>
        {money(balanceMinor)} is under{' '}
        {formatDecimalText(lowBalanceThreshold, asset.currency, asset.decimalPlaces)}, the agency&apos;s
        low-balance threshold (Settings). Top up the asset before it runs out.
      </AlertDescription>
    </Alert>
  ) : null;

  // The section's frame, the same whether the figures came or not: its heading and the warning.
  const section = (body: ReactNode) => (
    <section aria-labelledby={headingId} className="grid gap-4" data-testid="asset-spending">
      <h3 id={headingId} className="font-semibold">
        Spending and runway
      </h3>
      {warning}
      {body}
    </section>
  );

  if (!outcome.ok) {
    return section(
      <Alert variant="error" data-testid="spending-error">
        <AlertTitle>The spending figures could not be loaded</AlertTitle>
        <AlertDescription>{outcome.message}</AlertDescription>
      </Alert>,
    );
  }

  const days = toRunwayDays(outcome.daily.days, decimalPlaces);
  const runway = assetRunway({ days, balanceMinor, decimalPlaces, lowBalanceThreshold });
  const closing = days.map((d) => d.closingMinor);
  const lowest = Math.min(...closing);
  const highest = Math.max(...closing);
  const first = days[0];
  const last = days[days.length - 1];
  const summary =
    first && last
      ? `Balance over the last ${days.length} days: ${money(first.closingMinor)} at the end of ${formatDate(`${first.date}T00:00:00Z`)}, ${money(last.closingMinor)} today; lowest ${money(lowest)}, highest ${money(highest)}.`
      : 'No balance history.';

  return section(
    <>
      <Table label={`Spending and runway of ${asset.assetName}`} data-testid="runway-table">
        <TableHeader>
          <TableRow>
            <TableHead>Period</TableHead>
            <TableHead className="text-right">Spent</TableHead>
            <TableHead className="text-right">Per day</TableHead>
            <TableHead className="text-right" keyColumn="end">
              Runway at that rate
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {runway.rates.map((rate) => (
            <TableRow key={rate.days} data-testid={`runway-${rate.days}`}>
              <TableCell className="font-medium">Last {rate.days} days</TableCell>
              <TableCell className="text-right tabular-nums" data-testid="spent">
                {money(rate.spentMinor)}
              </TableCell>
              <TableCell className="text-right tabular-nums" data-testid="per-day">
                {money(rate.perDayMinor)}
              </TableCell>
              <TableCell className="text-right tabular-nums" data-testid="runway" keyColumn="end">
                {runwayText(rate)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <p className="text-sm text-muted-foreground">
        Spent: card fees and transfers out, by UTC day. Per day: the period&apos;s total over its days,
        rounded up to the smallest unit; the runway is the whole days the balance lasts at that rate.
      </p>
      <BalanceChart points={days} summary={summary} highest={money(highest)} />
      <details className="group" data-testid="balance-days">
        <summary className="cursor-pointer text-sm font-medium underline underline-offset-4">
          Balance by day
        </summary>
        <Table label={`Balance by day of ${asset.assetName}`} containerClassName="mt-3">
          <TableHeader>
            <TableRow>
              <TableHead>Day (UTC)</TableHead>
              <TableHead className="text-right">Spent</TableHead>
              <TableHead className="text-right">Received</TableHead>
              <TableHead className="text-right">Balance at the end</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {[...days].reverse().map((d) => (
              <TableRow key={d.date}>
                <TableCell>
                  <time dateTime={d.date}>{formatDate(`${d.date}T00:00:00Z`)}</time>
                </TableCell>
                <TableCell className="text-right tabular-nums">{money(d.spentMinor)}</TableCell>
                <TableCell className="text-right tabular-nums">{money(d.receivedMinor)}</TableCell>
                <TableCell className="text-right tabular-nums">{money(d.closingMinor)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </details>
    </>,
  );
}
