'use client';
// Client-side data caching (react-query) for the card-issue wizard, which fetches from the
// browser: it wraps itself in this, so the other pages do not ship react-query's React bindings.
// The client is the tab's one (browser-query-client.ts), shared with /cards.
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { browserQueryClient } from '@/lib/backoffice/shared/browser-query-client';

export function QueryProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={browserQueryClient()}>{children}</QueryClientProvider>;
}
