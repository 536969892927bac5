// The asset dashboard (spec 4.5): each agency asset's balance, how many cards of each category
// it can still pay for, a warning when that runs low, and a chart of it; each asset links to its
// ledger (/assets/[assetId]). Under each balance, its money at a glance (asset/daily): spend per
// day over 7 and 30 days, the days of runway at each rate, 30 days of balance, and a warning under
// the agency's low-balance threshold (/settings); that part failing leaves the rest in place.
// Below the assets, the programme's card spending over the last 30 days (authorization/summary):
// approved and cleared amounts per day, the approval rate and the top decline reasons, for staff
// who may read cards; its failure, too, stays in its own section. Beside it, the open disputes and
// those due within 7 days (docs/back-office.md "Disputes").
import { CreditCard, SquarePlus } from 'lucide-react';
import type { Metadata } from 'next';
import Link from 'next/link';
import { AssetSpending, type DailyOutcome } from '@/components/dashboard/asset-spending';
import { CapacityChart } from '@/components/dashboard/capacity-chart';
import { ProgrammeSpending, type SpendingOutcome } from '@/components/dashboard/programme-spending';
import { DisputeCounts } from '@/components/dashboard/dispute-counts';
import { openDisputes } from '@/lib/backoffice/disputes/dispute-data';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { can } from '@/lib/backoffice/auth/permissions';
import { assetCapacity, LOW_CAPACITY_CARDS } from '@/lib/backoffice/assets/asset-capacity';
import { assetPath } from '@/lib/backoffice/assets/asset-ledger';
import { programmeSpending, spendingWindow } from '@/lib/backoffice/dashboard/programme-spending';
import { formatCount, formatMoney } from '@/lib/backoffice/shared/format';
import { requireStaff } from '@/lib/backoffice/auth/current-staff';
import { getDb } from '@/lib/backoffice/db';
import { readSettings } from '@/lib/backoffice/settings/read-settings';
import { getWalletClient, isWalletClientError } from '@/lib/backoffice/wallet-client';
import { assetTypeLabel } from '@/lib/backoffice/names/labels';

export const metadata: Metadata = { title: 'Dashboard' };

const LEVEL_TEXT = { ok: 'Enough', low: 'Running low', empty: 'Cannot pay' } as const;
const LEVEL_BADGE = { ok: 'success', low: 'warning', empty: 'danger' } as const;

/** The days of balance the dashboard charts, and the longest rate window (RUNWAY_WINDOWS). */
const DAILY_DAYS = 30;

export default async function DashboardPage() {
  const me = await requireStaff('assets.read');
  const wallet = getWalletClient();
  // Started first, awaited last: the spending figures load beside the balances.
  const spendWindow = spendingWindow(new Date());
  const spendingPromise: Promise<SpendingOutcome | null> = can(me.role, 'cards.read')
    ? wallet.authorizationSummary(spendWindow).then(
        (summary): SpendingOutcome => ({ ok: true, spending: programmeSpending(summary, spendWindow) }),
        (error: unknown): SpendingOutcome => {
          if (!isWalletClientError(error)) throw error;
          return { ok: false, message: error.staffMessage };
        },
      )
    : Promise.resolve(null);
  let data;
  try {
    const [assets, categories] = await Promise.all([wallet.agencyAssetList({}), wallet.categoryList({})]);
    data = assets.map((asset) => assetCapacity(asset, categories));
  } catch (error) {
    if (!isWalletClientError(error)) throw error;
    void spendingPromise.catch(() => undefined);
    return (
      <>
        <PageHeader title="Dashboard" />
        <Alert variant="error" live>
          <AlertTitle>The agency&apos;s balances could not be loaded</AlertTitle>
          <AlertDescription>{error.staffMessage}</AlertDescription>
        </Alert>
      </>
    );
  }

  // Each asset's daily totals on their own: one failing leaves its card with a message, no more.
  const dailyOf = (assetId: number): Promise<DailyOutcome> =>
    wallet.assetDaily({ assetId, days: DAILY_DAYS }).then(
      (daily): DailyOutcome => ({ ok: true, daily }),
      (error: unknown): DailyOutcome => {
        if (!isWalletClientError(error)) throw error;
        return { ok: false, message: error.staffMessage };
      },
    );
  const [settings, dailies, spending, disputes] = await Promise.all([
    readSettings(await getDb()),
    Promise.all(data.map(({ asset }) => dailyOf(asset.assetId))),
    spendingPromise,
    can(me.role, 'cards.read') ? openDisputes() : Promise.resolve(undefined),
  ]);

  return (
    <>
      <PageHeader
        title="Dashboard"
        description="The agency's assets that pay for cards: how many cards each can still pay for, and how long its money lasts at the recent rate of spending."
        actions={
          can(me.role, 'cards.issue') ? (
            <Button asChild>
              <Link href="/cards/issue">
                <SquarePlus className="size-4" aria-hidden="true" />
                Issue a card
              </Link>
            </Button>
          ) : null
        }
      />
      {data.length === 0 ? (
        <EmptyState
          icon={<CreditCard className="size-10" aria-hidden="true" />}
          title="No agency assets"
          description="The wallet service reports no assets for this agency, so it cannot pay for cards."
        />
      ) : null}
      <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
        {data.map(({ asset, categories, level }, index) => {
          const lowest = [...categories].sort((a, b) => a.cards - b.cards)[0];
          return (
            <Card key={asset.assetId} data-testid={`asset-${asset.assetId}`}>
              <CardHeader>
                <CardTitle>
                  {/* The asset's ledger (docs/back-office.md "Routes"): every change of this balance. */}
                  <Link href={assetPath(asset.assetId)} className="underline underline-offset-4">
                    {asset.assetName}
                  </Link>
                </CardTitle>
                <CardDescription>
                  Asset {asset.assetId} · {assetTypeLabel(asset.type)} · {asset.currency}
                </CardDescription>
              </CardHeader>
              <CardContent className="grid gap-6">
                <div>
                  <p className="text-sm text-muted-foreground">Balance</p>
                  <p className="text-3xl font-semibold tabular-nums" data-testid="asset-balance">
                    {formatMoney(asset.balance, asset.currency, asset.decimalPlaces)}
                  </p>
                </div>
                <AssetSpending
                  asset={asset}
                  outcome={dailies[index]!}
                  lowBalanceThreshold={settings.lowBalanceThreshold}
                />
                {level !== 'ok' && lowest ? (
                  <Alert variant={level === 'empty' ? 'error' : 'warning'} live>
                    <AlertTitle>
                      {level === 'empty'
                        ? 'This asset cannot pay for every card'
                        : 'This asset is running low'}
                    </AlertTitle>
                    <AlertDescription>
                      {lowest.cards === 0
                        ? `It cannot pay for a single ${lowest.category.name} card.`
                        : `It can pay for only ${lowest.cards} more ${lowest.category.name} card${lowest.cards === 1 ? '' : 's'} (warning below ${LOW_CAPACITY_CARDS}).`}{' '}
                      Top up the asset before issuing more cards.
                    </AlertDescription>
                  </Alert>
                ) : null}
                {categories.length > 0 ? (
                  <>
                    <CapacityChart
                      rows={categories}
                      summary={categories
                        .map((c) => `${c.category.name}: ${formatCount(c.cards)} cards`)
                        .join('; ')}
                    />
                    <Table>
                      <TableHeader>
                        <TableRow>
                          <TableHead>Card category</TableHead>
                          <TableHead>Type</TableHead>
                          <TableHead className="text-right">Fee</TableHead>
                          <TableHead className="text-right" keyColumn="end">
                            Cards it can pay for
                          </TableHead>
                          <TableHead>State</TableHead>
                        </TableRow>
                      </TableHeader>
                      <TableBody>
                        {categories.map((c) => (
                          <TableRow key={c.category.categoryId}>
                            <TableCell className="font-medium">{c.category.name}</TableCell>
                            <TableCell>{c.category.type === 'VIRTUAL' ? 'Virtual' : 'Physical'}</TableCell>
                            <TableCell className="text-right tabular-nums">
                              {formatMoney(c.category.fee, c.category.currency, c.category.decimalPlaces)}
                            </TableCell>
                            <TableCell
                              className="text-right tabular-nums"
                              keyColumn="end"
                              data-testid={`capacity-${c.category.categoryId}`}
                            >
                              {formatCount(c.cards)}
                            </TableCell>
                            <TableCell>
                              <Badge variant={LEVEL_BADGE[c.level]}>{LEVEL_TEXT[c.level]}</Badge>
                            </TableCell>
                          </TableRow>
                        ))}
                      </TableBody>
                    </Table>
                  </>
                ) : (
                  <p className="text-sm text-muted-foreground">
                    No card category is paid in {asset.currency}.
                  </p>
                )}
              </CardContent>
            </Card>
          );
        })}
      </div>
      {spending ? (
        <div className="mt-6">
          <Card>
            <CardContent className="pt-6">
              <ProgrammeSpending outcome={spending} />
            </CardContent>
          </Card>
        </div>
      ) : null}
      {disputes !== undefined ? (
        <div className="mt-6">
          <DisputeCounts open={disputes} />
        </div>
      ) : null}
    </>
  );
}
