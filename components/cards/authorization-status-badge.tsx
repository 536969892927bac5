// An authorization's status as a badge: Held, Cleared, Reversed, Expired, Declined
// (lib/backoffice/cards/authorization-view.ts). The text carries the meaning. Server-compatible.
import { Badge } from '@/components/ui/badge';
import { AUTHORIZATION_STATUS_TEXT } from '@/lib/backoffice/cards/authorization-view';
import type { AuthorizationStatus } from '@/lib/wallet/contract/enums';

export function AuthorizationStatusBadge({ status }: { status: AuthorizationStatus }) {
  const text = AUTHORIZATION_STATUS_TEXT[status];
  return (
    <Badge variant={text.tone} title={text.means}>
      {text.label}
    </Badge>
  );
}
