// One dispute (docs/back-office.md "Disputes"): the purchase (merchant, amount, date, whose card),
// what the caller said, its status and the days left to its deadline; while OPEN, the evidence
// form and withdrawing it (operators and admins: support reads that an operator sends it); and its
// history: the wallet's own steps (opened, sent, the bank's answer, expiry) and, from the
// back-office's audit log, who did what, when, with their note. The forms follow the rules the
// actions check; hiding them is not the check.
import { ArrowLeft } from 'lucide-react';
import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { SubmitEvidenceForm, WithdrawDisputeForm } from '@/components/disputes/dispute-forms';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { DescriptionItem, DescriptionList } from '@/components/ui/description-list';
import { LocalTime } from '@/components/ui/local-time';
import { PageHeader } from '@/components/ui/page-header';
import { actionLabel } from '@/lib/backoffice/audit/audit-labels';
import { requireStaff } from '@/lib/backoffice/auth/current-staff';
import { ACTION_PERMISSIONS, can } from '@/lib/backoffice/auth/permissions';
import { holderOf, moneyText, purchaseCardText } from '@/lib/backoffice/cards/purchase-words';
import { getDb } from '@/lib/backoffice/db';
import { disputeHistory } from '@/lib/backoffice/disputes/dispute-data';
import type { Dispute } from '@/lib/wallet/contract/schemas';
import {
  daysLeftText,
  DISPUTE_REASON_TEXT,
  DISPUTE_STATUS_BADGE,
} from '@/lib/backoffice/disputes/dispute-words';
import { holdersOf } from '@/lib/backoffice/names/purchase-holders';
import { cardHref } from '@/lib/backoffice/names/wallet-names';
import { formatDate } from '@/lib/backoffice/shared/format';
import { staffNamesById } from '@/lib/backoffice/staff/staff-names';
import { asWalletClientError, getWalletClient } from '@/lib/backoffice/wallet-client';

export const metadata: Metadata = { title: 'Dispute' };

/** The wallet's own steps, in order: what happened to the dispute whoever (or whatever) did it. */
function walletSteps(d: Dispute): { at: string; text: string }[] {
  const steps = [{ at: d.createdAt, text: 'Opened' }];
  if (d.submittedAt) steps.push({ at: d.submittedAt, text: 'Sent to the merchant’s bank' });
  if (d.resolvedAt) {
    const text =
      d.status === 'WON'
        ? `Won: ${moneyText(d.amount, d.currency)} went back to the card${d.creditTransactionId ? ` (transaction ${d.creditTransactionId})` : ''}`
        : d.status === 'LOST'
          ? 'Lost: the merchant’s bank refused'
          : d.status === 'EXPIRED'
            ? 'Expired: not sent before its deadline'
            : 'Withdrawn';
    steps.push({ at: d.resolvedAt, text });
  }
  return steps;
}

export default async function DisputePage({ params }: { params: Promise<{ disputeId: string }> }) {
  const me = await requireStaff('cards.read');
  const { disputeId: raw } = await params;
  const disputeId = /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(disputeId) || disputeId > 2_147_483_647) notFound();
  let d: Dispute;
  try {
    d = await getWalletClient().disputeDetail({ disputeId });
  } catch (error) {
    const walletError = asWalletClientError(error);
    if (walletError?.code === 4017) notFound();
    if (!walletError) throw error;
    return (
      <Alert variant="error">
        <AlertTitle>The dispute could not be loaded</AlertTitle>
        <AlertDescription>{walletError.staffMessage}</AlertDescription>
      </Alert>
    );
  }
  const db = await getDb();
  const [holders, history, purchase] = await Promise.all([
    holdersOf([d]),
    disputeHistory(disputeId),
    getWalletClient()
      .authorizationDetail({ authorizationId: d.authorizationId })
      .catch(() => null),
  ]);
  const names = await staffNamesById(
    db,
    history.map((h) => h.actorId),
  );
  const holder = holderOf(d, holders);
  const badge = DISPUTE_STATUS_BADGE[d.status];
  const now = new Date();
  const left = daysLeftText(d, now);
  const mayManage = can(me.role, ACTION_PERMISSIONS['dispute.submit']);

  return (
    <>
      <PageHeader
        title={`Dispute ${d.disputeId}`}
        description={`${DISPUTE_REASON_TEXT[d.reason].label}: ${moneyText(d.amount, d.currency)} at ${d.merchant.name}`}
        actions={
          <Button variant="outline" asChild>
            <Link href="/disputes">
              <ArrowLeft aria-hidden="true" />
              All disputes
            </Link>
          </Button>
        }
      />
      <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
        <Card>
          <CardHeader>
            <CardTitle className="flex flex-wrap items-center gap-2">
              <Badge variant={badge.variant} data-testid="dispute-status">
                {badge.label}
              </Badge>
              <span className="text-base font-normal text-muted-foreground">{badge.means}</span>
            </CardTitle>
            {left ? (
              <CardDescription data-testid="dispute-days-left">
                {left}: send it by {formatDate(d.dueBy)}, or it expires.
              </CardDescription>
            ) : null}
          </CardHeader>
          <CardContent className="grid gap-4">
            <DescriptionList columns={3} data-testid="dispute-facts">
              <DescriptionItem term="Merchant">{d.merchant.name}</DescriptionItem>
              <DescriptionItem term="Disputed">{moneyText(d.amount, d.currency)}</DescriptionItem>
              <DescriptionItem term="Purchase">
                {purchase ? (
                  <>
                    {moneyText(purchase.clearedAmount, purchase.currency)} on{' '}
                    <LocalTime value={purchase.createdAt} />
                  </>
                ) : (
                  `Transaction ${d.transactionId}`
                )}
              </DescriptionItem>
              <DescriptionItem term="Card">
                <Link
                  href={`${cardHref(d.appUserId, d.cardId)}?purchase=${d.authorizationId}`}
                  className="text-link underline underline-offset-4"
                >
                  {purchaseCardText(d, holder)}
                </Link>
              </DescriptionItem>
              <DescriptionItem term="Reason">{DISPUTE_REASON_TEXT[d.reason].explain}</DescriptionItem>
              <DescriptionItem term="Due by">{formatDate(d.dueBy)}</DescriptionItem>
            </DescriptionList>
            <div className="grid gap-1">
              <h3 className="text-sm font-medium text-muted-foreground">What the caller says</h3>
              <p className="whitespace-pre-line break-words" data-testid="dispute-explanation">
                {d.explanation ?? 'Nothing was written.'}
              </p>
            </div>
            {d.evidence ? (
              <div className="grid gap-1">
                <h3 className="text-sm font-medium text-muted-foreground">Evidence sent</h3>
                <p className="whitespace-pre-line break-words" data-testid="dispute-evidence">
                  {d.evidence}
                </p>
              </div>
            ) : null}
          </CardContent>
        </Card>

        {d.status === 'OPEN' ? (
          mayManage ? (
            <div className="grid gap-6 lg:grid-cols-2">
              <Card>
                <CardHeader>
                  <CardTitle>Send it with evidence</CardTitle>
                  <CardDescription>
                    Once sent it cannot be withdrawn: the merchant’s bank answers.
                  </CardDescription>
                </CardHeader>
                <CardContent>
                  <SubmitEvidenceForm disputeId={d.disputeId} />
                </CardContent>
              </Card>
              <Card>
                <CardHeader>
                  <CardTitle>Withdraw it</CardTitle>
                  <CardDescription>No money moves; the card stays as it is.</CardDescription>
                </CardHeader>
                <CardContent>
                  <WithdrawDisputeForm disputeId={d.disputeId} />
                </CardContent>
              </Card>
            </div>
          ) : (
            <Alert>
              <AlertTitle>An operator sends it</AlertTitle>
              <AlertDescription>
                An operator or admin sends it to the merchant’s bank with the evidence, or withdraws it.
              </AlertDescription>
            </Alert>
          )
        ) : null}

        <Card>
          <CardHeader>
            <CardTitle>History</CardTitle>
            <CardDescription>What happened to it, and who in the back-office did what.</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4">
            <ol className="grid gap-2 text-sm" aria-label="Its steps" data-testid="dispute-steps">
              {walletSteps(d).map((s) => (
                <li key={s.text} className="flex flex-wrap gap-x-2">
                  <span className="tabular-nums text-muted-foreground">
                    <LocalTime value={s.at} />
                  </span>
                  <span>{s.text}</span>
                </li>
              ))}
            </ol>
            {history.length > 0 ? (
              <ol className="grid gap-3 text-sm" aria-label="Who did what" data-testid="dispute-history">
                {history.map((h) => (
                  <li key={h.id} className="grid gap-0.5 rounded-md border p-3">
                    <span className="flex flex-wrap gap-x-2">
                      <span className="font-medium">{actionLabel(h.action)}</span>
                      <span className="break-words">by {names.get(h.actorId ?? -1) ?? h.actorEmail}</span>
                      <span className="text-muted-foreground">
                        <LocalTime value={h.createdAt.toISOString()} />
                      </span>
                      {h.outcome !== 'success' ? <Badge variant="danger">{h.outcome}</Badge> : null}
                    </span>
                    <span className="break-words text-muted-foreground">{h.summary}</span>
                    {h.note ? <span className="whitespace-pre-line break-words">“{h.note}”</span> : null}
                  </li>
                ))}
              </ol>
            ) : null}
          </CardContent>
        </Card>
      </div>
    </>
  );
}
