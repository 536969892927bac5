// The user directory and lookup (spec 4.2, and user/search: docs/wallet-api.md "Finding a user"):
// every user of the app, newest registration first, a page at a time (page and size in the URL), or
// the users a search finds by name, e-mail, app user ID, phone or a card's last four. Each row
// leads to the user's page.
import { SearchX, UserPlus, Users } from 'lucide-react';
import type { Metadata } from 'next';
import Link from 'next/link';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { buttonVariants } from '@/components/ui/button-variants';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { Pagination, type SearchParamsRecord } from '@/components/ui/pagination';
import { PageSizeSelect } from '@/components/users/page-size-select';
import { UserSearchForm } from '@/components/users/user-search-form';
import { UsersTable, toUserRow } from '@/components/users/users-table';
import { can } from '@/lib/backoffice/auth/permissions';
import { requireStaff } from '@/lib/backoffice/auth/current-staff';
import { getWalletClient, isWalletClientError } from '@/lib/backoffice/wallet-client';
import { parseUserSearch, type UserSearch } from '@/lib/backoffice/users/forms';
import { pagingHref, parsePaging, searchParam } from '@/lib/backoffice/shared/paging';
import { MAX_SEARCH_PAGE_SIZE } from '@/lib/wallet/contract/paging';
import type { UsersWithCardsPage } from '@/lib/wallet/contract/schemas';

export const metadata: Metadata = { title: 'Users' };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** user/search answers at most 50, best match first: a search is one page. */
const SEARCH_RESULTS = MAX_SEARCH_PAGE_SIZE;

async function lookUp(
  search: Exclude<UserSearch, { kind: 'invalid' }>,
  page: number,
  size: number,
): Promise<UsersWithCardsPage> {
  const wallet = getWalletClient();
  if (search.kind === 'all') return wallet.cardListAllByUser({ pageNum: page, pageSize: size });
  const found = await wallet.userSearch({ q: search.q, pageSize: SEARCH_RESULTS });
  return { dataTotal: found.list.length, haveNext: false, list: found.list };
}

export default async function UsersPage({ searchParams }: { searchParams: SearchParams }) {
  const me = await requireStaff('users.read');
  const params = await searchParams;
  const query = (searchParam(params, 'q') ?? '').trim();
  const search = parseUserSearch(query);
  const { page, size } = parsePaging(params);
  const canRegister = can(me.role, 'users.register');

  const registerLink = canRegister ? (
    <Button asChild>
      <Link href="/users/new">
        <UserPlus aria-hidden="true" />
        Register user
      </Link>
    </Button>
  ) : null;

  const header = (
    <>
      <PageHeader
        title="Users"
        description="Everyone registered with the wallet under this app, newest first. Open a user to see their profile, cards, addresses and balances."
        actions={registerLink}
      />
      <UserSearchForm
        query={query}
        size={size}
        error={search.kind === 'invalid' ? search.message : undefined}
      />
    </>
  );

  if (search.kind === 'invalid') return header;

  let result: UsersWithCardsPage;
  try {
    result = await lookUp(search, page, size);
  } catch (error) {
    if (!isWalletClientError(error)) throw error;
    return (
      <>
        {header}
        <Alert variant="error" live>
          <AlertTitle>The users could not be loaded</AlertTitle>
          <AlertDescription>{error.staffMessage}</AlertDescription>
        </Alert>
      </>
    );
  }
  const rows = result.list.map(toUserRow);

  if (search.kind !== 'all') {
    if (rows.length === 0) {
      return (
        <>
          {header}
          <EmptyState
            icon={<SearchX />}
            title="No user found"
            description={`No user matches “${query}”. The search looks at first and last names, e-mail addresses and app user IDs (whole or their start), phone numbers, and cards' last four digits or IDs.`}
            action={
              <>
                <Link href="/users" className={buttonVariants({ variant: 'outline' })}>
                  Show all users
                </Link>
                {registerLink}
              </>
            }
          />
        </>
      );
    }
    return (
      <>
        {header}
        <UsersTable
          rows={rows}
          caption={`${rows.length} user${rows.length === 1 ? '' : 's'} matching “${query}”, best match first${rows.length === SEARCH_RESULTS ? ` (the first ${SEARCH_RESULTS}: type more to narrow it)` : ''}.`}
        />
      </>
    );
  }

  if (result.dataTotal === 0) {
    return (
      <>
        {header}
        <EmptyState
          icon={<Users />}
          title="No users yet"
          description="Nobody is registered with the wallet under this app yet."
          action={registerLink}
        />
      </>
    );
  }

  if (rows.length === 0) {
    const lastPage = Math.max(1, Math.ceil(result.dataTotal / size));
    return (
      <>
        {header}
        <EmptyState
          icon={<SearchX />}
          title={`There is no page ${page}`}
          description={`At ${size} users a page, the directory has ${lastPage} page${lastPage === 1 ? '' : 's'}.`}
          action={
            <Link
              href={pagingHref('/users', { page: 1, size })}
              className={buttonVariants({ variant: 'outline' })}
            >
              Go to the first page
            </Link>
          }
        />
      </>
    );
  }

  return (
    <>
      {header}
      <div className="grid gap-4">
        <UsersTable rows={rows} caption="Newest registrations first." />
        <div className="flex flex-col-reverse items-center justify-between gap-3 sm:flex-row">
          <PageSizeSelect size={size} />
          <Pagination
            className="flex-1 sm:justify-end sm:gap-6"
            page={page}
            pageSize={size}
            total={result.dataTotal}
            basePath="/users"
            searchParams={params as SearchParamsRecord}
            itemLabel="users"
          />
        </div>
      </div>
    </>
  );
}
