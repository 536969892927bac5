// Reading the card list from the wallet (4.2) for the /cards page, its data route and its CSV
// export: one page as the list shows it, every page in turn for the export, and the words staff
// read when the wallet could not answer. Server-only: it holds the full card numbers until
// cards-view has masked them.
import 'server-only';
import {
  type CardsError,
  type CardsPage,
  type CardsQuery,
  type CardsUserRow,
} from '@/lib/backoffice/cards/cards-view';
import { toCardsPage, toCardsUserRow, walletFilterFor } from '@/lib/backoffice/cards/cards-view-schemas';
import { MAX_PAGE_SIZE } from '@/lib/wallet/contract/paging';
import { ResultCode } from '@/lib/wallet/contract/result-codes';
import {
  getWalletClient,
  SAYS_NOTHING_CHANGED,
  WalletInputError,
  WalletRateLimitedError,
  WalletServiceError,
  WalletUnavailableError,
  type WalletClient,
  type WalletClientError,
} from '@/lib/backoffice/wallet-client';

type CardListClient = Pick<WalletClient, 'cardListAllByUser'>;

/** 4.2's largest page: the fewest calls for an export. */
export const EXPORT_PAGE_SIZE = MAX_PAGE_SIZE;

export async function loadCardsPage(
  query: CardsQuery,
  client: CardListClient = getWalletClient(),
): Promise<CardsPage> {
  const data = await client.cardListAllByUser({
    pageNum: query.page,
    pageSize: query.size,
    ...walletFilterFor(query),
  });
  return toCardsPage(data, query);
}

/**
 * Every user the filter selects (card holders only unless `all`), one 4.2 page at a time. The list is newest first, so a user
 * registered during the walk pushes older ones down a page: seen users are skipped, and the
 * export is the list as it stood when it started, give or take users registered meanwhile.
 */
export async function* walkCardsUsers(
  query: Pick<CardsQuery, 'q' | 'all'>,
  client: CardListClient = getWalletClient(),
): AsyncGenerator<CardsUserRow[], void, undefined> {
  const seen = new Set<string>();
  const filter = walletFilterFor(query);
  for (let pageNum = 1; ; pageNum++) {
    const data = await client.cardListAllByUser({ pageNum, pageSize: EXPORT_PAGE_SIZE, ...filter });
    const fresh = data.list.filter((entry) => !seen.has(entry.appUserId));
    for (const entry of fresh) seen.add(entry.appUserId);
    if (fresh.length > 0) yield fresh.map(toCardsUserRow);
    // An empty page ends the walk even if haveNext says otherwise: nothing else could.
    if (!data.haveNext || data.list.length === 0) return;
  }
}

/** Safe to repeat: the list only reads, so a failure changed nothing. */
const NOTHING_CHANGED = 'Nothing was changed.';

/**
 * What staff read, and the HTTP status /cards/data answers with. By the error's kind and code
 * (instanceof is the cross-bundle brand check of wallet-client/errors.ts), never its words.
 */
export function describeCardsError(error: WalletClientError): CardsError & { status: number } {
  // The filter is the only input staff type here, so an input refusal is about it.
  if (error instanceof WalletInputError) {
    return { title: 'The filter is not valid', message: error.staffMessage, status: 400 };
  }
  const unavailable = error instanceof WalletUnavailableError;
  const transient = unavailable || error instanceof WalletServiceError;
  const saysItAlready = error.code !== null && SAYS_NOTHING_CHANGED.has(error.code);
  const message =
    transient && !saysItAlready ? `${NOTHING_CHANGED} ${error.staffMessage}` : error.staffMessage;
  return { title: 'The cards could not be loaded', message, status: cardsErrorStatus(error) };
}

/**
 * A timeout is 504 and an unreachable service 503; a wallet that says "not now" is passed on as
 * such: over the rate limit 429, the database away (5001) 503, so the browser's paging waits and
 * tries again instead of reading a failure; any other refusal is 502, an upstream's answer.
 */
function cardsErrorStatus(error: WalletClientError): number {
  if (error instanceof WalletUnavailableError) return error.reason === 'timeout' ? 504 : 503;
  if (error instanceof WalletRateLimitedError) return 429;
  if (error.code === ResultCode.UNAVAILABLE) return 503;
  return 502;
}
