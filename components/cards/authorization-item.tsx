// One card purchase (an authorization) as a disclosure: the summary line says when, where, how
// much, its status and, when declined, why in a few words; opened, the detail an agent reads to
// a caller: the decline in words with what can be done, the hold, the clearing, the refunds and
// who decided. A native <details>, so it opens without JavaScript. Server-compatible.
import Link from 'next/link';
import { AuthorizationStatusBadge } from '@/components/cards/authorization-status-badge';
import { DescriptionItem, DescriptionList } from '@/components/ui/description-list';
import {
  AUTHORIZATION_STATUS_TEXT,
  DECIDED_BY_TEXT,
  merchantCategoryText,
} from '@/lib/backoffice/cards/authorization-view';
import { DECLINE_REASON_TEXT, explainDecline } from '@/lib/backoffice/cards/decline-reasons';
import { countryName, formatMoney } from '@/lib/backoffice/shared/format';
import { mccGroupName } from '@/lib/wallet/contract/merchant-categories';
import type { Authorization } from '@/lib/wallet/contract/schemas';
import { LocalTime } from '@/components/ui/local-time';

/** The decimals to show an amount with: the card's when known, else at least 2 and every one it has. */
export function decimalsFor(amounts: readonly number[], known?: number): number {
  if (known !== undefined) return known;
  return Math.max(2, ...amounts.map((a) => (String(a).split('.')[1] ?? '').length));
}

export function AuthorizationItem({
  authorization: a,
  decimalPlaces,
  cardLink,
  open,
}: {
  authorization: Authorization;
  decimalPlaces?: number;
  /** Opened from the start (the purchase a search named). */
  open?: boolean;
  /** On /transactions: the card's page, to open from the detail. */
  cardLink?: string;
}) {
  const places = decimalsFor([a.amount, a.heldAmount, a.clearedAmount, a.refundedAmount], decimalPlaces);
  const money = (v: number) => formatMoney(v, a.currency, places);
  const decline = a.declineReason ? explainDecline(a.declineReason, a.merchant) : null;
  return (
    <li data-testid="authorization" data-authorization-id={a.authorizationId}>
      <details className="group rounded-lg border bg-card" open={open}>
        <summary className="grid cursor-pointer grid-cols-[minmax(0,1fr)_auto] gap-x-4 gap-y-1 p-3 text-sm">
          <span className="min-w-0">
            <span className="block font-medium break-words">{a.merchant.name}</span>
            <span className="block text-muted-foreground">
              {mccGroupName(a.merchant.mcc)} · {countryName(a.merchant.country)} ·{' '}
              <LocalTime value={a.createdAt} />
            </span>
          </span>
          <span className="grid justify-items-end gap-1">
            <span className="font-semibold tabular-nums">{money(a.amount)}</span>
            <AuthorizationStatusBadge status={a.status} />
          </span>
          {decline && a.declineReason ? (
            <span className="col-span-2 text-danger-fg" data-testid="decline-reason">
              {DECLINE_REASON_TEXT[a.declineReason].label}: {decline.what}
            </span>
          ) : null}
        </summary>
        <div className="grid gap-4 border-t p-3 text-sm">
          {decline ? (
            <div className="rounded-md border border-danger-border bg-danger-bg p-3 text-danger-fg">
              <p className="font-medium">Why it was declined</p>
              <p>{decline.what}</p>
              <p className="mt-1">
                <span className="font-medium">What can be done: </span>
                {decline.next}
              </p>
            </div>
          ) : null}
          <DescriptionList columns={3}>
            <DescriptionItem term="Authorization ID">{a.authorizationId}</DescriptionItem>
            <DescriptionItem term="Status">{AUTHORIZATION_STATUS_TEXT[a.status].means}</DescriptionItem>
            <DescriptionItem term="Category">{merchantCategoryText(a.merchant.mcc)}</DescriptionItem>
            <DescriptionItem term="Country">
              {countryName(a.merchant.country)} ({a.merchant.country})
            </DescriptionItem>
            <DescriptionItem term="Amount asked">{money(a.amount)}</DescriptionItem>
            <DescriptionItem term="Held now">{money(a.heldAmount)}</DescriptionItem>
            <DescriptionItem term="Cleared">
              {a.clearedAmount > 0 || a.transactionId !== null ? money(a.clearedAmount) : 'Not cleared'}
              {a.transactionId !== null ? ` (transaction ${a.transactionId})` : ''}
            </DescriptionItem>
            <DescriptionItem term="Refunded">{money(a.refundedAmount)}</DescriptionItem>
            <DescriptionItem term="Decided by">{DECIDED_BY_TEXT[a.decidedBy]}</DescriptionItem>
            <DescriptionItem term="Asked at">
              <LocalTime value={a.createdAt} seconds />
            </DescriptionItem>
            <DescriptionItem term="Last change">
              <LocalTime value={a.updatedAt} seconds />
            </DescriptionItem>
            {cardLink ? (
              <DescriptionItem term="Card">
                <Link href={cardLink} className="text-link underline underline-offset-4">
                  Card {a.cardId} of {a.appUserId}
                </Link>
              </DescriptionItem>
            ) : null}
          </DescriptionList>
        </div>
      </details>
    </li>
  );
}
