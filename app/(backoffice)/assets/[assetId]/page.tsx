// /assets/[assetId] (docs/back-office.md "Routes"): one asset's ledger, newest first, a page at a
// time (asset/ledger, docs/wallet-api.md "Ledgers"), under a header saying what the asset is, whose
// it is and its balance. The asset is looked up among the agency's, else among the user's the link
// names (`?user=`), since neither the ledger nor any operation says whose an asset is; in neither,
// it is "not found". A GET form filters the ledger by entry type (asset/ledger's `type`); the
// paging links and the CSV keep the filter. Rendered on the server: the page, its filter, paging
// links and CSV all work without JavaScript.
import { Download, Landmark, ScrollText } from 'lucide-react';
import type { Metadata } from 'next';
import Link from 'next/link';
import { AssetLedgerTable } from '@/components/assets/asset-ledger-table';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { buttonVariants } from '@/components/ui/button-variants';
import { Card, CardContent } from '@/components/ui/card';
import { DescriptionItem, DescriptionList } from '@/components/ui/description-list';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { Label } from '@/components/ui/label';
import { Pagination } from '@/components/ui/pagination';
import { NativeSelect } from '@/components/ui/select';
import {
  assetExportHref,
  assetIdFromSegment,
  assetLinkParams,
  assetPageHref,
  LEDGER_TYPE_HINTS,
  LEDGER_TYPE_LABELS,
  LEDGER_TYPE_RULE,
  ledgerTypeLabel,
  parseLedgerType,
  type LedgerView,
} from '@/lib/backoffice/assets/asset-ledger';
import { findAsset, type AssetOwner } from '@/lib/backoffice/assets/asset-ledger-data';
import { otherSidesOf } from '@/lib/backoffice/names/ledger-names';
import { assetTypeLabel } from '@/lib/backoffice/names/labels';
import { requireStaff } from '@/lib/backoffice/auth/current-staff';
import { formatMoney } from '@/lib/backoffice/shared/format';
import { pagingLinkParams, parsePaging, searchParam } from '@/lib/backoffice/shared/paging';
import { asWalletClientError, getWalletClient } from '@/lib/backoffice/wallet-client';
import { LEDGER_TYPES, type LedgerPage } from '@/lib/wallet/contract/schemas';
import { findUser } from '../../users/[appUserId]/find-user';

type Params = Promise<{ assetId: string }>;
type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  return { title: `Asset ${(await params).assetId}` };
}

function AssetNotFound({ segment }: { segment: string }) {
  return (
    <>
      <PageHeader
        title="Asset not found"
        breadcrumbs={[{ label: 'Dashboard', href: '/' }, { label: 'Not found' }]}
      />
      <EmptyState
        icon={<Landmark />}
        title={`No asset “${segment}” here`}
        description="It is not one of the agency's assets, nor one of the user's the link names. Open a user's asset from the user's page."
        action={
          <Link href="/" className={buttonVariants({ variant: 'outline' })}>
            Back to the dashboard
          </Link>
        }
      />
    </>
  );
}

/** The owner, as words and (for a user) a link to the user. */
async function OwnerText({ owner, agencyCode }: { owner: AssetOwner; agencyCode: string }) {
  if (owner.kind === 'agency') return <>The agency ({agencyCode})</>;
  const lookup = await findUser(owner.appUserId);
  const name = lookup.kind === 'found' ? `${lookup.user.firstName} ${lookup.user.lastName}` : owner.appUserId;
  return (
    <Link
      href={`/users/${encodeURIComponent(owner.appUserId)}`}
      className="font-medium underline underline-offset-4"
    >
      {name} ({owner.appUserId})
    </Link>
  );
}

export default async function AssetPage({
  params,
  searchParams,
}: {
  params: Params;
  searchParams: SearchParams;
}) {
  await requireStaff('assets.read');
  const segment = (await params).assetId;
  const query = await searchParams;
  const assetId = assetIdFromSegment(segment);
  if (assetId === null) return <AssetNotFound segment={segment} />;
  const ownerHint = searchParam(query, 'user') ?? null;
  const paging = parsePaging(query);
  const typeFilter = parseLedgerType(searchParam(query, 'type'));

  const lookup = await findAsset(assetId, ownerHint);
  if (lookup.kind === 'not-found') return <AssetNotFound segment={segment} />;
  if (lookup.kind === 'error') {
    return (
      <>
        <PageHeader
          title={`Asset ${assetId}`}
          breadcrumbs={[{ label: 'Dashboard', href: '/' }, { label: `Asset ${assetId}` }]}
        />
        <Alert variant="error" live>
          <AlertTitle>The asset could not be loaded</AlertTitle>
          <AlertDescription>{lookup.staffMessage}</AlertDescription>
        </Alert>
      </>
    );
  }
  const { asset, owner } = lookup;
  const holder = owner.kind === 'user' ? owner.appUserId : null;
  const view: LedgerView = { owner: holder, type: typeFilter.type };

  let ledger: LedgerPage | null = null;
  let ledgerError: string | null = null;
  try {
    ledger = await getWalletClient().assetLedger({
      assetId,
      pageNum: paging.page,
      pageSize: paging.size,
      ...(view.type ? { type: view.type } : {}),
    });
  } catch (error) {
    const walletError = asWalletClientError(error);
    if (!walletError) throw error;
    ledgerError = walletError.staffMessage;
  }

  const otherSides = ledger ? await otherSidesOf(ledger.list) : new Map();

  const breadcrumbs =
    owner.kind === 'user'
      ? [
          { label: 'Users', href: '/users' },
          { label: owner.appUserId, href: `/users/${encodeURIComponent(owner.appUserId)}` },
          { label: asset.assetName },
        ]
      : [{ label: 'Dashboard', href: '/' }, { label: asset.assetName }];

  return (
    <>
      <PageHeader
        title={asset.assetName}
        description={`Asset ${asset.assetId}: every change of its balance, newest first.`}
        breadcrumbs={breadcrumbs}
        actions={
          <Button variant="outline" asChild>
            {/* A plain link: the export is a file download, not a page of this app. */}
            <a href={assetExportHref(asset.assetId, view)}>
              <Download className="size-4" aria-hidden="true" />
              Export CSV
            </a>
          </Button>
        }
      />
      <div className="grid grid-cols-1 gap-6">
        <Card>
          <CardContent>
            <DescriptionList columns={3} data-testid="asset-facts">
              <DescriptionItem term="Owner">
                <OwnerText owner={owner} agencyCode={asset.agencyCode} />
              </DescriptionItem>
              <DescriptionItem term="Currency">
                {asset.currency} · {assetTypeLabel(asset.type)} asset
              </DescriptionItem>
              <DescriptionItem term="Balance">
                <span className="text-lg font-semibold tabular-nums" data-testid="asset-balance">
                  {formatMoney(asset.balance, asset.currency, asset.decimalPlaces)}
                </span>
              </DescriptionItem>
            </DescriptionList>
          </CardContent>
        </Card>

        <section aria-labelledby="ledger-title" className="grid grid-cols-1 gap-4">
          <h2 id="ledger-title" className="text-lg font-semibold">
            Ledger
          </h2>
          {/* GET: a filter is an address to share and come back to, not data being sent. */}
          <form
            method="get"
            role="search"
            aria-label="Filter the ledger"
            className="flex flex-wrap items-end gap-3 rounded-lg border border-border p-4"
          >
            {/* What the page's links keep besides the type (the owner, a size); a new filter starts at page 1. */}
            {Object.entries(pagingLinkParams(paging, assetLinkParams({ ...view, type: null }))).map(
              ([name, value]) =>
                value ? <input key={name} type="hidden" name={name} value={value} /> : null,
            )}
            <div className="grid min-w-0 gap-1.5">
              <Label htmlFor="ledger-type">Type</Label>
              <NativeSelect
                id="ledger-type"
                name="type"
                defaultValue={view.type ?? ''}
                aria-invalid={typeFilter.valid ? undefined : true}
                aria-describedby={typeFilter.valid ? undefined : 'ledger-type-error'}
              >
                <option value="">Every type</option>
                {LEDGER_TYPES.map((type) => (
                  <option key={type} value={type} title={LEDGER_TYPE_HINTS[type]}>
                    {LEDGER_TYPE_LABELS[type]}
                  </option>
                ))}
              </NativeSelect>
            </div>
            <div className="flex gap-2">
              <Button type="submit" variant="outline">
                Show
              </Button>
              {view.type || !typeFilter.valid ? (
                <Button variant="ghost" asChild>
                  <Link
                    href={assetPageHref(
                      asset.assetId,
                      { ...view, type: null },
                      { page: 1, size: paging.size },
                    )}
                  >
                    Every type
                  </Link>
                </Button>
              ) : null}
            </div>
            {typeFilter.valid ? null : (
              <p id="ledger-type-error" role="alert" className="w-full text-sm text-danger-fg">
                The type in the address is not one the ledger has, so every entry is shown: type{' '}
                {LEDGER_TYPE_RULE}.
              </p>
            )}
          </form>
          {ledgerError !== null ? (
            <Alert variant="error" live>
              <AlertTitle>The ledger could not be loaded</AlertTitle>
              <AlertDescription>{ledgerError}</AlertDescription>
            </Alert>
          ) : ledger && ledger.list.length > 0 ? (
            <AssetLedgerTable
              entries={ledger.list}
              currency={asset.currency}
              decimalPlaces={asset.decimalPlaces}
              otherSides={otherSides}
            />
          ) : ledger && ledger.dataTotal === 0 && view.type ? (
            <EmptyState
              icon={<ScrollText />}
              titleAs="h3"
              title={`No ${ledgerTypeLabel(view.type).toLowerCase()} entries`}
              description={`${LEDGER_TYPE_HINTS[view.type]}: this asset has none. Choose “Every type” to see all its entries.`}
            />
          ) : ledger && ledger.dataTotal === 0 ? (
            <EmptyState
              icon={<ScrollText />}
              titleAs="h3"
              title="No entries yet"
              description="The balance of this asset has never changed."
            />
          ) : (
            <EmptyState
              icon={<ScrollText />}
              titleAs="h3"
              title="No entries on this page"
              description={`The ledger has ${ledger?.dataTotal ?? 0} entries, fewer than page ${paging.page} would start at.`}
            />
          )}
          {ledger && ledger.dataTotal > 0 ? (
            <Pagination
              basePath={`/assets/${asset.assetId}`}
              searchParams={pagingLinkParams(paging, assetLinkParams(view))}
              page={paging.page}
              pageSize={paging.size}
              total={ledger.dataTotal}
              itemLabel={ledger.dataTotal === 1 ? 'entry' : 'entries'}
            />
          ) : null}
        </section>
      </div>
    </>
  );
}
