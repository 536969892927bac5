// /transactions' data (docs/back-office.md "Pages"): one page of the programme's purchases
// (authorization/list), every page of a filter in turn for the CSV export, and the filter's
// headline figures from authorization/summary (exact for the whole filter; the service keeps
// running totals, docs/card-spending.md "Summary").
import 'server-only';
import { getWalletClient } from '@/lib/backoffice/wallet-client';
import { MAX_PAGE_SIZE } from '@/lib/wallet/contract/paging';
import type { Authorization, AuthorizationPage } from '@/lib/wallet/contract/schemas';
import type { TransactionFilters } from './transactions-filters';
import { headlineOf, type Headline } from './transactions-headline';

export type { Headline };

export const TRANSACTIONS_PAGE_SIZE = 20;

export function loadTransactionsPage(
  filters: TransactionFilters,
  cursor?: string,
): Promise<AuthorizationPage> {
  return getWalletClient().authorizationList({
    ...filters,
    pageSize: TRANSACTIONS_PAGE_SIZE,
    ...(cursor ? { cursor } : {}),
  });
}

/** Every purchase of the filter, newest first, a page of 100 at a time. */
export async function* walkTransactions(
  filters: TransactionFilters,
  limit = Number.POSITIVE_INFINITY,
): AsyncGenerator<Authorization[], void, undefined> {
  let cursor: string | undefined;
  let seen = 0;
  do {
    const page = await getWalletClient().authorizationList({
      ...filters,
      pageSize: Math.min(MAX_PAGE_SIZE, limit - seen),
      ...(cursor ? { cursor } : {}),
    });
    seen += page.list.length;
    if (page.list.length > 0) yield page.list;
    cursor = page.nextCursor ?? undefined;
  } while (cursor && seen < limit);
}

export async function loadHeadline(filters: TransactionFilters): Promise<Headline> {
  return headlineOf(await getWalletClient().authorizationSummary({ ...filters }));
}
