// One dispute as a row of /disputes and the dashboard: the merchant and whose card, the amount,
// its status as a badge, the reason in words and, while it waits on staff (OPEN), the days left to
// its deadline (dueBy), marked when within DUE_SOON_DAYS. The row is a link to the dispute's page.
// Server-compatible.
import Link from 'next/link';
import { Badge } from '@/components/ui/badge';
import { moneyText } from '@/lib/backoffice/cards/purchase-words';
import { formatDate } from '@/lib/backoffice/shared/format';
import type { Dispute } from '@/lib/wallet/contract/schemas';
import {
  daysLeftText,
  DISPUTE_REASON_TEXT,
  DISPUTE_STATUS_BADGE,
  isDueSoon,
} from '@/lib/backoffice/disputes/dispute-words';

export function DisputeItem({ dispute: d, whose, now }: { dispute: Dispute; whose: string; now: Date }) {
  const badge = DISPUTE_STATUS_BADGE[d.status];
  const left = daysLeftText(d, now);
  const soon = isDueSoon(d, now);
  return (
    <li data-testid="dispute" data-dispute-id={d.disputeId}>
      <Link
        href={`/disputes/${d.disputeId}`}
        className="grid grid-cols-[minmax(0,1fr)_auto] gap-x-4 gap-y-1 rounded-lg border bg-card p-3 text-sm hover:bg-muted/50"
      >
        <span className="min-w-0">
          <span className="block font-medium break-words">
            {d.merchant.name}{' '}
            <span className="font-normal text-muted-foreground">· dispute {d.disputeId}</span>
          </span>
          <span className="block break-words">{whose}</span>
          <span className="block text-muted-foreground">
            {DISPUTE_REASON_TEXT[d.reason].label} · opened {formatDate(d.createdAt)}
          </span>
        </span>
        <span className="grid justify-items-end gap-1">
          <span className="font-semibold tabular-nums">{moneyText(d.amount, d.currency)}</span>
          <Badge variant={badge.variant}>{badge.label}</Badge>
        </span>
        {left ? (
          <span
            className={soon ? 'col-span-2 font-medium text-danger-fg' : 'col-span-2 text-muted-foreground'}
            data-testid="dispute-days-left"
          >
            {left} (due by {formatDate(d.dueBy)})
          </span>
        ) : null}
      </Link>
    </li>
  );
}
