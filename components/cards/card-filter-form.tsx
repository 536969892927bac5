// The /cards filters (docs/back-office.md "Pages"): status, type, last four, issue days and order,
// all in the URL, so a filtered list is an address to share and works without JavaScript. The page
// has one filter form: listing users, the fields sit in CardsBrowser's form beside its search box
// (CardFilterFields); listing the cards themselves, CardFilterForm is that form, its search box
// naming the holder. Server-compatible.
import Link from 'next/link';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/select';
import {
  CARD_STATUS_WORDS,
  CARD_TYPE_WORDS,
  type ParsedCardFilters,
} from '@/lib/backoffice/cards/card-filters';
import { CARD_STATUSES, CARD_TYPES } from '@/lib/wallet/contract/enums';

function Problem({ id, text }: { id: string; text: string | undefined }) {
  return text ? (
    <p id={id} className="text-sm text-danger-fg">
      {text}
    </p>
  ) : null;
}

/** The form's name, the same in both of the page's states. */
export const CARD_FILTER_FORM_LABEL = 'Filter the cards';

/** The card filters' fields, for the page's one filter form. */
export function CardFilterFields({ parsed }: { parsed: ParsedCardFilters }) {
  const { filters, problems } = parsed;
  const invalid = (name: keyof typeof problems) =>
    problems[name] ? { 'aria-invalid': true as const, 'aria-describedby': `card-filter-${name}-error` } : {};
  return (
    <div className="grid gap-4 sm:grid-cols-3 lg:grid-cols-6" data-testid="card-filters">
      <div className="grid min-w-0 gap-1.5">
        <Label htmlFor="card-filter-status">Status</Label>
        <NativeSelect
          id="card-filter-status"
          name="status"
          defaultValue={filters.status ?? ''}
          {...invalid('status')}
        >
          <option value="">Any status</option>
          {CARD_STATUSES.map((s) => (
            <option key={s} value={s}>
              {CARD_STATUS_WORDS[s]}
            </option>
          ))}
        </NativeSelect>
        <Problem id="card-filter-status-error" text={problems.status} />
      </div>
      <div className="grid min-w-0 gap-1.5">
        <Label htmlFor="card-filter-type">Type</Label>
        <NativeSelect
          id="card-filter-type"
          name="type"
          defaultValue={filters.type ?? ''}
          {...invalid('type')}
        >
          <option value="">Any type</option>
          {CARD_TYPES.map((t) => (
            <option key={t} value={t}>
              {CARD_TYPE_WORDS[t]}
            </option>
          ))}
        </NativeSelect>
        <Problem id="card-filter-type-error" text={problems.type} />
      </div>
      <div className="grid min-w-0 gap-1.5">
        <Label htmlFor="card-filter-last4">Last four digits</Label>
        <Input
          id="card-filter-last4"
          name="last4"
          inputMode="numeric"
          autoComplete="off"
          maxLength={4}
          defaultValue={filters.last4 ?? ''}
          placeholder="e.g. 3771"
          {...invalid('last4')}
        />
        <Problem id="card-filter-last4-error" text={problems.last4} />
      </div>
      <div className="grid min-w-0 gap-1.5">
        <Label htmlFor="card-filter-from">Issued from</Label>
        <Input
          id="card-filter-from"
          name="from"
          type="date"
          defaultValue={filters.from ?? ''}
          {...invalid('from')}
        />
        <Problem id="card-filter-from-error" text={problems.from} />
      </div>
      <div className="grid min-w-0 gap-1.5">
        <Label htmlFor="card-filter-to">Issued until</Label>
        <Input id="card-filter-to" name="to" type="date" defaultValue={filters.to ?? ''} {...invalid('to')} />
        <Problem id="card-filter-to-error" text={problems.to} />
      </div>
      <div className="grid min-w-0 gap-1.5">
        <Label htmlFor="card-filter-sort">Order</Label>
        {/* Newest is the default and sent empty, so that the form sent with nothing of the cards
            chosen lists the users grouped (card-filters.ts). */}
        <NativeSelect
          id="card-filter-sort"
          name="sort"
          defaultValue={filters.sort === 'oldest' ? 'oldest' : ''}
        >
          <option value="">Newest issued first</option>
          <option value="oldest">Oldest issued first</option>
        </NativeSelect>
      </div>
    </div>
  );
}

/** The one filter form while the page lists the cards themselves (card/list). */
export function CardFilterForm({ parsed }: { parsed: ParsedCardFilters }) {
  return (
    <form
      method="get"
      action="/cards"
      role="search"
      aria-label={CARD_FILTER_FORM_LABEL}
      className="mb-6 grid gap-4 rounded-lg border border-border p-4"
    >
      <div className="grid gap-1.5 sm:w-80">
        <Label htmlFor="card-filter-q">E-mail or app user ID</Label>
        <Input
          id="card-filter-q"
          name="q"
          type="search"
          autoComplete="off"
          spellCheck={false}
          defaultValue={parsed.filters.holder ?? ''}
          aria-describedby="card-filter-q-hint"
        />
        <p id="card-filter-q-hint" className="text-xs text-muted-foreground">
          Empty: every holder. An e-mail address finds that user; anything else is an app user ID.
        </p>
      </div>
      <CardFilterFields parsed={parsed} />
      <div className="flex flex-wrap items-end gap-2">
        <Button type="submit">Show cards</Button>
        <Button variant="outline" asChild>
          <Link href="/cards">All users and their cards</Link>
        </Button>
      </div>
    </form>
  );
}
