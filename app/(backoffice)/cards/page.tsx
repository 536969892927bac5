// /cards: every card under the agency, grouped by the user who holds it (spec 4.2), a page of
// users at a time. The server renders the page the URL asks for, card numbers masked before they
// leave it; CardsBrowser takes over paging, filtering and prefetching in the browser.
import type { Metadata } from 'next';
import { CardsBrowser, type CardsInitial } from '@/components/cards/cards-browser';
import { PageHeader } from '@/components/ui/page-header';
import { describeCardsError, loadCardsPage } from '@/lib/backoffice/cards/cards-data';
import { asWalletClientError } from '@/lib/backoffice/wallet-client';
import { parseCardsQuery, type CardsQuery } from '@/lib/backoffice/cards/cards-view';
import { requireStaff } from '@/lib/backoffice/auth/current-staff';

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

export default async function CardsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  await requireStaff('cards.read');
  const initial = await loadInitial(parseCardsQuery(await searchParams));
  return (
    <>
      <PageHeader
        title="Cards"
        description="Every card under the agency, grouped by the user who holds it, newest registration first: users with cards only, unless switched to all users. Card numbers show the first six and last four digits only."
      />
      <CardsBrowser initial={initial} />
    </>
  );
}
