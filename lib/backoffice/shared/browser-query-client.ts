// The browser tab's one react-query client (its core, without the React bindings), kept across
// navigations so that the cache survives going from one page to another; a fresh one per
// server render, so no request sees another's data. The card-issue wizard reaches it through
// QueryProvider; /cards imports this module only after its first paint (use-lazy-query.ts).
import { QueryClient } from '@tanstack/query-core';

const options = { queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false } };

let browserClient: QueryClient | undefined;

export function browserQueryClient(): QueryClient {
  if (typeof window === 'undefined') return new QueryClient({ defaultOptions: options });
  browserClient ??= new QueryClient({ defaultOptions: options });
  return browserClient;
}

export { notifyManager, QueryObserver } from '@tanstack/query-core';
