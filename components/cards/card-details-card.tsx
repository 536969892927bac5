// Who sees a card's details, and when they were last seen (docs/back-office.md "The cardholder's
// card details"): the whole number, expiry and CVV are shown to the cardholder only, in the
// agency's app, on a page the wallet serves; the back-office shows the first six and last four and
// lists the card's recent detail views (when, from which address, on what device), newest first.
// Server-compatible.
import { Eye } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { LocalTime } from '@/components/ui/local-time';
import type { DetailView } from '@/lib/backoffice/cards/detail-views';

export type DetailViewsResult = { ok: true; views: readonly DetailView[] } | { ok: false; message: string };

export function CardDetailsCard({ result }: { result: DetailViewsResult }) {
  return (
    <Card role="region" aria-labelledby="details-title">
      <CardHeader>
        <CardTitle id="details-title">Card details</CardTitle>
        <CardDescription data-testid="card-details-who">
          Only the cardholder sees the whole card number, the expiry and the CVV: in the agency&apos;s app, on
          a page the wallet shows them for one minute. Nobody in the back-office can, whatever their role.
          Someone asking for their card number finds it in the app.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <h3 className="text-sm font-medium">Recent detail views</h3>
        {!result.ok ? (
          <p className="text-sm text-destructive" role="alert">
            The detail views could not be loaded: {result.message}
          </p>
        ) : result.views.length === 0 ? (
          <p className="text-sm text-muted-foreground" data-testid="card-detail-views-none">
            The cardholder has not opened the card&apos;s details in the last 30 days.
          </p>
        ) : (
          <ol className="grid gap-2" aria-label="Recent detail views" data-testid="card-detail-views">
            {result.views.map((view, index) => (
              <li key={`${view.viewedAt}-${index}`} className="flex flex-wrap items-center gap-x-2 text-sm">
                <Eye className="size-4 text-muted-foreground" aria-hidden="true" />
                <LocalTime value={view.viewedAt} seconds />
                <span className="text-muted-foreground">
                  from <span className="font-mono">{view.ip ?? 'an unknown address'}</span>
                </span>
                <span className="text-muted-foreground">· {view.device}</span>
              </li>
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}
