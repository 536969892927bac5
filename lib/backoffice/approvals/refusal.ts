// Why a request cannot be decided by this person now, in their words: the conditional updates
// of approve/reject/withdraw match nothing, and this says which of their conditions failed.
import 'server-only';
import { formatDateTime } from '@/lib/backoffice/format';
import type { approvalRequests } from '@/lib/backoffice/db/schema';
import { APPROVAL_STATUS_LABELS } from './approval-kinds';

type Row = typeof approvalRequests.$inferSelect;

export function notDecidableReason(row: Row | undefined, now: Date): string {
  if (!row) return 'That request does not exist.';
  if (row.status === 'PENDING' && row.expiresAt <= now)
    return `Request ${row.id} expired on ${formatDateTime(row.expiresAt)} and can no longer be decided.`;
  if (row.status === 'EXPIRED')
    return `Request ${row.id} expired on ${formatDateTime(row.expiresAt)} and can no longer be decided.`;
  const by = row.deciderEmail ? ` by ${row.deciderEmail}` : '';
  return `Request ${row.id} is no longer waiting: ${APPROVAL_STATUS_LABELS[row.status].toLowerCase()}${by}.`;
}
