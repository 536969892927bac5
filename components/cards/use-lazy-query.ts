'use client';
// useLazyQuery: react-query's QueryObserver bound to React the way its own useQuery binds it
// (useSyncExternalStore over the observer, options set after each render), with react-query's
// core imported after the first paint. useQuery itself cannot wait: a hook's module must be
// there when the component first renders, so it would weigh on the page's first load. /cards
// renders its first page on the server, so nothing needs a query client until the person asks
// for another page; until the core is there, the result is the server's page (or "fetching",
// for any other query, which the core then fetches). Options are react-query's own.
import type { QueryClient, QueryKey, QueryObserver, QueryObserverOptions } from '@tanstack/query-core';
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';

type Core = {
  client: QueryClient;
  Observer: typeof QueryObserver;
  batchCalls: <T extends unknown[]>(callback: (...args: T) => void) => (...args: T) => void;
};

let core: Promise<Core> | undefined;

function loadCore(): Promise<Core> {
  core ??= import('@/lib/backoffice/shared/browser-query-client').then((m) => ({
    client: m.browserQueryClient(),
    Observer: m.QueryObserver,
    batchCalls: (callback) => m.notifyManager.batchCalls(callback),
  }));
  return core;
}

/** What useLazyQuery answers; the part of react-query's result /cards reads. */
export type LazyQueryResult<T, E> = {
  data: T | undefined;
  error: E | null;
  isFetching: boolean;
  isPlaceholderData: boolean;
  refetch: () => Promise<unknown>;
};

export function useLazyQuery<T, E = Error, K extends QueryKey = QueryKey>(
  options: QueryObserverOptions<T, E, T, T, K>,
): { result: LazyQueryResult<T, E>; client: QueryClient | null } {
  const [loaded, setLoaded] = useState<{ core: Core; observer: QueryObserver<T, E, T, T, K> } | null>(null);
  useEffect(() => {
    let live = true;
    void loadCore().then((c) => {
      if (!live) return;
      setLoaded({ core: c, observer: new c.Observer(c.client, c.client.defaultQueryOptions(options)) });
    });
    return () => {
      live = false;
    };
    // The observer is made once, with the options of the moment; later ones reach it below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const observer = loaded?.observer;
  const defaulted = loaded ? loaded.core.client.defaultQueryOptions(options) : null;
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (!observer || !loaded) return () => undefined;
      const unsubscribe = observer.subscribe(loaded.core.batchCalls(onChange));
      observer.updateResult();
      return unsubscribe;
    },
    [observer, loaded],
  );
  const current = useSyncExternalStore(
    subscribe,
    () => observer?.getCurrentResult(),
    () => undefined,
  );
  useEffect(() => {
    if (observer && defaulted) observer.setOptions(defaulted);
  });

  if (!observer || !defaulted || !current) {
    const initial = typeof options.initialData === 'function' ? undefined : options.initialData;
    return {
      result: {
        data: initial,
        error: null,
        isFetching: initial === undefined && options.enabled !== false,
        isPlaceholderData: false,
        refetch: async () => (await loadCore()).client.refetchQueries({ queryKey: options.queryKey }),
      },
      client: null,
    };
  }
  return { result: observer.getOptimisticResult(defaulted), client: loaded.core.client };
}
