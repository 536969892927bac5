'use client';
// The one search box of every signed-in page (docs/back-office.md "Routes"), also on Ctrl/Cmd+K:
// results as one types (user/search through searchDirectory), grouped as cards then users, how
// many matched and a link to them all (/search?q=), arrow keys to move, Enter to open the
// highlighted one; with none highlighted, Enter opens what the text names (one user or card) or
// the list of them all, never a guess among several. It is a form whose action is openBestMatch,
// so before the scripts load (or without them) Enter still posts the text and goes to the same
// place, or comes back with the text and why nothing opened. Nothing typed travels
// in a URL. The list is the ARIA combobox pattern written out (arrow keys move the active option,
// aria-activedescendant names it): the box is on every page, and a command-menu or popover library
// would weigh on every page's first JavaScript.
import { CreditCard, Search, User } from 'lucide-react';
import { useRouter } from 'next/navigation';
import {
  useActionState,
  useEffect,
  useId,
  useRef,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { Kbd } from '@/components/ui/kbd';
import { Spinner } from '@/components/ui/spinner';
import { CardStatusBadge } from '@/components/ui/status-badge';
import { openBestMatch, searchDirectory, type OpenBestMatchState } from '@/lib/backoffice/search/actions';
import {
  matchCount,
  searchHref,
  SEARCH_MAX,
  SEARCH_MIN,
  type SearchResults,
} from '@/lib/backoffice/search/search';
import { cn } from '@/lib/utils';

const DEBOUNCE_MS = 150;

const subscribeToNothing = () => () => undefined;

export function GlobalSearch({
  autoFocus = false,
  label = 'Users and cards',
  className,
}: {
  autoFocus?: boolean;
  /** The search landmark's name: unique per page (the shell's box and /search's). */
  label?: string;
  className?: string;
}) {
  const router = useRouter();
  const [result, formAction, submitting] = useActionState(openBestMatch, {});
  const state: OpenBestMatchState | undefined = result.data;
  const [query, setQuery] = useState(state?.query ?? '');
  const [results, setResults] = useState<(SearchResults & { failed?: boolean }) | null>(null);
  const [open, setOpen] = useState(false);
  // -1: nothing highlighted until the arrow keys or the pointer move (Enter then means the text).
  const [activeIndex, setActiveIndex] = useState(-1);
  const listId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const hintId = useId();
  const trimmed = query.trim();

  // Ctrl+K / Cmd+K from anywhere on the page, advertised (aria-keyshortcuts) once it works.
  // (False on the server and while hydrating, true from the render after: by then the listener
  // below is attached, as React runs a commit's effects before it renders again.)
  const shortcutReady = useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        inputRef.current?.focus();
        inputRef.current?.select();
        setOpen(true);
      }
    }
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  // Results as one types; an answer to an older text is dropped.
  const searchable = trimmed.length >= SEARCH_MIN && trimmed.length <= SEARCH_MAX;
  useEffect(() => {
    if (!searchable) return;
    let current = true;
    const timer = setTimeout(async () => {
      const answer = await searchDirectory({ q: trimmed }).catch(() => undefined);
      if (!current) return;
      setResults(
        answer?.data ?? { query: trimmed, cards: [], users: [], total: 0, more: false, failed: true },
      );
    }, DEBOUNCE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [trimmed, searchable]);

  function go(href: string) {
    setOpen(false);
    setQuery('');
    setResults(null);
    inputRef.current?.blur();
    router.push(href);
  }

  const shown = searchable && results?.query === trimmed ? results : null;
  const loading = searchable && !shown;
  // More found than listed: the last option opens them all.
  const seeAll = shown && (shown.more || shown.total > shown.users.length) ? searchHref(shown.query) : null;
  // The options in the order the arrow keys walk them: cards, then users, then "all results".
  const items = shown
    ? [
        ...(shown.purchase ? [{ key: 'purchase', href: shown.purchase.href }] : []),
        ...shown.cards.map((card) => ({ key: `card-${card.cardId}`, href: card.href })),
        ...shown.users.map((user) => ({ key: `user-${user.appUserId}`, href: user.href })),
        ...(seeAll ? [{ key: 'all', href: seeAll }] : []),
      ]
    : [];
  const listOpen = open && trimmed.length > 0;
  const active = items.length > 0 ? Math.min(activeIndex, items.length - 1) : -1;
  const optionId = (key: string) => `${listId}-${key}`;

  function onKeyDown(event: import('react').KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Escape') {
      setOpen(false);
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      if (items.length === 0) return;
      const from = active < 0 && event.key === 'ArrowUp' ? 0 : active;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActiveIndex((from + step + items.length) % items.length);
    } else if (event.key === 'Enter' && listOpen && active >= 0) {
      // The highlighted result.
      event.preventDefault();
      go(items[active]!.href);
    } else if (event.key === 'Enter' && listOpen && shown?.enter) {
      // Nothing highlighted: what the text names, or the list of all it matched.
      event.preventDefault();
      go(shown.enter);
    }
    // Else (no answer yet) Enter posts the text: the form's action decides the same way.
  }

  const option = (key: string, href: string, children: ReactNode) => {
    const selected = items[active]?.key === key;
    return (
      <li
        key={key}
        id={optionId(key)}
        role="option"
        aria-selected={selected}
        // Keep the focus in the box; the click then opens the result.
        onMouseDown={(event) => event.preventDefault()}
        onClick={() => go(href)}
        onMouseMove={() => setActiveIndex(items.findIndex((item) => item.key === key))}
        className={cn(
          'flex cursor-pointer items-center gap-3 rounded-sm px-2 py-2 text-sm select-none',
          selected && 'bg-accent text-accent-foreground',
        )}
      >
        {children}
      </li>
    );
  };

  return (
    <form
      ref={formRef}
      action={formAction}
      method="post"
      role="search"
      aria-label={label}
      className={cn('relative w-full', className)}
    >
      <div className="relative">
        <Search
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          aria-hidden="true"
        />
        <input
          ref={inputRef}
          name="q"
          type="text"
          role="combobox"
          aria-label="Search"
          aria-expanded={listOpen}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={listOpen && active >= 0 ? optionId(items[active]!.key) : undefined}
          value={query}
          onChange={(event) => {
            setQuery(event.target.value);
            setActiveIndex(-1);
            setOpen(true);
          }}
          onKeyDown={onKeyDown}
          onFocus={() => setOpen(true)}
          onBlur={() => setOpen(false)}
          autoFocus={autoFocus}
          aria-describedby={state?.message ? hintId : undefined}
          placeholder="Name, e-mail, phone, last four, card or purchase ID"
          autoComplete="off"
          spellCheck={false}
          maxLength={SEARCH_MAX}
          aria-keyshortcuts={shortcutReady ? 'Control+K Meta+K' : undefined}
          data-testid="global-search"
          className="h-9 w-full rounded-md border border-input bg-background pr-16 pl-9 text-sm shadow-xs placeholder:text-muted-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        />
        <span className="pointer-events-none absolute top-1/2 right-2 hidden -translate-y-1/2 items-center gap-1 sm:flex">
          {loading || submitting ? <Spinner className="size-3.5" /> : <Kbd>Ctrl K</Kbd>}
        </span>
      </div>
      {state?.message && !listOpen ? (
        <p id={hintId} role="status" className="mt-1 text-xs text-destructive">
          {state.message}
        </p>
      ) : null}
      <div
        className={cn(
          'absolute top-full right-0 left-0 z-50 mt-1 max-h-[min(28rem,70vh)] overflow-y-auto rounded-md border border-border bg-popover p-1 text-popover-foreground shadow-lg',
          !listOpen && 'hidden',
        )}
        data-testid="global-search-results"
      >
        <div id={listId} role="listbox" aria-label="Users, cards and purchases found">
          {shown?.purchase ? (
            <ul role="group" aria-label="Purchases">
              <li role="presentation" aria-hidden="true" className={HEADING}>
                Purchase
              </li>
              {option(
                'purchase',
                shown.purchase.href,
                <>
                  <CreditCard className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
                  <span className="min-w-0 flex-1" data-testid="global-search-purchase">
                    <span className="block truncate font-medium">{shown.purchase.label}</span>
                    <span className="block truncate text-xs text-muted-foreground">
                      Purchase {shown.purchase.authorizationId} · card ID {shown.purchase.cardId} ·{' '}
                      {shown.purchase.appUserId}
                    </span>
                  </span>
                  <span className="text-xs text-muted-foreground">{shown.purchase.status}</span>
                </>,
              )}
            </ul>
          ) : null}
          {shown && shown.cards.length > 0 ? (
            <ul role="group" aria-label="Cards">
              <li role="presentation" aria-hidden="true" className={HEADING}>
                Cards
              </li>
              {shown.cards.map((card) =>
                option(
                  `card-${card.cardId}`,
                  card.href,
                  <>
                    <CreditCard className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
                    <span className="min-w-0 flex-1">
                      <span className="block truncate font-medium">
                        {card.label} · {card.cardName}
                      </span>
                      <span className="block truncate text-xs text-muted-foreground">
                        {card.holder} · card ID {card.cardId}
                      </span>
                    </span>
                    <CardStatusBadge status={card.status} />
                  </>,
                ),
              )}
            </ul>
          ) : null}
          {shown && shown.users.length > 0 ? (
            <ul role="group" aria-label="Users">
              <li role="presentation" aria-hidden="true" className={HEADING}>
                Users
              </li>
              {shown.users.map((user) =>
                option(
                  `user-${user.appUserId}`,
                  user.href,
                  <>
                    <User className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
                    <span className="min-w-0 flex-1">
                      <span className="block truncate font-medium">{user.name}</span>
                      <span className="block truncate text-xs text-muted-foreground">
                        {user.email} · {user.appUserId} · {user.cards} card{user.cards === 1 ? '' : 's'}
                      </span>
                    </span>
                  </>,
                ),
              )}
            </ul>
          ) : null}
          {seeAll && shown ? (
            <ul role="group" aria-label="All results">
              {option(
                'all',
                seeAll,
                <>
                  <Search className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
                  <span className="min-w-0 flex-1 font-medium" data-testid="global-search-all">
                    See all results: {matchCount(shown).toLowerCase()}
                  </span>
                </>,
              )}
            </ul>
          ) : null}
        </div>
        <p className="px-3 py-2 text-sm text-muted-foreground" role="status">
          {!searchable
            ? `Type at least ${SEARCH_MIN} characters.`
            : loading
              ? 'Searching…'
              : shown && items.length === 0
                ? shown.failed
                  ? 'The search could not be run. Press Enter to try again.'
                  : `No user or card matches “${shown.query}”.`
                : shown
                  ? `${matchCount(shown)}${shown.users.length < shown.total || shown.more ? `; the first ${shown.users.length} shown` : ''}. Enter opens ${shown.enter?.startsWith('/search') ? 'them all' : 'the match'}.`
                  : ''}
        </p>
      </div>
    </form>
  );
}

const HEADING = 'px-2 py-1.5 text-xs font-medium text-muted-foreground';
