// One user: profile (4.2), cards (4.6), delivery addresses and balances (extensions), and what the
// viewer's role lets them start from here. Card and document numbers are masked on the server
// before anything is rendered, so the full values reach neither the HTML nor the RSC payload.
// Opening the page is recorded in the audit log (user.view) before it renders.
import { MapPinPlus, SquarePlus } from 'lucide-react';
import type { Metadata } from 'next';
import Link from 'next/link';
import type { ReactNode } from 'react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { ApprovalNotices } from '@/components/approvals/approval-notices';
import { TransferDialog } from '@/components/transfers/transfer-dialog';
import { transferWaitsFrom } from '@/lib/backoffice/approvals/approval-hints';
import { UserAddressesCard, type UserAddressView } from '@/components/users/user-addresses-card';
import { toUserAssetViews, UserAssetsCard, type UserAssetView } from '@/components/users/user-assets-card';
import { UserCardsCard, type UserCardView } from '@/components/users/user-cards-card';
import { UserNotFound, UserPageError } from '@/components/users/user-not-found';
import { UserDepositsCard, type DepositAddressView } from '@/components/deposits/user-deposits-card';
import { depositRow } from '@/lib/backoffice/deposits/deposit-rows';
import { addressQrCode } from '@/lib/backoffice/deposits/deposit-view';
import { DEPOSIT_CHAINS } from '@/lib/wallet/contract/enums';
import { UserProfileCard } from '@/components/users/user-profile-card';
import { can } from '@/lib/backoffice/auth/permissions';
import { countryName, formatDateTime } from '@/lib/backoffice/shared/format';
import { maskCardNumber, maskDocumentNo } from '@/lib/backoffice/shared/mask';
import { verificationState } from '@/lib/backoffice/users/verification';
import { requireStaff } from '@/lib/backoffice/auth/current-staff';
import { recordView } from '@/lib/backoffice/audit/record-view';
import { actionLabel } from '@/lib/backoffice/audit/audit-labels';
import { listUserActivity, USER_ACTIVITY_ROWS } from '@/lib/backoffice/audit/list-audit-entries';
import { getDb } from '@/lib/backoffice/db';
import { UserActivityCard, type UserActivityRow } from '@/components/users/user-activity-card';
import { getWalletClient, isWalletClientError } from '@/lib/backoffice/wallet-client';
import { fundWalletTransfer } from '@/lib/backoffice/cards/card-programme-forms';
import { DOCUMENT_TYPE_SUGGESTIONS } from '@/lib/backoffice/users/forms';
import { appUserIdFromSegment, findUser } from './find-user';

type Params = Promise<{ appUserId: string }>;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  return { title: `User ${appUserIdFromSegment((await params).appUserId)}` };
}

function documentTypeLabel(type: string): string {
  return DOCUMENT_TYPE_SUGGESTIONS.find((s) => s.value === type)?.label ?? type;
}

/** A section that failed to load: its own error, so the rest of the page still shows. */
/** What staff read when user/detail failed (a wallet client error), else the error goes on. */
function staffMessageOf(reason: unknown): string {
  if (!isWalletClientError(reason)) throw reason;
  return `The verification details could not be loaded: ${reason.staffMessage}`;
}

function sectionError(title: string, reason: unknown): ReactNode {
  if (!isWalletClientError(reason)) throw reason;
  return (
    <Alert variant="error">
      <AlertTitle>{title}</AlertTitle>
      <AlertDescription>{reason.staffMessage}</AlertDescription>
    </Alert>
  );
}

export default async function UserPage({ params }: { params: Params }) {
  const me = await requireStaff('users.read');
  const appUserId = appUserIdFromSegment((await params).appUserId);
  const wallet = getWalletClient();
  const canTransfer = can(me.role, 'money.transfer');
  const canSeeDeposits = can(me.role, 'deposits.read');
  const [lookup, kyc, cards, addresses, assets, agencyAssets, deposits] = await Promise.all([
    findUser(appUserId),
    wallet.userDetail({ appUserId }).then(
      (value) => ({ ok: true as const, value }),
      (reason: unknown) => ({ ok: false as const, reason }),
    ),
    wallet.userCardList({ appUserId }).then(
      (value) => ({ ok: true as const, value }),
      (reason: unknown) => ({ ok: false as const, reason }),
    ),
    wallet.addressList({ appUserId }).then(
      (value) => ({ ok: true as const, value }),
      (reason: unknown) => ({ ok: false as const, reason }),
    ),
    wallet.userAssetList({ appUserId }).then(
      (value) => ({ ok: true as const, value }),
      (reason: unknown) => ({ ok: false as const, reason }),
    ),
    // Only "Fund wallet" needs the agency's assets, and only roles that may move money see it.
    canTransfer ? wallet.agencyAssetList({}).catch(() => null) : Promise.resolve(null),
    // The deposit addresses (one per chain, the same on every call) and the latest deposits.
    canSeeDeposits
      ? Promise.all([
          Promise.all(
            DEPOSIT_CHAINS.map(async (chain): Promise<DepositAddressView> => {
              const { address } = await wallet.depositAddress({ appUserId, chain });
              return { chain, address, qrCode: await addressQrCode(address) };
            }),
          ),
          wallet.depositList({ appUserId, pageSize: 20 }),
        ]).then(
          ([depositAddresses, page]) => ({ ok: true as const, value: { depositAddresses, page } }),
          (reason: unknown) => ({ ok: false as const, reason }),
        )
      : Promise.resolve(null),
  ]);

  if (lookup.kind === 'not-found') return <UserNotFound appUserId={lookup.appUserId} />;
  if (lookup.kind === 'error') {
    return (
      <UserPageError
        title="User"
        crumb={appUserId}
        what="The user could not be loaded"
        staffMessage={lookup.staffMessage}
      />
    );
  }

  const { user } = lookup;
  // The read-access trail (docs/back-office.md "Roles"), before anything of the user is rendered:
  // if it cannot be written, the page fails (error.tsx) rather than show data nobody will know was
  // seen.
  await recordView({ staff: me, targetType: 'user', targetId: user.appUserId, subjectUser: user.appUserId });
  const activity = can(me.role, 'audit.read_user')
    ? (await listUserActivity({ db: await getDb(), actor: me, appUserId: user.appUserId })).map(
        (entry): UserActivityRow => ({
          id: entry.id,
          at: entry.createdAt.toISOString(),
          action: actionLabel(entry.action),
          who: entry.actorEmail,
          outcome: entry.outcome,
          summary: entry.summary,
          note: entry.note,
        }),
      )
    : null;
  const name = `${user.firstName} ${user.lastName}`;
  const userPath = `/users/${encodeURIComponent(user.appUserId)}`;

  const canAddAddress = can(me.role, 'addresses.add');
  const canIssueCard = can(me.role, 'cards.issue');
  const addAddressLink = canAddAddress ? (
    <Button asChild variant="outline">
      <Link href={`${userPath}/addresses/new`}>
        <MapPinPlus aria-hidden="true" />
        Add address
      </Link>
    </Button>
  ) : null;
  const issueCardLink = canIssueCard ? (
    <Button asChild>
      <Link href={`/cards/issue?appUserId=${encodeURIComponent(user.appUserId)}`}>
        <SquarePlus aria-hidden="true" />
        Issue card
      </Link>
    </Button>
  ) : null;

  // "Fund wallet": the agency's assets of the wallet's currency pay into the user's wallet.
  const walletAsset = assets.ok ? assets.value.find((a) => a.type === 'WALLET') : undefined;
  const fundWallet =
    canTransfer && walletAsset && agencyAssets ? (
      <TransferDialog
        kind="fund-wallet"
        appUserId={user.appUserId}
        {...fundWalletTransfer(walletAsset, user, agencyAssets)}
        waitsFrom={await transferWaitsFrom(me)}
        trigger={{ label: 'Fund wallet' }}
      />
    ) : null;

  // The empty lists offer the same starts, worded for the first one.
  const firstAddressLink = canAddAddress ? (
    <Button asChild variant="outline">
      <Link href={`${userPath}/addresses/new`}>
        <MapPinPlus aria-hidden="true" />
        Add the first address
      </Link>
    </Button>
  ) : null;
  const firstCardLink = canIssueCard ? (
    <Button asChild variant="outline">
      <Link href={`/cards/issue?appUserId=${encodeURIComponent(user.appUserId)}`}>
        <SquarePlus aria-hidden="true" />
        Issue the first card
      </Link>
    </Button>
  ) : null;

  const cardViews: UserCardView[] = cards.ok
    ? cards.value.map((card) => ({
        cardId: card.cardId,
        maskedNumber: maskCardNumber(card.cardNumber),
        name: card.cardName,
        network: card.network,
        type: card.type,
        status: card.status,
        expireMonth: card.expireMonth,
        expireYear: card.expireYear,
      }))
    : [];
  const addressViews: UserAddressView[] = addresses.ok
    ? addresses.value.map((address) => ({
        addressId: address.addressId,
        name: `${address.firstName} ${address.lastName}`,
        street: address.street,
        detailedAddress: address.detailedAddress,
        city: address.city,
        province: address.province,
        postalCode: address.postalCode,
        countryName: countryName(address.country),
        mobile: address.mobile,
        isDefault: address.isDefault,
      }))
    : [];
  const assetViews: UserAssetView[] = assets.ok ? toUserAssetViews(assets.value, user.cardList) : [];

  return (
    <>
      <PageHeader
        title={name}
        description={`App user ID ${user.appUserId} · registered ${formatDateTime(user.registerTime)}`}
        breadcrumbs={[{ label: 'Users', href: '/users' }, { label: name }]}
        actions={
          addAddressLink || issueCardLink || fundWallet ? (
            <>
              {fundWallet}
              {addAddressLink}
              {issueCardLink}
            </>
          ) : null
        }
      />
      <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
        <ApprovalNotices staff={me} path={`/users/${encodeURIComponent(user.appUserId)}`} />
        <UserProfileCard
          profile={{
            appUserId: user.appUserId,
            firstName: user.firstName,
            lastName: user.lastName,
            email: user.email,
            mobile: user.mobile,
            // The region as a code chosen from the list (registration), or as text an API caller gave.
            region: countryName(user.regionDesc),
            documentType: documentTypeLabel(user.documentType),
            documentNoMasked: maskDocumentNo(user.documentNo),
            walletAccountType: user.walletAccountType,
            registerTime: user.registerTime,
            kyc: kyc.ok
              ? {
                  birthday: kyc.value.birthday,
                  documentExpiryDate: kyc.value.documentExpiryDate,
                  verification: verificationState(
                    kyc.value.documentExpiryDate,
                    new Date().toISOString().slice(0, 10),
                  ),
                }
              : { error: staffMessageOf(kyc.reason) },
          }}
        />
        <UserCardsCard
          appUserId={user.appUserId}
          cards={cardViews}
          error={cards.ok ? undefined : sectionError('The cards could not be loaded', cards.reason)}
          action={firstCardLink}
        />
        <UserAddressesCard
          addresses={addressViews}
          error={
            addresses.ok ? undefined : sectionError('The addresses could not be loaded', addresses.reason)
          }
          action={firstAddressLink}
          manageFor={can(me.role, 'addresses.manage') ? user.appUserId : undefined}
        />
        <UserAssetsCard
          appUserId={user.appUserId}
          assets={assetViews}
          error={assets.ok ? undefined : sectionError('The balances could not be loaded', assets.reason)}
        />
        {deposits ? (
          <UserDepositsCard
            addresses={deposits.ok ? deposits.value.depositAddresses : []}
            deposits={deposits.ok ? deposits.value.page.list.map((d) => depositRow(d)) : []}
            error={
              deposits.ok ? undefined : sectionError('The deposits could not be loaded', deposits.reason)
            }
          />
        ) : null}
        {activity ? <UserActivityCard rows={activity} limit={USER_ACTIVITY_ROWS} /> : null}
      </div>
    </>
  );
}
