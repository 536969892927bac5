// One card purchase (an authorization) as a disclosure: the summary line says when, where, how
// much, whose card (on the programme's lists), its status (refunds included) and, when declined,
// why in a few words; opened, the detail an agent reads to a caller: the decline in words with what
// can be done, the hold, the clearing, the refunds and who decided (a declined purchase held and
// paid nothing, and says so once), and, on a cleared one, "Dispute this purchase". A native
// <details>, so it opens without JavaScript.
// Server-compatible.
import Link from 'next/link';
import { AuthorizationStatusBadge } from '@/components/cards/authorization-status-badge';
import { DescriptionItem, DescriptionList } from '@/components/ui/description-list';
import {
  DECIDED_BY_TEXT,
  merchantCategoryText,
  purchaseStatusText,
} from '@/lib/backoffice/cards/authorization-view';
import { purchaseCardText, type PurchaseHolder } from '@/lib/backoffice/cards/purchase-words';
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

/**
 * A cleared purchase not refunded in full offers "Dispute" (docs/back-office.md "Disputes"); the
 * wallet still decides (within 120 days of clearing, not more than is left: code 4018).
 */
function disputable(a: Authorization): boolean {
  return a.status === 'CLEARED' && a.transactionId !== null && a.clearedAmount > a.refundedAmount;
}

export function AuthorizationItem({
  authorization: a,
  decimalPlaces,
  cardLink,
  holder,
  open,
}: {
  authorization: Authorization;
  decimalPlaces?: number;
  /** Opened from the start (the purchase a search named). */
  open?: boolean;
  /** On /transactions and the sandbox: the card's page, to open from the detail. */
  cardLink?: string;
  /**
   * On the programme's lists (/transactions, the sandbox): whose purchase, by name; null when the
   * wallet could not name them (the row then says the IDs). Absent on a card's own page.
   */
  holder?: PurchaseHolder | null;
}) {
  const places = decimalsFor([a.amount, a.heldAmount, a.clearedAmount, a.refundedAmount], decimalPlaces);
  const money = (v: number) => formatMoney(v, a.currency, places);
  const decline = a.declineReason ? explainDecline(a.declineReason, a.merchant) : null;
  const whose = holder === undefined ? null : purchaseCardText(a, holder);
  return (
    <li data-testid="authorization" data-authorization-id={a.authorizationId}>
      <details className="group rounded-lg border bg-card" open={open}>
        <summary className="grid cursor-pointer grid-cols-[minmax(0,1fr)_auto] gap-x-4 gap-y-1 p-3 text-sm">
          <span className="min-w-0">
            <span className="block font-medium break-words">{a.merchant.name}</span>
            {whose ? (
              <span className="block break-words" data-testid="purchase-holder">
                {whose}
              </span>
            ) : null}
            <span className="block text-muted-foreground">
              {mccGroupName(a.merchant.mcc)} · {countryName(a.merchant.country)} ·{' '}
              <LocalTime value={a.createdAt} />
            </span>
          </span>
          <span className="grid justify-items-end gap-1">
            <span className="font-semibold tabular-nums">{money(a.amount)}</span>
            <AuthorizationStatusBadge authorization={a} />
          </span>
          {decline && a.declineReason ? (
            <span className="col-span-2 text-danger-fg" data-testid="decline-reason">
              {DECLINE_REASON_TEXT[a.declineReason].label}: {decline.what}
            </span>
          ) : null}
        </summary>
        <div className="grid gap-4 border-t p-3 text-sm">
          {disputable(a) ? (
            <p>
              <Link
                href={`/disputes/new?authorizationId=${a.authorizationId}`}
                className="text-link font-medium underline underline-offset-4"
                data-testid="dispute-purchase"
              >
                Dispute this purchase
              </Link>{' '}
              <span className="text-muted-foreground">(not made, not received, charged wrongly)</span>
            </p>
          ) : null}
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
            <DescriptionItem term="Status">{purchaseStatusText(a).means}</DescriptionItem>
            <DescriptionItem term="Category">{merchantCategoryText(a.merchant.mcc)}</DescriptionItem>
            <DescriptionItem term="Country">
              {countryName(a.merchant.country)} ({a.merchant.country})
            </DescriptionItem>
            <DescriptionItem term="Amount asked">{money(a.amount)}</DescriptionItem>
            {a.status === 'DECLINED' ? (
              <DescriptionItem term="Approved">Nothing: no money was held or paid</DescriptionItem>
            ) : (
              <>
                <DescriptionItem term="Held now">{money(a.heldAmount)}</DescriptionItem>
                <DescriptionItem term="Cleared">
                  {a.clearedAmount > 0 || a.transactionId !== null ? money(a.clearedAmount) : 'Not cleared'}
                  {a.transactionId !== null ? ` (transaction ${a.transactionId})` : ''}
                </DescriptionItem>
                <DescriptionItem term="Refunded">{money(a.refundedAmount)}</DescriptionItem>
              </>
            )}
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
                  {purchaseCardText(a, holder ?? null)}
                </Link>
              </DescriptionItem>
            ) : null}
          </DescriptionList>
        </div>
      </details>
    </li>
  );
}
