// "Fund wallet" on a page of its own (docs/back-office.md "Without JavaScript"): where the user
// page's button leads when its dialog cannot open. The agency's assets of the wallet's currency
// pay into the user's wallet; a plain form the browser posts to transferMoneyFromPage, answered
// with the user's page, or with this page again saying what went wrong. The requestId is made as
// the page is rendered, so posting it twice moves the money once.
import type { Metadata } from 'next';
import Link from 'next/link';
import { AccessDenied } from '@/components/access-denied';
import { formAction } from '@/components/forms/form-action';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { buttonVariants } from '@/components/ui/button-variants';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { MakerReasonInput } from '@/components/approvals/maker-reason-field';
import { AmountField, FromAssetField } from '@/components/transfers/from-asset-field';
import { PageHeader } from '@/components/ui/page-header';
import { UserNotFound } from '@/components/users/user-not-found';
import { transferWaitsFrom } from '@/lib/backoffice/approvals/approval-hints';
import { requireStaff } from '@/lib/backoffice/auth/current-staff';
import { can } from '@/lib/backoffice/auth/permissions';
import { fundWalletTransfer } from '@/lib/backoffice/cards/card-programme-rules';
import { formatMinorMoney } from '@/lib/backoffice/shared/format-minor';
import { formatDecimalText } from '@/lib/backoffice/shared/format';
import { pagePostProblemOf } from '@/lib/backoffice/shared/page-post';
import { problemText } from '@/lib/backoffice/shared/page-post-problems';
import { newRequestId } from '@/lib/backoffice/shared/request-id';
import { transferMoneyFromPage } from '@/lib/backoffice/transfers/actions';
import { getWalletClient } from '@/lib/backoffice/wallet-client';
import { appUserIdFromSegment, findUser } from '../find-user';

export const metadata: Metadata = { title: "Fund the user's wallet" };

type Params = Promise<{ appUserId: string }>;
type SearchParams = Promise<Record<string, string | string[] | undefined>>;

const TITLE = "Fund the user's wallet";

export default async function FundWalletPage({
  params,
  searchParams,
}: {
  params: Params;
  searchParams: SearchParams;
}) {
  const me = await requireStaff('users.read');
  const appUserId = appUserIdFromSegment((await params).appUserId);
  if (!can(me.role, 'money.transfer')) return <AccessDenied what="transfers" />;
  const lookup = await findUser(appUserId);
  if (lookup.kind === 'not-found') return <UserNotFound appUserId={lookup.appUserId} />;
  if (lookup.kind === 'error') {
    return (
      <Alert variant="error" live>
        <AlertTitle>The user could not be loaded</AlertTitle>
        <AlertDescription>{lookup.staffMessage}</AlertDescription>
      </Alert>
    );
  }
  const { user } = lookup;
  const wallet = getWalletClient();
  const [assets, agencyAssets, waitsFrom] = await Promise.all([
    wallet.userAssetList({ appUserId }),
    wallet.agencyAssetList({}),
    transferWaitsFrom(me),
  ]);
  const userPath = `/users/${encodeURIComponent(appUserId)}`;
  const name = `${user.firstName} ${user.lastName}`;
  const walletAsset = assets.find((a) => a.type === 'WALLET');
  const problem = pagePostProblemOf(await searchParams);
  const transfer = walletAsset ? fundWalletTransfer(walletAsset, user, agencyAssets) : null;
  const sources = transfer?.sources.filter((s) => s.balanceMinor > 0) ?? [];

  return (
    <div className="max-w-2xl">
      <PageHeader
        title={TITLE}
        description={`From the agency into ${name}'s wallet.`}
        breadcrumbs={[{ label: 'Users', href: '/users' }, { label: name, href: userPath }, { label: TITLE }]}
      />
      <Card>
        <CardHeader>
          <CardTitle>Into {transfer?.target.label ?? 'the wallet'}</CardTitle>
          <CardDescription>
            {transfer
              ? `Balance now ${formatMinorMoney(transfer.target.balanceMinor, transfer.target.currency, transfer.target.decimalPlaces)}.`
              : 'The user has no wallet.'}
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          {problem ? (
            <Alert variant="error" live data-testid="page-post-problem">
              <AlertTitle>No money moved</AlertTitle>
              <AlertDescription>{problemText(problem)}</AlertDescription>
            </Alert>
          ) : null}
          {!transfer || sources.length === 0 ? (
            <p>No agency asset with money in this currency can pay into it.</p>
          ) : (
            <form method="post" action={formAction(transferMoneyFromPage)} className="grid gap-4" noValidate>
              <input type="hidden" name="kind" value="fund-wallet" />
              <input type="hidden" name="appUserId" value={appUserId} />
              <input type="hidden" name="toAssetId" value={String(transfer.target.assetId)} />
              <input type="hidden" name="requestId" value={newRequestId()} />
              <FromAssetField sources={sources} />
              <AmountField currency={transfer.target.currency} invalid={problem?.field === 'amount'} />
              {waitsFrom !== null ? (
                <MakerReasonInput
                  hint={`From ${formatDecimalText(waitsFrom, transfer.target.currency, 2)} it waits for another member of staff, and needs a reason.`}
                  invalid={problem?.field === 'makerReason'}
                />
              ) : null}
              <div className="flex flex-wrap gap-2">
                <Link href={userPath} className={buttonVariants({ variant: 'outline' })}>
                  Cancel
                </Link>
                <Button type="submit">Fund wallet</Button>
              </div>
            </form>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
