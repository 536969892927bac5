// A card's purchases (card/authorizations, docs/card-spending.md), newest first, a cursor page at
// a time: each with its merchant, category and country by name, amount, time, status and, when
// declined, the reason in words (components/cards/authorization-item.tsx). The status filter and
// the paging are links and a GET form in the address (?authStatus=, ?authCursor=), so they work
// without JavaScript. Server-compatible.
import { ShoppingCart } from 'lucide-react';
import { AuthorizationItem } from '@/components/cards/authorization-item';
import { PurchasePager } from '@/components/cards/purchase-pager';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { NativeSelect } from '@/components/ui/select';
import { SelectOptions } from '@/components/ui/select-options';
import {
  AUTHORIZATION_STATUS_OPTIONS,
  AUTHORIZATION_STATUS_TEXT,
} from '@/lib/backoffice/cards/authorization-view';
import type { AuthorizationStatus } from '@/lib/wallet/contract/enums';
import type { AuthorizationPage } from '@/lib/wallet/contract/schemas';

export function CardAuthorizationsCard({
  page,
  path,
  status,
  cursor,
  decimalPlaces,
}: {
  page: AuthorizationPage;
  /** The card page's path. */
  path: string;
  status: AuthorizationStatus | undefined;
  cursor: string | undefined;
  decimalPlaces: number;
}) {
  const href = (next: { cursor?: string }) => {
    const q = new URLSearchParams();
    if (status) q.set('authStatus', status);
    if (next.cursor) q.set('authCursor', next.cursor);
    const s = q.toString();
    return `${path}${s ? `?${s}` : ''}#purchases-title`;
  };
  return (
    <Card role="region" aria-labelledby="purchases-title">
      <CardHeader>
        <CardTitle id="purchases-title">Purchases</CardTitle>
        <CardDescription>
          Every authorization the card network asked for, newest first: approved (held, then cleared),
          reversed, expired or declined. Open one for its detail and, if declined, what to tell the caller.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <form method="get" action={`${path}#purchases-title`} className="flex flex-wrap items-end gap-2">
          <div className="grid gap-1 text-sm">
            <label htmlFor="auth-status" className="font-medium">
              Status
            </label>
            <NativeSelect
              id="auth-status"
              name="authStatus"
              defaultValue={status ?? ''}
              containerClassName="w-44"
            >
              <SelectOptions any="Any status" options={AUTHORIZATION_STATUS_OPTIONS} />
            </NativeSelect>
          </div>
          <Button type="submit" variant="outline" size="sm">
            Show
          </Button>
        </form>
        {page.list.length === 0 ? (
          <EmptyState
            icon={<ShoppingCart />}
            titleAs="h3"
            title={cursor ? 'No more purchases' : 'No purchases yet'}
            description={
              status
                ? `No ${AUTHORIZATION_STATUS_TEXT[status].label.toLowerCase()} purchases on this card.`
                : 'Purchases the card network asks for, approved or declined, appear here.'
            }
          />
        ) : (
          <ul className="grid gap-2" aria-label="Purchases, newest first" data-testid="card-authorizations">
            {page.list.map((a) => (
              <AuthorizationItem key={a.authorizationId} authorization={a} decimalPlaces={decimalPlaces} />
            ))}
          </ul>
        )}
        <PurchasePager
          label="Purchases pages"
          newestHref={cursor ? href({}) : null}
          olderHref={page.nextCursor ? href({ cursor: page.nextCursor }) : null}
        />
      </CardContent>
    </Card>
  );
}
