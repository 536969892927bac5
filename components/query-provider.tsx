'use client';
// Client-side data caching (react-query) for the pages that fetch from the browser: the card
// list and the card-issue wizard wrap themselves in it, so the other pages do not ship it. One
// client per browser tab, kept across navigations (the cache survives going from one to the
// other); a fresh one per server render, so no request sees another's data.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';

const options = { queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false } };

let browserClient: QueryClient | undefined;

function queryClient(): QueryClient {
  if (typeof window === 'undefined') return new QueryClient({ defaultOptions: options });
  browserClient ??= new QueryClient({ defaultOptions: options });
  return browserClient;
}

export function QueryProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient()}>{children}</QueryClientProvider>;
}
