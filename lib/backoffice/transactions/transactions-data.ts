// /transactions' data (docs/back-office.md "Pages"): one page of the programme's purchases
// (authorization/list), every page of a filter in turn for the CSV export, the filter's headline
// figures from authorization/summary (exact for the whole filter; the service keeps running
// totals, docs/card-spending.md "Summary"), and the person a name filter means (user/search).
import 'server-only';
import { holderOf, type HolderNames, type PurchaseHolder } from '@/lib/backoffice/cards/purchase-words';
import { personName } from '@/lib/backoffice/names/labels';
import { holdersOf } from '@/lib/backoffice/names/purchase-holders';
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

export type NamedPurchase = { authorization: Authorization; holder: PurchaseHolder | null };

/**
 * Every purchase of the filter as walkTransactions reads them, each with its holder by name (the
 * CSV export): each person is asked of the wallet once, whatever the number of their purchases.
 */
export async function* walkNamedTransactions(
  filters: TransactionFilters,
): AsyncGenerator<NamedPurchase[], void, undefined> {
  const known = new Map<string, HolderNames | null>();
  for await (const batch of walkTransactions(filters)) {
    const found = await holdersOf(batch.filter((a) => !known.has(a.appUserId)));
    for (const a of batch)
      if (!known.has(a.appUserId)) known.set(a.appUserId, found.get(a.appUserId) ?? null);
    yield batch.map((authorization) => {
      const person = known.get(authorization.appUserId);
      return {
        authorization,
        holder: person ? holderOf(authorization, new Map([[authorization.appUserId, person]])) : null,
      };
    });
  }
}

export async function loadHeadline(filters: TransactionFilters): Promise<Headline> {
  return headlineOf(await getWalletClient().authorizationSummary({ ...filters }));
}

/** The people a name filter may mean, at most this many listed to choose from. */
export const HOLDER_CHOICES = 10;

export type HolderMatch =
  | { kind: 'none' }
  | { kind: 'one'; appUserId: string; name: string }
  | { kind: 'many'; people: { appUserId: string; name: string; email: string }[] };

/**
 * The person `holder` names, by user/search (a name, an e-mail, an app user ID): one match is the
 * filter; several are listed for the reader to choose (never a guess); none says so.
 */
export async function findHolder(holder: string): Promise<HolderMatch> {
  const { list } = await getWalletClient().userSearch({ q: holder, pageSize: HOLDER_CHOICES });
  if (list.length === 0) return { kind: 'none' };
  if (list.length === 1) return { kind: 'one', appUserId: list[0]!.appUserId, name: personName(list[0]!) };
  return {
    kind: 'many',
    people: list.map((u) => ({ appUserId: u.appUserId, name: personName(u), email: u.email })),
  };
}

/** A person's name for the filter's words; undefined when the wallet cannot name them now. */
export async function holderNameOf(appUserId: string): Promise<string | undefined> {
  return (await holdersOf([{ appUserId }])).get(appUserId)?.name;
}
