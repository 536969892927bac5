// /compliance (docs/back-office.md "Compliance"; docs/deposits-and-kyt.md): the deposits KYT holds,
// each with the person's name, its risk level and reasons in words, where an admin asks for one to be credited or
// rejected (a request another admin approves on /approvals); and the KYT rules, which admins edit.
// Everyone who may read deposits sees both; only admins get the forms. Rendered on the server from
// the wallet API (deposit/list, kyt/rules); pages by the list's cursor (?cursor=).
import { ShieldCheck } from 'lucide-react';
import type { Metadata } from 'next';
import Link from 'next/link';
import { AccessDenied } from '@/components/access-denied';
import { HeldDepositsList } from '@/components/deposits/held-deposits-list';
import { KytRulesForm } from '@/components/deposits/kyt-rules-form';
import { ReleaseDepositForm } from '@/components/deposits/release-deposit-form';
import { ApprovalNotices } from '@/components/approvals/approval-notices';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { buttonVariants } from '@/components/ui/button-variants';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { requireStaff } from '@/lib/backoffice/auth/current-staff';
import { can } from '@/lib/backoffice/auth/permissions';
import { depositRow } from '@/lib/backoffice/deposits/deposit-rows';
import { personNamesOf } from '@/lib/backoffice/names/person-names';
import { searchParam } from '@/lib/backoffice/shared/paging';
import { newRequestId } from '@/lib/backoffice/shared/request-id';
import { asWalletClientError, getWalletClient } from '@/lib/backoffice/wallet-client';
import type { DepositPage, KytRules } from '@/lib/wallet/contract/schemas';

export const metadata: Metadata = { title: 'Compliance' };

export default async function CompliancePage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const me = await requireStaff();
  if (!can(me.role, 'deposits.read')) return <AccessDenied what="the compliance queue" />;
  const cursor = searchParam(await searchParams, 'cursor');
  const validCursor = cursor && /^[A-Za-z0-9_-]{1,64}$/.test(cursor) ? cursor : undefined;
  const wallet = getWalletClient();
  let held: DepositPage | undefined;
  let rules: KytRules | undefined;
  let failure: string | undefined;
  try {
    [held, rules] = await Promise.all([
      wallet.depositList({ status: 'HELD', pageSize: 20, ...(validCursor ? { cursor: validCursor } : {}) }),
      wallet.kytRules({}),
    ]);
  } catch (error) {
    const walletError = asWalletClientError(error);
    if (!walletError) throw error;
    failure = walletError.staffMessage;
  }
  const names = await personNamesOf(held?.list.map((d) => d.appUserId) ?? []);
  const canDecide = can(me.role, 'deposits.decide');
  const canEditRules = can(me.role, 'kyt.manage');

  return (
    <>
      <PageHeader
        title="Compliance"
        description="Deposits held by KYT screening wait here for two admins: one asks, another approves."
      />
      <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
        <ApprovalNotices staff={me} path="/compliance" />
        {failure ? (
          <Alert variant="error" live>
            <AlertTitle>The compliance queue could not be loaded</AlertTitle>
            <AlertDescription>{failure}</AlertDescription>
          </Alert>
        ) : null}
        <Card aria-labelledby="held-title" role="region">
          <CardHeader>
            <CardTitle id="held-title">Held deposits</CardTitle>
            <CardDescription>
              High or severe risk: nothing is credited until an admin&apos;s request to credit or reject is
              approved by another admin.
            </CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4">
            {held && held.list.length === 0 ? (
              <EmptyState
                icon={<ShieldCheck aria-hidden="true" />}
                title="No deposit is held"
                description="Deposits screened high or severe risk show here."
              />
            ) : null}
            {held && held.list.length > 0 ? (
              <HeldDepositsList
                label="Held deposits"
                deposits={held.list.map((d) => depositRow(d, names))}
                {...(canDecide
                  ? {
                      actions: (d) => (
                        <ReleaseDepositForm
                          depositId={d.depositId}
                          appUserId={d.appUserId}
                          requestId={newRequestId()}
                        />
                      ),
                    }
                  : {})}
              />
            ) : null}
            <div className="flex gap-2">
              {validCursor ? (
                <Link className={buttonVariants({ variant: 'outline', size: 'sm' })} href="/compliance">
                  First page
                </Link>
              ) : null}
              {held?.nextCursor ? (
                <Link
                  className={buttonVariants({ variant: 'outline', size: 'sm' })}
                  href={`/compliance?cursor=${encodeURIComponent(held.nextCursor)}`}
                >
                  Next page
                </Link>
              ) : null}
            </div>
          </CardContent>
        </Card>
        <Card aria-labelledby="rules-title" role="region">
          <CardHeader>
            <CardTitle id="rules-title">KYT rules</CardTitle>
            <CardDescription>
              Every deposit is screened by these before it is credited: low and medium risk are credited, high
              and severe risk are held.
            </CardDescription>
          </CardHeader>
          <CardContent>
            {rules && canEditRules ? <KytRulesForm saved={rules} /> : null}
            {rules && !canEditRules ? (
              <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm" aria-label="KYT rules">
                <dt className="text-muted-foreground">Review amount</dt>
                <dd>{rules.reviewAmount} USDT</dd>
                <dt className="text-muted-foreground">Severe amount</dt>
                <dd>{rules.severeAmount} USDT</dd>
                <dt className="text-muted-foreground">Blocked addresses</dt>
                <dd className="break-all font-mono text-xs">{rules.blockedAddresses.join(', ') || 'none'}</dd>
                <dt className="text-muted-foreground">Addresses to review</dt>
                <dd className="break-all font-mono text-xs">{rules.reviewAddresses.join(', ') || 'none'}</dd>
                <dt className="text-muted-foreground">Who may release a held deposit</dt>
                <dd>
                  {rules.apiRelease
                    ? "Two admins here, or the app's API key"
                    : 'Only two admins in the back-office'}
                </dd>
              </dl>
            ) : null}
          </CardContent>
        </Card>
      </div>
    </>
  );
}
