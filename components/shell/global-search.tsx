'use client';
// The one search box of every signed-in page (DESIGN §7), also on Ctrl/Cmd+K: results as one
// types (user/search through searchDirectory), grouped as cards then users, arrow keys to move,
// Enter to open the highlighted one (the best match first). It is a form whose action is
// openBestMatch, so before the scripts load (or without them) Enter still posts the text and goes
// to the best match, or comes back with the text and why nothing opened. Nothing typed travels in
// a URL. cmdk gives the list its keyboard and ARIA; no popover library, to keep every page light.
import { Command } from 'cmdk';
import { CreditCard, Search, User } from 'lucide-react';
import { useRouter } from 'next/navigation';
import { useActionState, useEffect, useId, useRef, useState } from 'react';
import { Kbd } from '@/components/ui/kbd';
import { Spinner } from '@/components/ui/spinner';
import { CardStatusBadge } from '@/components/ui/status-badge';
import { openBestMatch, searchDirectory, type OpenBestMatchState } from '@/lib/backoffice/actions/search';
import { SEARCH_MAX, SEARCH_MIN, type SearchResults } from '@/lib/backoffice/search';
import { cn } from '@/lib/utils';

const DEBOUNCE_MS = 150;

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
  const inputRef = useRef<HTMLInputElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const hintId = useId();
  const trimmed = query.trim();

  // Ctrl+K / Cmd+K from anywhere on the page.
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
      setResults(answer?.data ?? { query: trimmed, cards: [], users: [], failed: true });
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
  const hasItems = shown !== null && shown.cards.length + shown.users.length > 0;
  const listOpen = open && trimmed.length > 0;

  return (
    <form
      ref={formRef}
      action={formAction}
      method="post"
      role="search"
      aria-label={label}
      className={cn('relative w-full', className)}
    >
      <Command
        shouldFilter={false}
        label="Search"
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            setOpen(false);
            return;
          }
          // cmdk takes Enter for the highlighted item; with none shown yet, post the text.
          if (event.key === 'Enter' && !hasItems) {
            event.preventDefault();
            formRef.current?.requestSubmit();
          }
        }}
      >
        <div className="relative">
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden="true"
          />
          <Command.Input
            ref={inputRef}
            name="q"
            value={query}
            onValueChange={(next) => {
              setQuery(next);
              setOpen(true);
            }}
            onFocus={() => setOpen(true)}
            onBlur={(event) => {
              // Keep the list while focus moves into it (a click on a result).
              if (!event.currentTarget.form?.contains(event.relatedTarget as Node | null)) setOpen(false);
            }}
            autoFocus={autoFocus}
            aria-describedby={state?.message ? hintId : undefined}
            placeholder="Name, e-mail, phone, last four or card ID"
            autoComplete="off"
            spellCheck={false}
            maxLength={SEARCH_MAX}
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
        <Command.List
          className={cn(
            'absolute top-full right-0 left-0 z-50 mt-1 max-h-[min(28rem,70vh)] overflow-y-auto rounded-md border border-border bg-popover p-1 text-popover-foreground shadow-lg',
            !listOpen && 'hidden',
          )}
          data-testid="global-search-results"
        >
          {shown && !hasItems ? (
            <Command.Empty className="px-3 py-4 text-sm text-muted-foreground">
              {shown.failed
                ? 'The search could not be run. Press Enter to try again.'
                : `No user or card matches “${shown.query}”.`}
            </Command.Empty>
          ) : null}
          {!searchable ? (
            <p className="px-3 py-4 text-sm text-muted-foreground">Type at least {SEARCH_MIN} characters.</p>
          ) : null}
          {loading ? (
            <Command.Loading className="px-3 py-4 text-sm text-muted-foreground">Searching…</Command.Loading>
          ) : null}
          {shown && shown.cards.length > 0 ? (
            <Command.Group heading="Cards" className={GROUP}>
              {shown.cards.map((card) => (
                <Command.Item
                  key={`card-${card.cardId}`}
                  value={card.href}
                  onSelect={() => go(card.href)}
                  className={ITEM}
                >
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
                </Command.Item>
              ))}
            </Command.Group>
          ) : null}
          {shown && shown.users.length > 0 ? (
            <Command.Group heading="Users" className={GROUP}>
              {shown.users.map((user) => (
                <Command.Item
                  key={`user-${user.appUserId}`}
                  value={user.href}
                  onSelect={() => go(user.href)}
                  className={ITEM}
                >
                  <User className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
                  <span className="min-w-0 flex-1">
                    <span className="block truncate font-medium">{user.name}</span>
                    <span className="block truncate text-xs text-muted-foreground">
                      {user.email} · {user.appUserId} · {user.cards} card{user.cards === 1 ? '' : 's'}
                    </span>
                  </span>
                </Command.Item>
              ))}
            </Command.Group>
          ) : null}
        </Command.List>
      </Command>
    </form>
  );
}

const GROUP =
  '[&_[cmdk-group-heading]]:px-2 [&_[cmdk-group-heading]]:py-1.5 [&_[cmdk-group-heading]]:text-xs [&_[cmdk-group-heading]]:font-medium [&_[cmdk-group-heading]]:text-muted-foreground';
const ITEM =
  'flex cursor-pointer items-center gap-3 rounded-sm px-2 py-2 text-sm outline-none select-none data-[selected=true]:bg-accent data-[selected=true]:text-accent-foreground';
