// The dashboard's disputes (docs/back-office.md "Disputes"): how many are open, and how many of
// them are due within 7 days (a link to /disputes, where those come first). Read with the
// navigation's count (dispute-data.ts openDisputes: the service's dispute/summary, exact); the wallet not
// answering says so here and leaves the rest of the dashboard. Server-compatible.
import Link from 'next/link';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { DescriptionItem, DescriptionList } from '@/components/ui/description-list';
import { formatCount } from '@/lib/backoffice/shared/format';
import type { OpenDisputes } from '@/lib/backoffice/disputes/dispute-data';
import { DUE_SOON_DAYS } from '@/lib/backoffice/disputes/dispute-words';

export function DisputeCounts({ open }: { open: OpenDisputes | null }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <Link href="/disputes" className="underline-offset-4 hover:underline">
            Disputes
          </Link>
        </CardTitle>
        <CardDescription>Purchases disputed with the merchant’s bank, waiting for evidence.</CardDescription>
      </CardHeader>
      <CardContent>
        {open ? (
          <DescriptionList columns={2}>
            <DescriptionItem term="Open">
              <span className="text-lg font-semibold tabular-nums" data-testid="disputes-open">
                {formatCount(open.open)}
              </span>
            </DescriptionItem>
            <DescriptionItem term={`Due within ${DUE_SOON_DAYS} days`}>
              <span className="text-lg font-semibold tabular-nums" data-testid="disputes-due-soon-total">
                {open.dueSoonCount > 0 ? (
                  <Link href="/disputes?status=OPEN" className="text-link underline underline-offset-4">
                    {formatCount(open.dueSoonCount)}
                  </Link>
                ) : (
                  '0'
                )}
              </span>
            </DescriptionItem>
          </DescriptionList>
        ) : (
          <p className="text-sm text-muted-foreground">The disputes could not be counted just now.</p>
        )}
      </CardContent>
    </Card>
  );
}
