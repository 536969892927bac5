// /disputes (docs/back-office.md "Disputes"): on top, the open disputes due within DUE_SOON_DAYS,
// the soonest deadline first (what staff must send before the network's deadline: dispute/summary's
// 10 due soonest, under the count of all those due soon); then every
// dispute of the filter, newest first, from dispute/list, each with whose card it is by name and,
// while open, the days left to dueBy. Filters as GET parameters named as dispute/list's (status,
// reason, appUserId, cardId) and a person by name (holder), cursor paging and a CSV of exactly the
// filter. Rendered on the server: the filter form, the paging links and the CSV work without
// JavaScript.
import { Download, Gavel } from 'lucide-react';
import type { Metadata } from 'next';
import Link from 'next/link';
import { DisputeItem } from '@/components/disputes/dispute-item';
import { HolderMatchNotice } from '@/components/shared/holder-match-notice';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { buttonVariants } from '@/components/ui/button-variants';
import { EmptyState } from '@/components/ui/empty-state';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { PageHeader } from '@/components/ui/page-header';
import { NativeSelect } from '@/components/ui/select';
import { SelectOptions } from '@/components/ui/select-options';
import { requireStaff } from '@/lib/backoffice/auth/current-staff';
import { holderOf, purchaseCardText, type PurchaseHolders } from '@/lib/backoffice/cards/purchase-words';
import { holdersOf } from '@/lib/backoffice/names/purchase-holders';
import { loadDisputesPage, openDisputes, SOONEST_SHOWN } from '@/lib/backoffice/disputes/dispute-data';
import { formatCount } from '@/lib/backoffice/shared/format';
import type { Dispute } from '@/lib/wallet/contract/schemas';
import {
  DISPUTE_REASON_OPTIONS,
  DISPUTE_STATUS_OPTIONS,
  DUE_SOON_DAYS,
} from '@/lib/backoffice/disputes/dispute-words';
import {
  describeDisputeFilters,
  disputesQueryString,
  parseDisputesQuery,
  type DisputeFilters,
} from '@/lib/backoffice/disputes/disputes-filters';
import { loadByHolder } from '@/lib/backoffice/shared/holder-filter';

export const metadata: Metadata = { title: 'Disputes' };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

function DisputeList({
  list,
  holders,
  now,
  label,
  testId,
}: {
  list: readonly Dispute[];
  holders: PurchaseHolders;
  now: Date;
  label: string;
  testId: string;
}) {
  return (
    <ul className="grid gap-2" aria-label={label} data-testid={testId}>
      {list.map((d) => (
        <DisputeItem
          key={d.disputeId}
          dispute={d}
          whose={purchaseCardText(d, holderOf(d, holders))}
          now={now}
        />
      ))}
    </ul>
  );
}

/**
 * What the due-soon list holds when it is not every one due soon: the wallet answers the 10 due
 * soonest (dispute/summary), and a narrower filter keeps those of them that match.
 */
function dueSoonNote(count: number | null, shown: number): string | null {
  if (count === null) return ` Shown: those of this filter among the ${SOONEST_SHOWN} due soonest.`;
  if (count > shown)
    return ` Shown: the ${formatCount(shown)} due soonest; every open one is in the list below.`;
  return null;
}

async function loadAll(filters: DisputeFilters, cursor: string | undefined) {
  // The due-soon list on the first page only, when the filter can include open disputes.
  const withDueSoon = !cursor && (!filters.status || filters.status === 'OPEN');
  const [page, open] = await Promise.all([
    loadDisputesPage(filters, cursor),
    withDueSoon ? openDisputes() : Promise.resolve(null),
  ]);
  const narrowed = Boolean(filters.reason || filters.appUserId || filters.cardId !== undefined);
  const dueSoon = (open?.dueSoon ?? []).filter(
    (d) =>
      (!filters.reason || d.reason === filters.reason) &&
      (!filters.appUserId || d.appUserId === filters.appUserId) &&
      (filters.cardId === undefined || d.cardId === filters.cardId),
  );
  // The count is the app's: only without a narrower filter is it the count of this list.
  const dueSoonCount = open && !narrowed ? open.dueSoonCount : null;
  const holders = await holdersOf([
    ...page.list,
    ...dueSoon,
    ...(filters.appUserId ? [{ appUserId: filters.appUserId }] : []),
  ]);
  return { page, dueSoon, dueSoonCount, holders };
}

export default async function DisputesPage({ searchParams }: { searchParams: SearchParams }) {
  await requireStaff('cards.read');
  const { filters, cursor, holder, invalid } = parseDisputesQuery(await searchParams);
  const hasInvalid = Object.keys(invalid).length > 0;
  const now = new Date();

  const { match, loaded, holderName } = await loadByHolder({
    filters,
    holder,
    invalid: hasInvalid,
    load: (f) => loadAll(f, cursor),
  });
  const query = disputesQueryString(filters);

  return (
    <>
      <PageHeader
        title="Disputes"
        description="Purchases disputed with the merchant’s bank: those due soon first, then every dispute, newest first."
        actions={
          hasInvalid || !loaded?.ok ? null : (
            <a href={`/disputes/export${query}`} className={buttonVariants({ variant: 'outline' })}>
              <Download aria-hidden="true" />
              Export CSV
            </a>
          )
        }
      />
      <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
        <form
          method="get"
          action="/disputes"
          aria-label="Filter the disputes"
          className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5 lg:items-end"
        >
          <div className="grid gap-1.5">
            <Label htmlFor="disputes-status">Status</Label>
            <NativeSelect id="disputes-status" name="status" defaultValue={filters.status ?? ''}>
              <SelectOptions any="Any status" options={DISPUTE_STATUS_OPTIONS} />
            </NativeSelect>
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="disputes-reason">Reason</Label>
            <NativeSelect id="disputes-reason" name="reason" defaultValue={filters.reason ?? ''}>
              <SelectOptions any="Any reason" options={DISPUTE_REASON_OPTIONS} />
            </NativeSelect>
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="disputes-holder">Person</Label>
            <Input
              id="disputes-holder"
              name="holder"
              defaultValue={holder ?? holderName ?? filters.appUserId ?? ''}
              placeholder="e.g. Grace Hopper"
              autoComplete="off"
            />
          </div>
          {filters.cardId !== undefined ? <input type="hidden" name="cardId" value={filters.cardId} /> : null}
          <div className="flex gap-2">
            <Button type="submit">Filter</Button>
            <Link href="/disputes" className={buttonVariants({ variant: 'ghost' })}>
              Clear
            </Link>
          </div>
        </form>
        {hasInvalid ? (
          <Alert variant="error">
            <AlertTitle>Some filters are not valid</AlertTitle>
            <AlertDescription>
              <ul className="list-disc ps-5">
                {Object.entries(invalid).map(([name, message]) => (
                  <li key={name}>
                    {name}: {message}
                  </li>
                ))}
              </ul>
            </AlertDescription>
          </Alert>
        ) : null}
        <HolderMatchNotice
          match={match}
          holder={holder}
          whose="disputes"
          hrefFor={(appUserId) => `/disputes${disputesQueryString({ ...filters, appUserId })}`}
        />
        {loaded && !loaded.ok ? (
          <Alert variant="error">
            <AlertTitle>The disputes could not be loaded</AlertTitle>
            <AlertDescription>{loaded.message}</AlertDescription>
          </Alert>
        ) : null}
        {loaded?.ok ? (
          <>
            {loaded.dueSoon.length > 0 ? (
              <section className="grid gap-2" aria-labelledby="disputes-due-soon">
                <h2 id="disputes-due-soon" className="text-lg font-semibold">
                  Due within {DUE_SOON_DAYS} days
                  {loaded.dueSoonCount !== null ? ` (${formatCount(loaded.dueSoonCount)})` : ''}
                </h2>
                <p className="text-sm text-muted-foreground">
                  Send each with its evidence, or withdraw it, before its deadline: after it the dispute
                  expires.
                  {dueSoonNote(loaded.dueSoonCount, loaded.dueSoon.length)}
                </p>
                <DisputeList
                  list={loaded.dueSoon}
                  holders={loaded.holders}
                  now={now}
                  label={`Due within ${DUE_SOON_DAYS} days, soonest first`}
                  testId="disputes-due-soon"
                />
              </section>
            ) : null}
            <section className="grid gap-2" aria-labelledby="disputes-all">
              <h2 id="disputes-all" className="text-lg font-semibold">
                {cursor ? 'Older disputes' : 'Newest first'}
              </h2>
              <p className="text-sm text-muted-foreground" data-testid="disputes-filter">
                Showing {describeDisputeFilters(filters, holderName)}.
              </p>
              {loaded.page.list.length === 0 ? (
                <EmptyState
                  icon={<Gavel />}
                  title={cursor ? 'No more disputes' : 'No disputes match'}
                  description="A dispute is opened from a cleared purchase: on the card’s page or on Transactions."
                />
              ) : (
                <DisputeList
                  list={loaded.page.list}
                  holders={loaded.holders}
                  now={now}
                  label="Disputes, newest first"
                  testId="disputes-list"
                />
              )}
              {cursor || loaded.page.nextCursor ? (
                <nav aria-label="Pages" className="flex flex-wrap gap-4 text-sm">
                  {cursor ? (
                    <Link href={`/disputes${query}`} className="text-link underline underline-offset-4">
                      Newest disputes
                    </Link>
                  ) : null}
                  {loaded.page.nextCursor ? (
                    <Link
                      href={`/disputes${disputesQueryString(filters, loaded.page.nextCursor)}`}
                      className="text-link underline underline-offset-4"
                      rel="next"
                    >
                      Older disputes
                    </Link>
                  ) : null}
                </nav>
              ) : null}
            </section>
          </>
        ) : null}
      </div>
    </>
  );
}
