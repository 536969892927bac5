// Adding a delivery address for one user (spec 4.7), for the roles that may. The recipient starts
// as the user.
import type { Metadata } from 'next';
import { AddAddressForm } from '@/components/addresses/add-address-form';
import { AccessDenied } from '@/components/access-denied';
import { PageHeader } from '@/components/ui/page-header';
import { UserNotFound, UserPageError } from '@/components/users/user-not-found';
import { can } from '@/lib/backoffice/auth/permissions';
import { requireStaff } from '@/lib/backoffice/auth/current-staff';
import { getWalletClient, isWalletClientError } from '@/lib/backoffice/wallet-client';
import { splitMobile } from '@/lib/backoffice/users/forms';
import { newRequestId } from '@/lib/backoffice/shared/request-id';
import { appUserIdFromSegment, findUser } from '../../find-user';

export const metadata: Metadata = { title: 'Add an address' };

type Params = Promise<{ appUserId: string }>;

export default async function AddAddressPage({ params }: { params: Params }) {
  const me = await requireStaff('users.read');
  const appUserId = appUserIdFromSegment((await params).appUserId);
  const userPath = `/users/${encodeURIComponent(appUserId)}`;

  if (!can(me.role, 'addresses.add')) {
    return (
      <>
        <PageHeader
          title="Add an address"
          breadcrumbs={[
            { label: 'Users', href: '/users' },
            { label: appUserId, href: userPath },
            { label: 'Add an address' },
          ]}
        />
        <AccessDenied what="adding addresses" />
      </>
    );
  }

  const lookup = await findUser(appUserId);
  if (lookup.kind === 'not-found') return <UserNotFound appUserId={lookup.appUserId} />;
  if (lookup.kind === 'error') {
    return (
      <UserPageError
        title="Add an address"
        what="The user could not be loaded"
        staffMessage={lookup.staffMessage}
      />
    );
  }
  const { user } = lookup;
  const name = `${user.firstName} ${user.lastName}`;
  // Whether this is the first address decides only what the form says; if the list cannot be
  // read, the form makes no claim and the wallet applies its rule anyway.
  const existing = await getWalletClient()
    .addressList({ appUserId: user.appUserId })
    .then((list) => list.length)
    .catch((error: unknown) => {
      if (isWalletClientError(error)) return undefined;
      throw error;
    });

  return (
    <div className="max-w-4xl">
      <PageHeader
        title="Add an address"
        description={`A delivery address for ${name} (${user.appUserId}), where physical cards are sent.`}
        breadcrumbs={[
          { label: 'Users', href: '/users' },
          { label: name, href: userPath },
          { label: 'Add an address' },
        ]}
      />
      <AddAddressForm
        appUserId={user.appUserId}
        firstName={user.firstName}
        lastName={user.lastName}
        mobile={splitMobile(user.mobile)}
        isFirst={existing === 0}
        requestId={newRequestId()}
      />
    </div>
  );
}
