// Editing one of a user's delivery addresses (address/update,
// docs/wallet-api.md "Address changes"), for the roles that may: the add form's fields, prefilled
// with the stored address.
import type { Metadata } from 'next';
import { EditAddressForm } from '@/components/addresses/edit-address-form';
import { PageHeader } from '@/components/ui/page-header';
import { addressLabel } from '@/lib/backoffice/addresses/address-view';
import { can } from '@/lib/backoffice/auth/permissions';
import { requireStaff } from '@/lib/backoffice/auth/current-staff';
import { splitMobile } from '@/lib/backoffice/users/forms';
import { newRequestId } from '@/lib/backoffice/shared/request-id';
import { appUserIdFromSegment } from '../../../find-user';
import { AddressAccessDenied, AddressNotShown, addressCrumbs } from '../address-page-states';
import { findAddress } from '../find-address';

export const metadata: Metadata = { title: 'Edit an address' };

const TITLE = 'Edit an address';

type Params = Promise<{ appUserId: string; addressId: string }>;

export default async function EditAddressPage({ params }: { params: Params }) {
  const me = await requireStaff('users.read');
  const segments = await params;
  const appUserId = appUserIdFromSegment(segments.appUserId);
  if (!can(me.role, 'addresses.manage')) return <AddressAccessDenied title={TITLE} appUserId={appUserId} />;

  const lookup = await findAddress(appUserId, segments.addressId);
  if (lookup.kind !== 'found') return <AddressNotShown title={TITLE} lookup={lookup} />;
  const { user, address } = lookup;
  const name = `${user.firstName} ${user.lastName}`;

  return (
    <div className="max-w-4xl">
      <PageHeader
        title={TITLE}
        description={`${addressLabel(address)}: a delivery address of ${name} (${user.appUserId}).`}
        breadcrumbs={addressCrumbs(TITLE, user.appUserId, name)}
      />
      <EditAddressForm
        isDefaultNow={address.isDefault}
        address={{
          appUserId: user.appUserId,
          addressId: address.addressId,
          country: address.country,
          province: address.province ?? '',
          city: address.city,
          street: address.street,
          detailedAddress: address.detailedAddress ?? '',
          postalCode: address.postalCode ?? '',
          firstName: address.firstName,
          lastName: address.lastName,
          mobile: splitMobile(address.mobile),
        }}
        requestId={newRequestId()}
      />
    </div>
  );
}
