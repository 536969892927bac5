'use server';
// The one search box's server side (docs/back-office.md "Routes"), over user/search
// (docs/wallet-api.md "Finding a user"), for every signed-in role:
// `searchDirectory` answers as a person types (grouped results, card numbers already reduced to
// their last four), `openBestMatch` is the box's form action, so Enter goes to the best match
// with or without JavaScript (redirect), or says that nothing matched and keeps the text.
import { redirect } from 'next/navigation';
import { z } from 'zod';
import { authActionClient } from '@/lib/backoffice/shared/action-client';
import {
  bestMatchHref,
  groupSearchResults,
  SEARCH_MAX,
  SEARCH_MIN,
  type SearchResults,
} from '@/lib/backoffice/search/search';
import { getWalletClient } from '@/lib/backoffice/wallet-client';

const RESULTS = 8;

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

async function search(q: string): Promise<SearchResults> {
  const { list } = await getWalletClient().userSearch({ q, pageSize: RESULTS });
  return groupSearchResults(q, list);
}

export const searchDirectory = authActionClient
  .metadata({ name: 'search.directory', permission: 'users.read' })
  .inputSchema(searchSchema)
  .action(async ({ parsedInput }) =>
    lengthProblem(parsedInput.q) ? groupSearchResults(parsedInput.q, []) : search(parsedInput.q),
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
