'use client';
// Editing one of a user's delivery addresses (address/update,
// docs/wallet-api.md "Address changes"): the add form's fields, prefilled with the stored address,
// and a switch that makes it the default (an address that is the default stays so until another is
// made the default: the wallet never leaves a user without one). The shared address form
// (address-form.tsx) with the update action.
import { Save } from 'lucide-react';
import { AddressForm } from '@/components/addresses/address-form';
import { updateAddress } from '@/lib/backoffice/addresses/actions';
import { addressLabel } from '@/lib/backoffice/addresses/address-view';
import type { MobileValue } from '@/lib/backoffice/users/form-rules';

export interface EditAddressFormProps {
  /** The stored address. */
  address: {
    appUserId: string;
    addressId: number;
    country: string;
    province: string;
    city: string;
    street: string;
    detailedAddress: string;
    postalCode: string;
    firstName: string;
    lastName: string;
    mobile: MobileValue;
  };
  /** It is the default now: the switch shows so and cannot turn it off. */
  isDefaultNow: boolean;
  /** Made by the page as the form opens: a double click or a retry saves once. */
  requestId: string;
}

export function EditAddressForm({ address, isDefaultNow, requestId }: EditAddressFormProps) {
  const { appUserId, addressId, mobile, ...fields } = address;
  return (
    <AddressForm
      action={updateAddress}
      label="Edit the address"
      failureTitle="The address was not saved"
      hidden={{ appUserId, addressId: String(addressId), requestId }}
      values={{ ...fields, 'mobile.regionCode': mobile.regionCode, 'mobile.number': mobile.number }}
      recipientDescription="Who receives the cards sent to this address."
      isDefault={{
        checked: isDefaultNow,
        locked: isDefaultNow,
        description: isDefaultNow
          ? 'This is the default address. To change the default, make another address the default.'
          : 'Turn this on to make this address the default instead of the current one.',
      }}
      submit={{ label: 'Save address', icon: <Save aria-hidden="true" /> }}
      saved={(updated) => ({
        title: 'Address saved',
        description: `${addressLabel(updated)}${updated.isDefault && !isDefaultNow ? ' is now the default address' : ''}.`,
      })}
      userPath={`/users/${encodeURIComponent(appUserId)}`}
    />
  );
}
