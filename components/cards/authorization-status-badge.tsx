// A purchase's status as a badge: Held, Cleared, Refunded, Partly refunded, Reversed, Expired,
// Declined (purchaseStatusText, lib/backoffice/cards/authorization-view.ts). The text carries the
// meaning. Server-compatible.
import { Badge } from '@/components/ui/badge';
import { purchaseStatusText } from '@/lib/backoffice/cards/authorization-view';
import type { Authorization } from '@/lib/wallet/contract/schemas';

export function AuthorizationStatusBadge({
  authorization,
}: {
  authorization: Pick<Authorization, 'status' | 'clearedAmount' | 'refundedAmount'>;
}) {
  const text = purchaseStatusText(authorization);
  return (
    <Badge variant={text.tone} title={text.means} data-testid="purchase-status">
      {text.label}
    </Badge>
  );
}
