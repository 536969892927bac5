// Confirming the deletion of one of a user's delivery addresses (address/delete,
// docs/wallet-api.md "Address changes"): where the Delete link leads when the dialog cannot open
// (no JavaScript, or opened in a new tab). It names the address and, for the default one, which
// address becomes the default.
import type { Metadata } from 'next';
import { DeleteAddressConfirmForm } from '@/components/addresses/address-actions';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { addressLabel, deleteDefaultNote, deleteQuestion } from '@/lib/backoffice/addresses/address-view';
import { can } from '@/lib/backoffice/auth/permissions';
import { requireStaff } from '@/lib/backoffice/auth/current-staff';
import { newRequestId } from '@/lib/backoffice/shared/request-id';
import { appUserIdFromSegment } from '../../../find-user';
import { AddressAccessDenied, AddressNotShown, addressCrumbs } from '../address-page-states';
import { findAddress } from '../find-address';

export const metadata: Metadata = { title: 'Delete an address' };

const TITLE = 'Delete an address';

type Params = Promise<{ appUserId: string; addressId: string }>;

export default async function DeleteAddressPage({ params }: { params: Params }) {
  const me = await requireStaff('users.read');
  const segments = await params;
  const appUserId = appUserIdFromSegment(segments.appUserId);
  if (!can(me.role, 'addresses.manage')) return <AddressAccessDenied title={TITLE} appUserId={appUserId} />;

  const lookup = await findAddress(appUserId, segments.addressId);
  if (lookup.kind !== 'found') return <AddressNotShown title={TITLE} lookup={lookup} />;
  const { user, address, addresses } = lookup;
  const name = `${user.firstName} ${user.lastName}`;
  const label = addressLabel(address);

  return (
    <div className="max-w-2xl">
      <PageHeader title={TITLE} breadcrumbs={addressCrumbs(TITLE, user.appUserId, name)} />
      <Card>
        <CardHeader>
          <CardTitle>{deleteQuestion(label)}</CardTitle>
          <CardDescription>
            {deleteDefaultNote(addresses, address.addressId) ??
              'Cards already sent there keep their history.'}
          </CardDescription>
        </CardHeader>
        <CardContent>
          <DeleteAddressConfirmForm
            appUserId={user.appUserId}
            addressId={address.addressId}
            label={label}
            requestId={newRequestId()}
          />
        </CardContent>
      </Card>
    </div>
  );
}
