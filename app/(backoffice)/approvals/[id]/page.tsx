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
import { resultCodeWords } from '@/lib/backoffice/shared/result-code-words';
import { staffNamesById } from '@/lib/backoffice/staff/staff-names';
import { makerReasonOfRequest, type ApprovalFact } from '@/lib/backoffice/approvals/approval-facts';
import type { ApprovalRow } from '@/lib/backoffice/approvals/list-approvals';
import { PARAMETER_LABELS } from '@/lib/backoffice/wallet-client/errors';
import { depositReleaseFactsNow } from '@/lib/backoffice/deposits/release-facts-now';

export const metadata: Metadata = { title: 'Approval request' };

const When = ({ at }: { at: Date }) => (
  <time dateTime={at.toISOString()}>{formatDateTime(at, { seconds: true })}</time>
);

/** The request in words; one asked before they were kept reads its parameters by their labels. */
function factsOf(row: ApprovalRow): ApprovalFact[] {
  if (row.facts) return row.facts;
  return Object.entries(row.params)
    .filter(([name]) => name !== 'requestId')
    .map(([name, value]) => {
      const label = PARAMETER_LABELS[name] ?? name;
      return { term: label.charAt(0).toUpperCase() + label.slice(1), text: String(value) };
    });
}

/** How it ended, in words: the wallet's result code only with its meaning. */
function outcomeText(row: ApprovalRow): string {
  if (row.resultCode === null) return row.status === 'PENDING' ? 'Not carried out yet' : 'Not carried out';
  if (row.resultCode === 0) return 'Done';
  return `Refused by the wallet: ${resultCodeWords(row.resultCode)}`;
}

export default async function ApprovalPage({ params }: { params: Promise<{ id: string }> }) {
  const me = await requireStaff();
  if (!can(me.role, 'approvals.read')) return <AccessDenied what="approvals" />;
  const { id: raw } = await params;
  const id = /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(id) || id > 2_147_483_647) notFound();
  const now = new Date();
  const db = await getDb();
  const row = await getApproval({ db, actor: me, id, now });
  if (!row) notFound();
  const [names, readNow] = await Promise.all([
    staffNamesById(db, [row.makerId, row.deciderId]),
    // A held deposit's release asked before facts were kept: its facts as the wallet has them now.
    depositReleaseFactsNow(row),
  ]);
  const maker = names.get(row.makerId) ?? row.makerEmail;
  const decider = row.deciderId === null ? row.deciderEmail : (names.get(row.deciderId) ?? row.deciderEmail);

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
            {row.comment && decider ? (
              <Alert variant={row.status === 'REJECTED' ? 'warning' : 'info'}>
                <AlertTitle>
                  {row.status === 'REJECTED' ? 'Rejected' : 'Approved'} by {decider}
                </AlertTitle>
                <AlertDescription className="whitespace-pre-line break-words" data-testid="approval-comment">
                  {row.comment}
                </AlertDescription>
              </Alert>
            ) : null}
            <DescriptionList columns={3}>
              <DescriptionItem term="Amount">
                <span className="tabular-nums" data-testid="approval-amount">
                  {readNow?.amount ?? approvalAmount(row)}
                </span>
              </DescriptionItem>
              <DescriptionItem term="Asked by">
                <span className="break-words">{mine ? `${maker} (you)` : maker}</span>
              </DescriptionItem>
              <DescriptionItem term="Asked">
                <When at={row.createdAt} />
              </DescriptionItem>
              <DescriptionItem term={row.status === 'PENDING' ? 'Expires' : 'Would have expired'}>
                <When at={row.expiresAt} />
              </DescriptionItem>
              <DescriptionItem term="Decided by">
                {decider ? <span className="break-words">{decider}</span> : '—'}
              </DescriptionItem>
              <DescriptionItem term="Decided">
                {row.decidedAt ? <When at={row.decidedAt} /> : '—'}
              </DescriptionItem>
              <DescriptionItem term="Outcome">
                <span data-testid="approval-outcome">{outcomeText(row)}</span>
              </DescriptionItem>
            </DescriptionList>
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>What it does</CardTitle>
            <CardDescription>
              Carried out exactly as asked, once, when it is approved.
              {readNow ? ' Asked before its facts were kept: they are read from the wallet now.' : ''}
            </CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4">
            <DescriptionList columns={2} data-testid="approval-facts">
              {(readNow?.facts ?? factsOf(row)).map((fact) => (
                <DescriptionItem key={fact.term} term={fact.term}>
                  {fact.href ? (
                    <Link
                      href={fact.href}
                      prefetch={false}
                      className="break-words underline underline-offset-2"
                    >
                      {fact.text}
                    </Link>
                  ) : (
                    // Some facts hold one line per item (a held deposit's KYT reasons).
                    <span className="whitespace-pre-line break-words">{fact.text}</span>
                  )}
                </DescriptionItem>
              ))}
            </DescriptionList>
            <div className="grid gap-1">
              <h3 className="text-sm font-medium text-muted-foreground">
                Why {mine ? 'you asked' : `${maker} asks`}
              </h3>
              <p className="whitespace-pre-line break-words" data-testid="approval-reason">
                {makerReasonOfRequest(row) ?? 'No reason was given (asked before reasons were kept).'}
              </p>
            </div>
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
                    ? 'Approving carries the call out now, once; a comment is kept with the request. Rejecting leaves everything as it is.'
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
