'use client';
// Adding a delivery address for a user (spec 4.7): the country picked from the ISO list by
// searching, the recipient prefilled from the user, and whether it becomes the default address
// (a user's first address always does). The shared address form (address-form.tsx) with the
// add action.
import { MapPinPlus } from 'lucide-react';
import { AddressForm } from '@/components/addresses/address-form';
import { addAddress } from '@/lib/backoffice/addresses/actions';
import { countryName } from '@/lib/backoffice/shared/format';
import type { MobileValue } from '@/lib/backoffice/users/form-rules';

export interface AddAddressFormProps {
  appUserId: string;
  /** The user's name, for the recipient fields and the confirmation. */
  firstName: string;
  lastName: string;
  mobile: MobileValue;
  /** The user has no address yet: this one becomes the default whatever is chosen. */
  isFirst: boolean;
  /** Made by the page as the form opens: a double click or a retry adds one address. */
  requestId: string;
}

export function AddAddressForm({
  appUserId,
  firstName,
  lastName,
  mobile,
  isFirst,
  requestId,
}: AddAddressFormProps) {
  return (
    <AddressForm
      action={addAddress}
      label="Add an address"
      failureTitle="The address was not added"
      hidden={{ appUserId, requestId }}
      values={{ firstName, lastName, 'mobile.regionCode': mobile.regionCode, 'mobile.number': mobile.number }}
      recipientDescription="Filled in from the user; change it if someone else receives the cards."
      isDefault={{
        checked: isFirst,
        locked: isFirst,
        description: isFirst
          ? 'This is the user’s first address, so it becomes their default address whatever is chosen here.'
          : 'Cards are delivered to the default address unless another is chosen. Turn this on to make this address the default instead of the current one.',
      }}
      submit={{ label: 'Add address', icon: <MapPinPlus aria-hidden="true" /> }}
      saved={(added) => ({
        title: 'Address added',
        description: `${added.street}, ${added.city}, ${countryName(added.country)}${added.isDefault ? ' is now the default address' : ''}.`,
      })}
      userPath={`/users/${encodeURIComponent(appUserId)}`}
    />
  );
}
