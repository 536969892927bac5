// The requests asked from one page (a card's, a user's), shown on that page
// (docs/back-office.md "Approvals"): every one still waiting, so nobody asks twice, and the
// signed-in maker's own for a week, so they see what became of it where they asked. Each links to
// its request. Server-rendered.
import Link from 'next/link';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { ApprovalStatusBadge } from '@/components/ui/status-badge';
import { ResultCode } from '@/components/ui/result-code';
import type { CurrentStaff } from '@/lib/backoffice/auth/current-staff';
import { APPROVAL_KIND_LABELS } from '@/lib/backoffice/approvals/approval-kinds';
import { approvalsForPage } from '@/lib/backoffice/approvals/list-approvals';
import { getDb } from '@/lib/backoffice/db';
import { formatDateTime } from '@/lib/backoffice/shared/format';

export async function ApprovalNotices({ staff, path }: { staff: CurrentStaff; path: string }) {
  const rows = await approvalsForPage({ db: await getDb(), actor: staff, returnPath: path });
  if (rows.length === 0) return null;
  const waiting = rows.some((row) => row.status === 'PENDING');
  return (
    <Alert variant={waiting ? 'warning' : 'info'} data-testid="approval-notices">
      <AlertTitle>{waiting ? 'Waiting for approval' : 'Your requests'}</AlertTitle>
      <AlertDescription>
        <ul className="mt-1 grid gap-2">
          {rows.map((row) => (
            <li key={row.id} className="flex flex-wrap items-center gap-x-2 gap-y-1">
              <ApprovalStatusBadge status={row.status} />
              <Link href={`/approvals/${row.id}`} className="font-medium underline underline-offset-2">
                Request {row.id}
              </Link>
              <span>
                {APPROVAL_KIND_LABELS[row.kind]}: {row.summary}.{' '}
                {row.makerId === staff.id ? 'Asked by you' : `Asked by ${row.makerEmail}`},{' '}
                {formatDateTime(row.createdAt)}
                {row.resultCode !== null && row.resultCode !== 0 ? (
                  <>
                    ; the wallet refused it (code <ResultCode code={row.resultCode} />)
                  </>
                ) : (
                  ''
                )}
                {row.comment ? `; “${row.comment}”` : ''}.
              </span>
            </li>
          ))}
        </ul>
      </AlertDescription>
    </Alert>
  );
}
