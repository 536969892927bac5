// The directory's search box: one input over user/search (docs/wallet-api.md "Finding a user": a
// name, an e-mail or app user ID or their start, a phone number, a card's last four or id). A GET
// form, so a search is a URL that can be shared, reloaded and gone back to; next/form makes it a
// client-side navigation. Server-compatible.
import { Search } from 'lucide-react';
import Form from 'next/form';
import Link from 'next/link';
import { Button } from '@/components/ui/button';
import { buttonVariants } from '@/components/ui/button-variants';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { DEFAULT_PAGE_SIZE, pagingHref } from '@/lib/backoffice/shared/paging';

export function UserSearchForm({ query, size, error }: { query: string; size: number; error?: string }) {
  return (
    <Form action="/users" role="search" aria-label="Users" className="mb-6 flex flex-wrap items-end gap-3">
      <Field
        id="user-search"
        label="Find a user"
        description="A name, e-mail, app user ID, phone number or a card's last four digits."
        error={error}
        className="w-full max-w-md"
      >
        {/* Keyed by the query, so going back to an earlier search shows that search's text. */}
        <Input
          key={query}
          type="search"
          name="q"
          defaultValue={query}
          autoComplete="off"
          spellCheck={false}
          placeholder="e.g. Jane, jane@example.com, 4155550100 or 3771"
        />
      </Field>
      {/* A search keeps the page size; it starts at the first page. */}
      {size !== DEFAULT_PAGE_SIZE ? <input type="hidden" name="size" value={size} /> : null}
      <div className="flex items-center gap-2">
        <Button type="submit">
          <Search aria-hidden="true" />
          Search
        </Button>
        {query !== '' ? (
          <Link
            href={pagingHref('/users', { page: 1, size })}
            className={buttonVariants({ variant: 'ghost' })}
          >
            Clear search
          </Link>
        ) : null}
      </div>
    </Form>
  );
}
