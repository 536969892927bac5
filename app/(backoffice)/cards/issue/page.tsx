// /cards/issue: the card-issue wizard (spec 4.3/4.4) for staff whose role issues cards; others
// get an access-denied state. Loads on the server what every issue needs (the card types and the
// agency's assets) and the user `?appUserId=` preselects; the wizard looks up the rest as it goes.
import type { Metadata } from 'next';
import { AccessDenied } from '@/components/access-denied';
import { CardIssueWizard } from '@/components/card-issue/card-issue-wizard';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { PageHeader } from '@/components/ui/page-header';
import { can } from '@/lib/backoffice/auth/permissions';
import { toIssueUser } from '@/lib/backoffice/card-issue/card-issue-user-search';
import type { Preselect } from '@/lib/backoffice/card-issue/card-issue-wizard-state';
import { requireStaff } from '@/lib/backoffice/auth/current-staff';
import { issueWaitsFrom } from '@/lib/backoffice/approvals/approval-hints';
import { getWalletClient, isWalletClientError } from '@/lib/backoffice/wallet-client';
import { appUserIdParam } from '@/lib/wallet/contract/schemas';

export const metadata: Metadata = { title: 'Issue a card' };

const HEADER = {
  title: 'Issue a card',
  description:
    'Choose the user, who pays, the card type, delivery and the name on the card, then check and issue.',
  breadcrumbs: [{ label: 'Cards', href: '/cards' }, { label: 'Issue a card' }],
};

async function findPreselected(appUserId: string): Promise<Preselect> {
  const shown = appUserId.length > 64 ? `${appUserId.slice(0, 64)}…` : appUserId;
  if (!appUserIdParam.safeParse(appUserId).success) {
    return {
      appUserId,
      user: null,
      problem: `“${shown}” is not an app user ID (1-64 letters, digits, '_', '.', '@', ':', '+' or '-'). Search for the user below.`,
    };
  }
  try {
    const page = await getWalletClient().cardListAllByUser({ appUserId, pageNum: 1, pageSize: 1 });
    const entry = page.list[0];
    return entry
      ? { appUserId, user: toIssueUser(entry), problem: null }
      : {
          appUserId,
          user: null,
          problem: `No user with the app user ID “${shown}” is registered. Search for the user below, or register them first.`,
        };
  } catch (error) {
    if (!isWalletClientError(error)) throw error;
    return {
      appUserId,
      user: null,
      problem: `The user “${shown}” could not be looked up. ${error.staffMessage}`,
    };
  }
}

export default async function IssueCardPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const me = await requireStaff();
  if (!can(me.role, 'cards.issue')) {
    return (
      <>
        <PageHeader title={HEADER.title} breadcrumbs={HEADER.breadcrumbs} />
        <AccessDenied what="issuing cards" />
      </>
    );
  }

  const requested = (await searchParams).appUserId;
  const appUserId = Array.isArray(requested) ? requested[0] : requested;
  const wallet = getWalletClient();
  let loaded;
  try {
    const [categories, assets, preselect] = await Promise.all([
      wallet.categoryList({}),
      wallet.agencyAssetList({}),
      appUserId ? findPreselected(appUserId) : Promise.resolve(null),
    ]);
    loaded = { categories, agencyAssets: assets.filter((a) => a.type === 'CARD_MARGIN'), preselect };
  } catch (error) {
    if (!isWalletClientError(error)) throw error;
    return (
      <>
        <PageHeader {...HEADER} />
        <Alert variant="error" live>
          <AlertTitle>The card types and the agency&apos;s assets could not be loaded</AlertTitle>
          <AlertDescription>{error.staffMessage}</AlertDescription>
        </Alert>
      </>
    );
  }

  return (
    <>
      <PageHeader {...HEADER} />
      <CardIssueWizard
        {...loaded}
        canFundWallet={can(me.role, 'money.transfer')}
        issueWaitsFrom={await issueWaitsFrom()}
      />
    </>
  );
}
