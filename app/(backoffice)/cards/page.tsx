// /cards: every card under the agency, grouped by the user who holds it (spec 4.2), a page of
// users at a time. The server renders the page the URL asks for, card numbers masked before they
// leave it; CardsBrowser takes over paging, filtering and prefetching in the browser. With any of
// the card filters (status, type, last four, issue days, order) of its one filter form (a GET form,
// its search box naming the holder) the page lists the matching cards themselves instead (card/list), newest or oldest issued first, a page at a time
// by cursor: server-rendered links, so it works without JavaScript.
import type { Metadata } from 'next';
import { CardsBrowser, type CardsInitial } from '@/components/cards/cards-browser';
import { PageHeader } from '@/components/ui/page-header';
import { describeCardsError, loadCardsPage } from '@/lib/backoffice/cards/cards-data';
import { asWalletClientError } from '@/lib/backoffice/wallet-client';
import { parseCardsQuery, type CardsQuery } from '@/lib/backoffice/cards/cards-view';
import { requireStaff } from '@/lib/backoffice/auth/current-staff';
import { SearchX } from 'lucide-react';
import Link from 'next/link';
import { CardFilterFields, CardFilterForm } from '@/components/cards/card-filter-form';
import { FilteredCardsTable } from '@/components/cards/filtered-cards-table';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { loadFilteredCards } from '@/lib/backoffice/cards/card-filter-data';
import {
  cardFiltersQuery,
  describeCardFilters,
  parseCardFilters,
  type ParsedCardFilters,
} from '@/lib/backoffice/cards/card-filters';

export const metadata: Metadata = { title: 'Cards' };

type SearchParams = Record<string, string | string[] | undefined>;

async function loadInitial(query: CardsQuery): Promise<CardsInitial> {
  const renderedAt = Date.now();
  try {
    return { query, renderedAt, page: await loadCardsPage(query), error: null };
  } catch (error) {
    const walletError = asWalletClientError(error);
    if (!walletError) throw error;
    const { title, message } = describeCardsError(walletError);
    return { query, renderedAt, page: null, error: { title, message } };
  }
}

async function FilteredCards({ parsed }: { parsed: ParsedCardFilters }) {
  const caption = describeCardFilters(parsed.filters);
  let page;
  try {
    page = await loadFilteredCards(parsed.filters, parsed.cursor);
  } catch (error) {
    const walletError = asWalletClientError(error);
    if (!walletError) throw error;
    return (
      <Alert variant="error" live>
        <AlertTitle>The cards could not be loaded</AlertTitle>
        <AlertDescription>{walletError.staffMessage}</AlertDescription>
      </Alert>
    );
  }
  return (
    <section aria-labelledby="filtered-title" className="grid gap-4">
      <h2 id="filtered-title" className="text-lg font-semibold" data-testid="filtered-title">
        {caption}
      </h2>
      {page.cards.length === 0 ? (
        <EmptyState
          icon={<SearchX />}
          titleAs="h3"
          title={parsed.cursor ? 'No more cards' : 'No card matches'}
          description={
            parsed.cursor
              ? 'Every card of these filters has been shown.'
              : 'No card under the agency matches these filters. Change or clear them.'
          }
        />
      ) : (
        <FilteredCardsTable cards={page.cards} caption={caption} />
      )}
      <nav aria-label="Pages of cards" className="flex flex-wrap gap-2">
        {parsed.cursor ? (
          <Button variant="outline" asChild>
            <Link href={`/cards?${cardFiltersQuery(parsed.filters)}`}>First page</Link>
          </Button>
        ) : null}
        {page.nextCursor ? (
          <Button variant="outline" asChild>
            <Link href={`/cards?${cardFiltersQuery(parsed.filters, page.nextCursor)}`} rel="next">
              Next {parsed.filters.size} cards
            </Link>
          </Button>
        ) : null}
      </nav>
    </section>
  );
}

export default async function CardsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  await requireStaff('cards.read');
  const raw = await searchParams;
  const parsed = parseCardFilters(raw);
  if (parsed.active) {
    return (
      <>
        <PageHeader
          title="Cards"
          description="The cards themselves, by status, type, last four digits and the day they were issued. Card numbers show the first six and last four digits only."
        />
        <CardFilterForm parsed={parsed} />
        <FilteredCards parsed={parsed} />
      </>
    );
  }
  const initial = await loadInitial(parseCardsQuery(raw));
  return (
    <>
      <PageHeader
        title="Cards"
        description="Every card under the agency, grouped by the user who holds it, newest registration first: users with cards only, unless switched to all users. Card numbers show the first six and last four digits only."
      />
      <CardsBrowser initial={initial} cardFilters={<CardFilterFields parsed={parsed} />} />
    </>
  );
}
