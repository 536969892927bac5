// Editing one of a user's delivery addresses (address/update,
// docs/wallet-api.md "Address changes"), for the roles that may: the add form's fields, prefilled
// with the stored address.
import type { Metadata } from 'next';
import { EditAddressForm } from '@/components/addresses/edit-address-form';
import { PageHeader } from '@/components/ui/page-header';
import { addressLabel } from '@/lib/backoffice/addresses/address-view';
import { splitMobile } from '@/lib/backoffice/users/forms';
import { newRequestId } from '@/lib/backoffice/shared/request-id';
import { addressCrumbs, addressToChange } from '../address-page-states';

export const metadata: Metadata = { title: 'Edit an address' };

const TITLE = 'Edit an address';

type Params = Promise<{ appUserId: string; addressId: string }>;

export default async function EditAddressPage({ params }: { params: Params }) {
  const lookup = await addressToChange(TITLE, params);
  if ('instead' in lookup) return lookup.instead;
  const { user, address, userName: name } = lookup.found;

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
