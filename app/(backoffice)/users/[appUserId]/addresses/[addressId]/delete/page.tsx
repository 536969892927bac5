// Confirming the deletion of one of a user's delivery addresses (address/delete,
// docs/wallet-api.md "Address changes"): where the Delete link leads when the dialog cannot open
// (no JavaScript, or opened in a new tab). It names the address and, for the default one, which
// address becomes the default.
import type { Metadata } from 'next';
import { DeleteAddressConfirmForm } from '@/components/addresses/address-actions';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { addressLabel, deleteDefaultNote, deleteQuestion } from '@/lib/backoffice/addresses/address-view';
import { newRequestId } from '@/lib/backoffice/shared/request-id';
import { addressCrumbs, addressToChange } from '../address-page-states';

export const metadata: Metadata = { title: 'Delete an address' };

const TITLE = 'Delete an address';

type Params = Promise<{ appUserId: string; addressId: string }>;

export default async function DeleteAddressPage({ params }: { params: Params }) {
  const lookup = await addressToChange(TITLE, params);
  if ('instead' in lookup) return lookup.instead;
  const { user, address, addresses, userName: name } = lookup.found;
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
