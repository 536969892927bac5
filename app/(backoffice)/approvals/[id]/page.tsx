// One approval request (docs/back-office.md "Approvals"): what it asks for (the exact wallet call,
// with the requestId fixed when it was asked), who asked and when, until when it waits, and how it
// was decided and ended (a failed call's result code). The maker may withdraw it here; another
// member of staff who may do the same action approves or rejects it. The buttons follow the same
// rules the actions check; hiding them is not the check.
import { ArrowLeft } from 'lucide-react';
import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { approvalAmount } from '@/components/approvals/approvals-table';
import { ApproveForm, RejectForm, WithdrawForm } from '@/components/approvals/decision-forms';
import { AccessDenied } from '@/components/access-denied';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { DescriptionItem, DescriptionList } from '@/components/ui/description-list';
import { PageHeader } from '@/components/ui/page-header';
import { ApprovalStatusBadge } from '@/components/ui/status-badge';
import { ResultCode } from '@/components/ui/result-code';
import { can } from '@/lib/backoffice/auth/permissions';
import { requireStaff } from '@/lib/backoffice/auth/current-staff';
import {
  APPROVAL_KIND_LABELS,
  APPROVAL_PERMISSION,
  APPROVAL_STATUS_LABELS,
} from '@/lib/backoffice/approvals/approval-kinds';
import { isUnfinished, statusAt } from '@/lib/backoffice/approvals/request-state';
import { getApproval } from '@/lib/backoffice/approvals/list-approvals';
import { getDb } from '@/lib/backoffice/db';
import { formatDateTime } from '@/lib/backoffice/shared/format';

export const metadata: Metadata = { title: 'Approval request' };

const When = ({ at }: { at: Date }) => (
  <time dateTime={at.toISOString()}>{formatDateTime(at, { seconds: true })}</time>
);

export default async function ApprovalPage({ params }: { params: Promise<{ id: string }> }) {
  const me = await requireStaff();
  if (!can(me.role, 'approvals.read')) return <AccessDenied what="approvals" />;
  const { id: raw } = await params;
  const id = /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(id) || id > 2_147_483_647) notFound();
  const now = new Date();
  const row = await getApproval({ db: await getDb(), actor: me, id, now });
  if (!row) notFound();

  const mine = row.makerId === me.id;
  const mayDecide = !mine && can(me.role, APPROVAL_PERMISSION[row.kind]);
  const waiting = statusAt(row, now) === 'PENDING';
  // Approved, but the wallet's answer never came (or the server stopped mid-call): carrying it
  // out again is safe, the wallet knows the requestId.
  const unfinished = isUnfinished(row, now);

  return (
    <>
      <PageHeader
        title={`Request ${row.id}`}
        description={APPROVAL_KIND_LABELS[row.kind]}
        actions={
          <Button variant="outline" asChild>
            <Link href="/approvals">
              <ArrowLeft aria-hidden="true" />
              All requests
            </Link>
          </Button>
        }
      />
      <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
        <Card>
          <CardHeader>
            <CardTitle className="flex flex-wrap items-center gap-2">
              <ApprovalStatusBadge status={row.status} data-testid="approval-status" />
              <span className="text-base font-normal text-muted-foreground">
                {APPROVAL_STATUS_LABELS[row.status]}
              </span>
            </CardTitle>
            <CardDescription>{row.summary}</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-6">
            {row.status === 'FAILED' ? (
              <Alert variant="error">
                <AlertTitle>
                  The wallet refused the call (code{' '}
                  {row.resultCode === null ? null : <ResultCode code={row.resultCode} />})
                </AlertTitle>
                <AlertDescription>{row.resultMessage}</AlertDescription>
              </Alert>
            ) : null}
            {row.status === 'EXECUTING' && row.resultMessage ? (
              <Alert variant="warning">
                <AlertTitle>Outcome unknown</AlertTitle>
                <AlertDescription>{row.resultMessage}</AlertDescription>
              </Alert>
            ) : null}
            {row.status === 'REJECTED' && row.comment ? (
              <Alert variant="warning">
                <AlertTitle>Rejected by {row.deciderEmail}</AlertTitle>
                <AlertDescription data-testid="approval-comment">{row.comment}</AlertDescription>
              </Alert>
            ) : null}
            <DescriptionList columns={3}>
              <DescriptionItem term="Amount">
                <span className="tabular-nums" data-testid="approval-amount">
                  {approvalAmount(row)}
                </span>
              </DescriptionItem>
              <DescriptionItem term="Asked by">
                <span className="break-all">{mine ? `${row.makerEmail} (you)` : row.makerEmail}</span>
              </DescriptionItem>
              <DescriptionItem term="Asked">
                <When at={row.createdAt} />
              </DescriptionItem>
              <DescriptionItem term={row.status === 'PENDING' ? 'Expires' : 'Would have expired'}>
                <When at={row.expiresAt} />
              </DescriptionItem>
              <DescriptionItem term="Decided by">
                {row.deciderEmail ? <span className="break-all">{row.deciderEmail}</span> : '—'}
              </DescriptionItem>
              <DescriptionItem term="Decided">
                {row.decidedAt ? <When at={row.decidedAt} /> : '—'}
              </DescriptionItem>
              <DescriptionItem term="Wallet result code">
                {row.resultCode === null ? (
                  <span className="font-mono">—</span>
                ) : (
                  <ResultCode code={row.resultCode} className="font-mono" />
                )}
              </DescriptionItem>
              <DescriptionItem term="Asked from">
                <Link href={row.returnPath} className="break-all underline underline-offset-2">
                  {row.returnPath}
                </Link>
              </DescriptionItem>
            </DescriptionList>
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>The wallet call</CardTitle>
            <CardDescription>
              Exactly what is sent when the request is approved: <code>{row.operation}</code>, with the
              requestId fixed when it was asked, so it is carried out once.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <DescriptionList columns={2} data-testid="approval-params">
              {Object.entries(row.params).map(([name, value]) => (
                <DescriptionItem key={name} term={name}>
                  <span className="break-all font-mono text-sm">{String(value)}</span>
                </DescriptionItem>
              ))}
            </DescriptionList>
          </CardContent>
        </Card>

        {waiting || unfinished ? (
          <Card>
            <CardHeader>
              <CardTitle>Decision</CardTitle>
              <CardDescription>
                {mine
                  ? 'You asked for this: another member of staff who may do it must approve it. You can withdraw it while it waits.'
                  : mayDecide
                    ? 'Approving carries the call out now, once. Rejecting leaves everything as it is.'
                    : `Your role (${me.role}) may not do this, so it may not decide it either.`}
              </CardDescription>
            </CardHeader>
            {mine && waiting ? (
              <CardContent>
                <WithdrawForm id={row.id} />
              </CardContent>
            ) : null}
            {mayDecide ? (
              <CardContent className="grid gap-8 md:grid-cols-2">
                <ApproveForm id={row.id} again={unfinished} />
                {waiting ? <RejectForm id={row.id} /> : null}
              </CardContent>
            ) : null}
          </Card>
        ) : null}
      </div>
    </>
  );
}
