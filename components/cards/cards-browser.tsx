'use client';
// CardsBrowser: the /cards list in the browser — the page's one filter form (the search box, the
// card filters the page hands in, the page size, the switch between users with cards (the
// default) and all users), the CSV export link, the grouped table and its
// pagination. The page, size, filter and switch live in the URL. The server
// renders the first page (so everything here also works as plain links and a GET form); once
// hydrated, page changes update the URL with history.pushState, which Next.js's router follows
// (useSearchParams) without asking the server to render again, and react-query serves pages from
// /cards/data, prefetching the next one so that "Next" shows at once. react-query's core loads
// after the first paint (use-lazy-query.ts): the first page is the server's.
import { CreditCard, Download, RotateCcw, Search, SearchX } from 'lucide-react';
import { useSearchParams } from 'next/navigation';
import {
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type FormEvent,
  type MouseEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import { CARD_FILTER_FORM_LABEL } from '@/components/cards/card-filter-form';
import { CardsTable } from '@/components/cards/cards-table';
import { useLazyQuery } from '@/components/cards/use-lazy-query';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Pagination } from '@/components/ui/pagination';
import { NativeSelect } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { CardsLoadError, fetchCardsPage } from '@/lib/backoffice/cards/cards-fetch';
import { cardsQueryKeys } from '@/lib/backoffice/cards/cards-query-keys';
import { CARD_FILTER_FIELDS } from '@/lib/backoffice/cards/card-filters';
import {
  CARDS_PATH,
  CARDS_SCOPE_PARAM,
  cardsExportHref,
  cardsHref,
  cardsPaginationParams,
  cardsResultState,
  parseCardsQuery,
  type CardsError,
  type CardsPage,
  type CardsQuery,
} from '@/lib/backoffice/cards/cards-view';
import { pageSizeOptions } from '@/lib/backoffice/shared/paging';
import { cn } from '@/lib/utils';

/** What the server rendered: the first page, or why it could not. */
export type CardsInitial = {
  query: CardsQuery;
  /** When the server asked the wallet, so react-query knows how fresh the first page is. */
  renderedAt: number;
  page: CardsPage | null;
  error: CardsError | null;
};

const sameQuery = (a: CardsQuery, b: CardsQuery) =>
  a.page === b.page && a.size === b.size && a.q === b.q && a.all === b.all;

/** A plain left click that the browser would follow in this tab. */
function isPlainClick(event: MouseEvent): boolean {
  return (
    !event.defaultPrevented &&
    event.button === 0 &&
    !event.metaKey &&
    !event.ctrlKey &&
    !event.shiftKey &&
    !event.altKey
  );
}

export function CardsBrowser({
  initial,
  cardFilters,
}: {
  initial: CardsInitial;
  /** The card filters' fields (CardFilterFields), in this one filter form. */
  cardFilters?: ReactNode;
}) {
  const searchParams = useSearchParams();
  const query = useMemo(() => parseCardsQuery(new URLSearchParams(searchParams.toString())), [searchParams]);
  const resultsRef = useRef<HTMLElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const page = useCardsPage(initial, query);

  const navigate = useCallback((next: CardsQuery, options: { scroll?: boolean } = {}) => {
    const href = cardsHref(next);
    if (href === `${window.location.pathname}${window.location.search}`) return;
    window.history.pushState(null, '', href);
    const top = resultsRef.current?.getBoundingClientRect().top;
    if (options.scroll && top !== undefined && top < 0)
      resultsRef.current?.scrollIntoView({ block: 'start' });
  }, []);

  const clearHref = cardsHref({ page: 1, size: query.size, q: null, all: query.all });
  const allUsersHref = cardsHref({ page: 1, size: query.size, q: query.q, all: true });

  // Every link of the list (the kit's Pagination, Clear, the empty states' links) is a real link
  // that works without JavaScript; once hydrated, a click on one becomes a client-side change of
  // the URL instead of a server render.
  function onLinkClick(event: MouseEvent<HTMLDivElement>) {
    if (!isPlainClick(event) || !(event.target instanceof Element)) return;
    const anchor = event.target.closest('a[href]');
    if (!(anchor instanceof HTMLAnchorElement)) return;
    const url = new URL(anchor.href);
    if (url.origin !== window.location.origin || url.pathname !== CARDS_PATH) return;
    event.preventDefault();
    event.stopPropagation();
    const next = parseCardsQuery(url.searchParams);
    navigate(next, { scroll: true });
    // Clear and "Show all users" vanish once the filter is gone: keep focus where it is useful.
    if (next.q === null && query.q !== null) searchRef.current?.focus();
  }

  return (
    // grid-cols-1 is minmax(0, 1fr): a wide table scrolls in its own container instead of
    // widening the page.
    <div className="grid grid-cols-1 gap-6" onClickCapture={onLinkClick}>
      <CardsFilter
        query={query}
        navigate={navigate}
        searchRef={searchRef}
        clearHref={clearHref}
        cardFilters={cardFilters}
      />
      <CardsResults
        query={query}
        page={page}
        resultsRef={resultsRef}
        clearHref={clearHref}
        allUsersHref={allUsersHref}
      />
    </div>
  );
}

/**
 * The page of the URL's query: the server's first page, then react-query's from /cards/data, with
 * the next page prefetched once this one is on screen. `error` is why no page shows; `pending`,
 * that the page on screen is not yet the one asked for.
 */
function useCardsPage(initial: CardsInitial, query: CardsQuery) {
  const isServerQuery = sameQuery(query, initial.query);
  const serverError = isServerQuery ? initial.error : null;
  const { result, client: queryClient } = useLazyQuery<CardsPage>({
    queryKey: cardsQueryKeys.page(query),
    queryFn: ({ signal }) => fetchCardsPage(query, signal),
    initialData: isServerQuery ? (initial.page ?? undefined) : undefined,
    initialDataUpdatedAt: initial.renderedAt,
    // The server has just been refused for this very query; asking again is the "Try again" button's call.
    enabled: serverError === null,
    // react-query's keepPreviousData: the page on screen stays while the next one loads.
    placeholderData: (previous) => previous,
    retry: (failures, error) => error instanceof CardsLoadError && error.retryable && failures < 1,
  });

  // A later server render (coming back to /cards) brings a page newer than the one cached under
  // the same key, which initialData would ignore: a card issued meanwhile must show.
  useEffect(() => {
    if (!initial.page || !queryClient) return;
    const key = cardsQueryKeys.page(initial.query);
    const cached = queryClient.getQueryState(key);
    if (cached && cached.dataUpdatedAt < initial.renderedAt) {
      queryClient.setQueryData(key, initial.page, { updatedAt: initial.renderedAt });
    }
  }, [initial, queryClient]);

  const error: CardsError | null =
    result.error instanceof CardsLoadError
      ? { title: result.error.title, message: result.error.message }
      : result.error
        ? { title: 'The cards could not be loaded', message: 'Nothing was changed. Try again in a moment.' }
        : result.data === undefined
          ? serverError
          : null;
  const data = error !== null ? undefined : result.data;
  const pending = result.isFetching && (result.isPlaceholderData || result.data === undefined);

  // Prefetch the next page once this one is on screen, so that "Next" needs no wait.
  const haveNext = data !== undefined && !result.isPlaceholderData && data.haveNext;
  useEffect(() => {
    if (!haveNext || !queryClient) return;
    const next: CardsQuery = { ...query, page: query.page + 1 };
    void queryClient.prefetchQuery({
      queryKey: cardsQueryKeys.page(next),
      queryFn: ({ signal }) => fetchCardsPage(next, signal),
    });
  }, [haveNext, query, queryClient]);

  return { data, error, pending, retry: () => void result.refetch(), retrying: result.isFetching };
}

/** The filter box, the page size, the switch between users with cards and all, and the export link. */
function CardsFilter({
  query,
  navigate,
  searchRef,
  clearHref,
  cardFilters,
}: {
  query: CardsQuery;
  navigate: (next: CardsQuery) => void;
  searchRef: RefObject<HTMLInputElement | null>;
  clearHref: string;
  cardFilters?: ReactNode;
}) {
  // The filter box follows the URL (back/forward, Clear) but keeps what is being typed.
  const [text, setText] = useState(query.q ?? '');
  const [textFor, setTextFor] = useState(query.q);
  if (textFor !== query.q) {
    setTextFor(query.q);
    setText(query.q ?? '');
  }

  function onFilterSubmit(event: FormEvent<HTMLFormElement>) {
    // Something of the cards chosen: the browser sends the form, and the server lists the cards
    // themselves (card/list), as it does without JavaScript.
    const sent = new FormData(event.currentTarget);
    if (CARD_FILTER_FIELDS.some((name) => String(sent.get(name) ?? '').trim() !== '')) return;
    event.preventDefault();
    const q = text.trim();
    navigate({ page: 1, size: query.size, q: q === '' ? null : q, all: query.all });
  }

  function onSizeChange(size: number) {
    navigate({ page: 1, size, q: query.q, all: query.all });
  }

  function onScopeChange(withCardsOnly: boolean) {
    navigate({ page: 1, size: query.size, q: query.q, all: !withCardsOnly });
  }

  return (
    <div className="flex flex-col gap-4 rounded-lg border border-border p-4 lg:flex-row lg:items-end lg:justify-between">
      <form
        method="get"
        action={CARDS_PATH}
        role="search"
        aria-label={CARD_FILTER_FORM_LABEL}
        onSubmit={onFilterSubmit}
        className="flex flex-col gap-4 sm:flex-row sm:flex-wrap sm:items-end"
      >
        <div className="grid gap-1.5 sm:w-80">
          <Label htmlFor="cards-q">E-mail or app user ID</Label>
          <Input
            ref={searchRef}
            id="cards-q"
            name="q"
            type="search"
            autoComplete="off"
            spellCheck={false}
            value={text}
            onChange={(event) => setText(event.target.value)}
            placeholder="e.g. jane@example.com or u-1001"
            aria-describedby="cards-q-hint"
          />
          <p id="cards-q-hint" className="text-xs text-muted-foreground">
            An e-mail address finds that user; anything else is an app user ID.
          </p>
        </div>
        <div className="grid gap-1.5 sm:w-36 sm:self-start">
          <Label htmlFor="cards-size">Users per page</Label>
          <NativeSelect
            id="cards-size"
            name="size"
            value={String(query.size)}
            onChange={(event) => onSizeChange(Number(event.target.value))}
          >
            {pageSizeOptions(query.size).map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="flex items-center gap-2 sm:self-start sm:pt-7">
          {/* A native checkbox shown as a switch, so that it submits with the form without
                JavaScript; the hidden field after it says "all users" when it is off (the first
                value wins, cards-view.ts). With JavaScript, a change applies at once. */}
          <input
            id="cards-with-cards"
            type="checkbox"
            role="switch"
            name={CARDS_SCOPE_PARAM}
            value="with"
            checked={!query.all}
            onChange={(event) => onScopeChange(event.target.checked)}
            aria-describedby="cards-with-cards-hint"
            className={cn(
              'relative h-5 w-9 shrink-0 cursor-pointer appearance-none rounded-full bg-muted-foreground/45 transition-colors',
              "before:absolute before:top-0.5 before:left-0.5 before:size-4 before:rounded-full before:bg-white before:shadow-sm before:transition-transform before:content-['']",
              'checked:bg-primary checked:before:translate-x-4',
              'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
            )}
          />
          <input type="hidden" name={CARDS_SCOPE_PARAM} value="all" />
          <div className="grid">
            <Label htmlFor="cards-with-cards">Only users with cards</Label>
            <span id="cards-with-cards-hint" className="text-xs text-muted-foreground">
              Turn off to list every user
            </span>
          </div>
        </div>
        {cardFilters ? <div className="basis-full">{cardFilters}</div> : null}
        <div className="flex gap-2 sm:self-start">
          <Button type="submit">
            <Search className="size-4" aria-hidden="true" />
            Show cards
          </Button>
          {query.q !== null ? (
            <Button variant="outline" asChild>
              <a href={clearHref}>Clear</a>
            </Button>
          ) : null}
        </div>
      </form>
      <Button variant="outline" asChild className="lg:self-start lg:mt-5.5">
        {/* A plain link: the export is a file download, not a page of this app. */}
        <a href={cardsExportHref(query)}>
          <Download className="size-4" aria-hidden="true" />
          Export CSV
        </a>
      </Button>
    </div>
  );
}

/** What is said to a screen reader once a page is on screen. */
function announcement(data: CardsPage | undefined, pending: boolean): string {
  if (pending || !data) return '';
  const state = cardsResultState(data);
  return state === 'rows'
    ? `Page ${data.query.page}: ${data.users.length} ${data.users.length === 1 ? 'user' : 'users'} shown.`
    : state === 'no-match'
      ? 'No matching user.'
      : 'No users to show.';
}

/** The page of users (or why there is none, or its skeleton) and its pagination. */
function CardsResults({
  query,
  page: { data, error, pending, retry, retrying },
  resultsRef,
  clearHref,
  allUsersHref,
}: {
  query: CardsQuery;
  page: ReturnType<typeof useCardsPage>;
  resultsRef: RefObject<HTMLElement | null>;
  clearHref: string;
  allUsersHref: string;
}) {
  const state = data ? cardsResultState(data) : null;
  return (
    <section
      ref={resultsRef}
      aria-label="Cards by user"
      aria-busy={pending || undefined}
      className="grid scroll-mt-6 grid-cols-1 gap-4"
    >
      <p role="status" className="sr-only">
        {announcement(data, pending)}
      </p>
      {pending ? (
        <p className="flex items-center gap-2 text-sm text-muted-foreground" data-testid="cards-pending">
          <Spinner decorative />
          Loading page {query.page}…
        </p>
      ) : null}
      {error ? (
        <Alert variant="error" live data-testid="cards-error">
          <AlertTitle>{error.title}</AlertTitle>
          <AlertDescription className="grid gap-3">
            <p>{error.message}</p>
            <div>
              <Button variant="outline" size="sm" onClick={retry} loading={retrying}>
                <RotateCcw className="size-4" aria-hidden="true" />
                Try again
              </Button>
            </div>
          </AlertDescription>
        </Alert>
      ) : null}
      {!data && !error ? <ResultsSkeleton /> : null}
      {data ? (
        <div className={pending ? 'opacity-60 transition-opacity' : undefined}>
          <Results data={data} clearHref={clearHref} allUsersHref={allUsersHref} />
        </div>
      ) : null}
      {data && state !== 'no-match' && state !== 'no-users' ? (
        <Pagination
          basePath={CARDS_PATH}
          searchParams={cardsPaginationParams(query)}
          page={query.page}
          pageSize={query.size}
          total={data.total}
          itemLabel={data.total === 1 ? 'user' : 'users'}
        />
      ) : null}
    </section>
  );
}

function Results({
  data,
  clearHref,
  allUsersHref,
}: {
  data: CardsPage;
  clearHref: string;
  allUsersHref: string;
}) {
  const holdersOnly = !data.query.all;
  const state = cardsResultState(data);
  const firstPageHref = cardsHref({ ...data.query, page: 1 });
  switch (state) {
    case 'rows':
      return <CardsTable users={data.users} />;
    case 'no-users':
      return (
        <EmptyState
          icon={<CreditCard />}
          title={holdersOnly ? 'No cards yet' : 'No users yet'}
          description={
            holdersOnly
              ? 'No user holds a card under this agency yet.'
              : 'No user is registered with the wallet under this agency, so there are no cards to list.'
          }
          action={
            holdersOnly ? (
              <Button variant="outline" asChild>
                <a href={allUsersHref}>Show all users</a>
              </Button>
            ) : undefined
          }
        />
      );
    case 'no-match':
      return (
        <EmptyState
          icon={<SearchX />}
          title="No matching user"
          description={`No user${holdersOnly ? ' with cards' : ''} has the ${data.filterField === 'email' ? 'e-mail address' : 'app user ID'} “${data.query.q ?? ''}”.`}
          action={
            <>
              {holdersOnly ? (
                <Button variant="outline" asChild>
                  <a href={allUsersHref}>Include users without cards</a>
                </Button>
              ) : null}
              <Button variant="outline" asChild>
                <a href={clearHref}>{holdersOnly ? 'Clear the filter' : 'Show all users'}</a>
              </Button>
            </>
          }
        />
      );
    case 'past-end':
      return (
        <EmptyState
          icon={<CreditCard />}
          title="No users on this page"
          description={`The list has ${data.total} ${data.total === 1 ? 'user' : 'users'}, fewer than page ${data.query.page} would start at.`}
          action={
            <Button variant="outline" asChild>
              <a href={firstPageHref}>Go to the first page</a>
            </Button>
          }
        />
      );
  }
}

function ResultsSkeleton() {
  return (
    <div className="grid gap-2" data-testid="cards-skeleton">
      {Array.from({ length: 5 }, (_, i) => (
        <Skeleton key={i} className="h-12" />
      ))}
    </div>
  );
}
