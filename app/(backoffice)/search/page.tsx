// Search (docs/back-office.md "Routes"): the search box on a page of its own, focused, with what it
// finds by. Where a support agent lands after signing in, ready for the caller on the phone; with
// `?q=`, every result of that search (what the box's "See all results" and Enter open when
// several match): the cards a card key names, then the users, best match first.
import type { Metadata } from 'next';
import Link from 'next/link';
import { GlobalSearch } from '@/components/shell/global-search';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Card, CardContent } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { CardStatusBadge } from '@/components/ui/status-badge';
import { UsersTable, toUserRow } from '@/components/users/users-table';
import { requireStaff } from '@/lib/backoffice/auth/current-staff';
import { searchParam } from '@/lib/backoffice/shared/paging';
import {
  groupSearchResults,
  matchCount,
  SEARCH_MAX,
  SEARCH_MIN,
  SEARCH_PAGE,
} from '@/lib/backoffice/search/search';
import { findPurchase } from '@/lib/backoffice/search/find-purchase';
import { getWalletClient, isWalletClientError } from '@/lib/backoffice/wallet-client';

export const metadata: Metadata = { title: 'Search' };

const KEYS = [
  ['A card', 'its last four digits (exactly 4), or its card ID'],
  ['A name', 'the start of a first or last name, or of both (“Grace Hopper”, “hopper gr”), any letter case'],
  ['A mix', 'words of different keys for one person, e.g. a last name and a last four (“Hopper 0366”)'],
  ['An e-mail or app user ID', 'whole, or its first 3 characters or more'],
  ['A phone number', 'its digits, with or without the country code'],
  ['A purchase', 'its ID (the authorizationId), to open it on its card'],
] as const;

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function SearchPage({ searchParams }: { searchParams: SearchParams }) {
  await requireStaff('users.read');
  const q = (searchParam(await searchParams, 'q') ?? '').trim();
  const searchable = q.length >= SEARCH_MIN && q.length <= SEARCH_MAX;
  return (
    <>
      <PageHeader
        title="Find a user or a card"
        description="Results appear as you type; Enter opens the user or card you named, or every match when there are several."
      />
      <div className="grid max-w-5xl gap-6">
        <div className="max-w-2xl">
          <GlobalSearch autoFocus={!searchable} label="Find a user or a card" />
        </div>
        {searchable ? <SearchResultList q={q} /> : <Keys />}
      </div>
    </>
  );
}

async function SearchResultList({ q }: { q: string }) {
  let list;
  let purchase;
  try {
    [{ list }, purchase] = await Promise.all([
      getWalletClient().userSearch({ q, pageSize: SEARCH_PAGE }),
      findPurchase(q),
    ]);
  } catch (error) {
    if (!isWalletClientError(error)) throw error;
    return (
      <Alert variant="error" live>
        <AlertTitle>The search could not be run</AlertTitle>
        <AlertDescription>{error.staffMessage}</AlertDescription>
      </Alert>
    );
  }
  const results = groupSearchResults(q, list, SEARCH_PAGE, purchase);
  return (
    <section aria-labelledby="search-results" className="grid gap-4">
      <h2 id="search-results" className="text-base font-semibold" data-testid="search-results-count">
        {matchCount(results)} “{q}”{results.more ? ' (the best 50: type more to narrow it)' : ''}
      </h2>
      {results.purchase ? (
        <p className="flex flex-wrap items-center gap-3 text-sm" data-testid="search-purchase">
          <Link
            href={results.purchase.href}
            className="font-medium text-link underline-offset-4 hover:underline"
          >
            Purchase {results.purchase.authorizationId} · {results.purchase.label}
          </Link>
          <span className="text-muted-foreground">
            card ID {results.purchase.cardId} · {results.purchase.appUserId} · {results.purchase.status}
          </span>
        </p>
      ) : null}
      {results.cards.length > 0 ? (
        <ul className="grid gap-2" aria-label="Cards">
          {results.cards.map((card) => (
            <li key={card.cardId} className="flex flex-wrap items-center gap-3 text-sm">
              <Link href={card.href} className="font-medium text-link underline-offset-4 hover:underline">
                {card.label} · {card.cardName}
              </Link>
              <span className="text-muted-foreground">
                {card.holder} · card ID {card.cardId}
              </span>
              <CardStatusBadge status={card.status} />
            </li>
          ))}
        </ul>
      ) : null}
      {list.length > 0 ? (
        <UsersTable
          caption={`Users matching “${q}”, best match first: card holders and whole names before the rest.`}
          rows={list.map(toUserRow)}
        />
      ) : null}
    </section>
  );
}

function Keys() {
  return (
    <Card className="max-w-2xl">
      <CardContent className="pt-6">
        <h2 className="mb-3 text-sm font-medium">It finds</h2>
        <dl className="grid gap-2 text-sm">
          {KEYS.map(([what, how]) => (
            <div key={what} className="grid gap-x-4 sm:grid-cols-[12rem_1fr]">
              <dt className="font-medium">{what}</dt>
              <dd className="text-muted-foreground">{how}</dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}
