// /transactions (docs/back-office.md "Routes"): every purchase (authorization) of the programme,
// newest first, from authorization/list, each with whose card it was on by name; filters as GET
// parameters named as its own (status, declineReason, appUserId, from, to) and a person by name
// (holder: one match is the filter, several are listed to choose from), cursor paging, the
// filter's headline figures and a CSV of exactly the filter. Rendered on the server: the filter
// form, the paging links and the CSV work without JavaScript.
import { Download, Receipt } from 'lucide-react';
import type { Metadata } from 'next';
import Link from 'next/link';
import { AuthorizationItem } from '@/components/cards/authorization-item';
import { PurchasePager } from '@/components/cards/purchase-pager';
import { HolderMatchNotice } from '@/components/shared/holder-match-notice';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { buttonVariants } from '@/components/ui/button-variants';
import { Card, CardContent } from '@/components/ui/card';
import { DescriptionItem, DescriptionList } from '@/components/ui/description-list';
import { EmptyState } from '@/components/ui/empty-state';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { PageHeader } from '@/components/ui/page-header';
import { NativeSelect } from '@/components/ui/select';
import { SelectOptions } from '@/components/ui/select-options';
import { requireStaff } from '@/lib/backoffice/auth/current-staff';
import { AUTHORIZATION_STATUS_OPTIONS } from '@/lib/backoffice/cards/authorization-view';
import { DECLINE_REASON_OPTIONS } from '@/lib/backoffice/cards/decline-reasons';
import { holderOf } from '@/lib/backoffice/cards/purchase-words';
import { holdersOf } from '@/lib/backoffice/names/purchase-holders';
import { formatCount, formatMoney } from '@/lib/backoffice/shared/format';
import { loadByHolder } from '@/lib/backoffice/shared/holder-filter';
import {
  loadHeadline,
  loadTransactionsPage,
  type Headline,
} from '@/lib/backoffice/transactions/transactions-data';
import {
  describeTransactionFilters,
  parseTransactionsQuery,
  transactionsQueryString,
  type TransactionFilters,
} from '@/lib/backoffice/transactions/transactions-filters';

export const metadata: Metadata = { title: 'Transactions' };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

function HeadlineFigures({ headline }: { headline: Headline }) {
  return (
    <Card>
      <CardContent className="pt-6">
        <DescriptionList columns={3}>
          <DescriptionItem term="Purchases">
            <span className="text-lg font-semibold tabular-nums" data-testid="headline-count">
              {formatCount(headline.count)}
            </span>
          </DescriptionItem>
          <DescriptionItem term="Approved amount">
            <span className="text-lg font-semibold tabular-nums" data-testid="headline-approved">
              {headline.approvedAmounts.length
                ? headline.approvedAmounts.map((a) => formatMoney(a.amount, a.currency, 2)).join(' · ')
                : 'Nothing approved'}
            </span>
          </DescriptionItem>
          <DescriptionItem term="Approval rate">
            <span className="text-lg font-semibold tabular-nums" data-testid="headline-rate">
              {headline.approvalRate === null
                ? '—'
                : `${(headline.approvalRate * 100).toFixed(1)} % (${formatCount(headline.approved)} approved)`}
            </span>
          </DescriptionItem>
        </DescriptionList>
      </CardContent>
    </Card>
  );
}

async function loadAll(filters: TransactionFilters, cursor: string | undefined) {
  const [page, headline] = await Promise.all([loadTransactionsPage(filters, cursor), loadHeadline(filters)]);
  // Whose purchases, by name; the person filtered by too, even with no purchase on the page.
  const holders = await holdersOf([
    ...page.list,
    ...(filters.appUserId ? [{ appUserId: filters.appUserId }] : []),
  ]);
  return { page, headline, holders };
}

export default async function TransactionsPage({ searchParams }: { searchParams: SearchParams }) {
  await requireStaff('cards.read');
  const { filters, cursor, holder, invalid } = parseTransactionsQuery(await searchParams);
  const hasInvalid = Object.keys(invalid).length > 0;

  const { match, loaded, holderName } = await loadByHolder({
    filters,
    holder,
    invalid: hasInvalid,
    load: (f) => loadAll(f, cursor),
  });
  const query = transactionsQueryString(filters);

  return (
    <>
      <PageHeader
        title="Transactions"
        description="Every purchase on the programme's cards, newest first: approved, cleared, reversed, expired or declined."
        actions={
          hasInvalid || !loaded?.ok ? null : (
            <a href={`/transactions/export${query}`} className={buttonVariants({ variant: 'outline' })}>
              <Download aria-hidden="true" />
              Export CSV
            </a>
          )
        }
      />
      <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
        <form
          method="get"
          action="/transactions"
          aria-label="Filter the purchases"
          className="grid gap-3 sm:grid-cols-2 lg:grid-cols-6 lg:items-end"
        >
          <div className="grid gap-1.5">
            <Label htmlFor="tx-status">Status</Label>
            <NativeSelect id="tx-status" name="status" defaultValue={filters.status ?? ''}>
              <SelectOptions any="Any status" options={AUTHORIZATION_STATUS_OPTIONS} />
            </NativeSelect>
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="tx-reason">Decline reason</Label>
            <NativeSelect id="tx-reason" name="declineReason" defaultValue={filters.declineReason ?? ''}>
              <SelectOptions any="Any reason" options={DECLINE_REASON_OPTIONS} />
            </NativeSelect>
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="tx-holder">Person</Label>
            <Input
              id="tx-holder"
              name="holder"
              defaultValue={holder ?? holderName ?? filters.appUserId ?? ''}
              placeholder="e.g. Grace Hopper"
              autoComplete="off"
            />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="tx-from">From (UTC)</Label>
            <Input id="tx-from" name="from" type="date" defaultValue={filters.from ?? ''} />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="tx-to">To (UTC)</Label>
            <Input id="tx-to" name="to" type="date" defaultValue={filters.to ?? ''} />
          </div>
          <div className="flex gap-2">
            <Button type="submit">Filter</Button>
            <Link href="/transactions" className={buttonVariants({ variant: 'ghost' })}>
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
          whose="purchases"
          hrefFor={(appUserId) => `/transactions${transactionsQueryString({ ...filters, appUserId })}`}
        />
        {loaded && !loaded.ok ? (
          <Alert variant="error">
            <AlertTitle>The purchases could not be loaded</AlertTitle>
            <AlertDescription>{loaded.message}</AlertDescription>
          </Alert>
        ) : null}
        {loaded?.ok ? (
          <>
            <p className="text-sm text-muted-foreground" data-testid="transactions-filter">
              Showing {describeTransactionFilters(filters, holderName)}.
            </p>
            <HeadlineFigures headline={loaded.headline} />
            {loaded.page.list.length === 0 ? (
              <EmptyState
                icon={<Receipt />}
                title={cursor ? 'No more purchases' : 'No purchases match'}
                description="Purchases appear here as the card network asks for them."
              />
            ) : (
              <ul className="grid gap-2" aria-label="Purchases, newest first" data-testid="transactions-list">
                {loaded.page.list.map((a) => (
                  <AuthorizationItem
                    key={a.authorizationId}
                    authorization={a}
                    holder={holderOf(a, loaded.holders)}
                    cardLink={`/users/${encodeURIComponent(a.appUserId)}/cards/${a.cardId}`}
                  />
                ))}
              </ul>
            )}
            <PurchasePager
              label="Pages"
              newestHref={cursor ? `/transactions${query}` : null}
              olderHref={
                loaded.page.nextCursor
                  ? `/transactions${transactionsQueryString(filters, loaded.page.nextCursor)}`
                  : null
              }
            />
          </>
        ) : null}
      </div>
    </>
  );
}
