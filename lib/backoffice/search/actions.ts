'use server';
// The one search box's server side (docs/back-office.md "Routes"), over user/search
// (docs/wallet-api.md "Finding a user"), for every signed-in role:
// and a purchase by its authorizationId (authorization/detail):
// `searchDirectory` answers as a person types (grouped results, card numbers already reduced to
// their last four, the first few with the count of all), `openBestMatch` is the box's form
// action, so Enter goes where the text names (one user or card, else the list of all on /search)
// with or without JavaScript (redirect), or says that nothing matched and keeps the text.
import { redirect } from 'next/navigation';
import { z } from 'zod';
import { authActionClient } from '@/lib/backoffice/shared/action-client';
import {
  bestMatchHref,
  firstResults,
  groupSearchResults,
  SEARCH_MAX,
  SEARCH_MIN,
  SEARCH_PAGE,
  type SearchResults,
} from '@/lib/backoffice/search/search';
import { findPurchase } from '@/lib/backoffice/search/find-purchase';
import { getWalletClient } from '@/lib/backoffice/wallet-client';

/** What the box lists; it says how many matched and links to them all (/search?q=). */
const SHOWN = 8;

// The box posts FormData (a form action) or an object (as a person types): one schema for both.
const searchSchema = z.preprocess(
  (input) => (input instanceof FormData ? { q: input.get('q') ?? '' } : input),
  z.object({ q: z.string().trim().max(1000) }),
);

/** user/search's length rule as a sentence; checked in the actions so the text comes back with it. */
function lengthProblem(q: string): string | undefined {
  if (q.length < SEARCH_MIN) return `Type at least ${SEARCH_MIN} characters to search.`;
  if (q.length > SEARCH_MAX) return `Type at most ${SEARCH_MAX} characters to search.`;
  return undefined;
}

/** Everything user/search finds (its largest page), so the box can count it and Enter decide. */
async function search(q: string): Promise<SearchResults> {
  const [{ list }, purchase] = await Promise.all([
    getWalletClient().userSearch({ q, pageSize: SEARCH_PAGE }),
    findPurchase(q),
  ]);
  return groupSearchResults(q, list, SEARCH_PAGE, purchase);
}

export const searchDirectory = authActionClient
  .metadata({ name: 'search.directory', permission: 'users.read' })
  .inputSchema(searchSchema)
  .action(async ({ parsedInput }) =>
    lengthProblem(parsedInput.q)
      ? groupSearchResults(parsedInput.q, [])
      : firstResults(await search(parsedInput.q), SHOWN),
  );

export type OpenBestMatchState = { query: string; message?: string };

export const openBestMatch = authActionClient
  .metadata({ name: 'search.open', permission: 'users.read' })
  .inputSchema(searchSchema)
  .stateAction<OpenBestMatchState>(async ({ parsedInput }) => {
    const problem = lengthProblem(parsedInput.q);
    if (problem) return { query: parsedInput.q, message: problem };
    const href = bestMatchHref(await search(parsedInput.q));
    if (href) redirect(href);
    return { query: parsedInput.q, message: `No user or card matches “${parsedInput.q}”.` };
  });
