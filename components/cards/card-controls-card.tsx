// A card's spending controls (card/controls, docs/card-spending.md "Spending controls"): each set
// limit with what is spent in its window, what remains and when it resets; the blocked merchant
// categories by group name and the blocked countries by name. Operators and admins get the form
// that changes them (components/cards/card-controls-form.tsx) in a disclosure, so it opens
// without JavaScript; support reads only. Server-compatible.
import { SlidersHorizontal } from 'lucide-react';
import { CardControlsForm } from '@/components/cards/card-controls-form';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { DescriptionItem, DescriptionList } from '@/components/ui/description-list';
import { EmptyState } from '@/components/ui/empty-state';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import {
  blockedCategoriesText,
  blockedCountriesText,
  LIMIT_FIELDS,
  LIMIT_LABEL,
  LIMIT_RESETS,
} from '@/lib/backoffice/card-controls/controls-view';
import { formatMoney } from '@/lib/backoffice/shared/format';
import type { CardControls } from '@/lib/wallet/contract/schemas';
import { LocalTime } from '@/components/ui/local-time';

export function CardControlsCard({
  controls,
  appUserId,
  cardId,
  currency,
  decimalPlaces,
  canEdit,
  requestId,
}: {
  controls: CardControls;
  appUserId: string;
  cardId: number;
  currency: string;
  decimalPlaces: number;
  canEdit: boolean;
  /** A fresh requestId for the form, made when the page renders. */
  requestId: string;
}) {
  const money = (v: number) => formatMoney(v, currency, decimalPlaces);
  const ordered = LIMIT_FIELDS.flatMap((f) => controls.limits.filter((l) => l.interval === f.interval));
  return (
    <Card role="region" aria-labelledby="controls-title">
      <CardHeader>
        <CardTitle id="controls-title">Spending controls</CardTitle>
        <CardDescription>
          Limits count approved purchases in UTC windows; a purchase over what remains is declined, as is one
          from a blocked kind of merchant or country.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {ordered.length === 0 ? (
          <EmptyState
            icon={<SlidersHorizontal />}
            titleAs="h3"
            title="No spending limits"
            description="The card can spend up to its available balance."
          />
        ) : (
          <Table label="Spending limits" data-testid="spending-limits">
            <TableHeader>
              <TableRow>
                <TableHead>Limit</TableHead>
                <TableHead className="text-right">Amount</TableHead>
                <TableHead className="text-right">Spent</TableHead>
                <TableHead className="text-right">Remaining</TableHead>
                <TableHead>Resets</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {ordered.map((limit) => (
                <TableRow key={limit.interval} data-testid={`limit-${limit.interval}`}>
                  <TableCell className="font-medium">{LIMIT_LABEL[limit.interval]}</TableCell>
                  <TableCell className="text-right tabular-nums">{money(limit.amount)}</TableCell>
                  <TableCell className="text-right tabular-nums">
                    {limit.interval === 'PER_TRANSACTION' ? '—' : money(limit.spent)}
                  </TableCell>
                  <TableCell className="text-right tabular-nums" data-testid="limit-remaining">
                    {money(limit.remaining)}
                  </TableCell>
                  <TableCell className="whitespace-nowrap">
                    {limit.resetsAt ? <LocalTime value={limit.resetsAt} /> : LIMIT_RESETS[limit.interval]}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
        <DescriptionList columns={2}>
          <DescriptionItem term="Blocked merchant categories">
            <span data-testid="blocked-categories">{blockedCategoriesText(controls.blockedMcc)}</span>
          </DescriptionItem>
          <DescriptionItem term="Blocked countries">
            <span data-testid="blocked-countries">{blockedCountriesText(controls.blockedCountries)}</span>
          </DescriptionItem>
        </DescriptionList>
        {canEdit ? (
          <details className="rounded-lg border p-3">
            <summary className="cursor-pointer text-sm font-medium">Change the spending controls</summary>
            <CardControlsForm
              appUserId={appUserId}
              cardId={cardId}
              controls={controls}
              decimalPlaces={decimalPlaces}
              requestId={requestId}
            />
          </details>
        ) : null}
      </CardContent>
    </Card>
  );
}
