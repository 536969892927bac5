// Search (docs/back-office.md "Routes"): the search box on a page of its own, focused, with what it
// finds by. Where a support agent lands after signing in, ready for the caller on the phone.
import type { Metadata } from 'next';
import { GlobalSearch } from '@/components/shell/global-search';
import { Card, CardContent } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { requireStaff } from '@/lib/backoffice/auth/current-staff';

export const metadata: Metadata = { title: 'Search' };

const KEYS = [
  ['A card', 'its last four digits (exactly 4), or its card ID'],
  ['A name', 'the start of a first or last name, any letter case'],
  ['An e-mail or app user ID', 'whole, or its first 3 characters or more'],
  ['A phone number', 'its digits, with or without the country code'],
] as const;

export default async function SearchPage() {
  await requireStaff('users.read');
  return (
    <>
      <PageHeader
        title="Find a user or a card"
        description="Results appear as you type; Enter opens the best match."
      />
      <div className="grid max-w-2xl gap-6">
        <GlobalSearch autoFocus label="Find a user or a card" />
        <Card>
          <CardContent className="pt-6">
            <h2 className="mb-3 text-sm font-medium">It finds</h2>
            <dl className="grid gap-2 text-sm">
              {KEYS.map(([what, how]) => (
                <div key={what} className="grid gap-x-4 sm:grid-cols-[12rem_1fr]">
                  <dt className="font-medium">{what}</dt>
                  <dd className="text-muted-foreground">{how}</dd>
                </div>
              ))}
            </dl>
          </CardContent>
        </Card>
      </div>
    </>
  );
}
