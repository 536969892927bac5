// address/delete (docs/wallet-api.md "Address changes").
import { defineOperation } from '@/lib/wallet/contract/define-operation';
import { addressDeleteParams, addressDeletedSchema } from '@/lib/wallet/contract/schemas';

export const addressDelete = defineOperation({
  name: 'addressDelete',
  method: 'POST',
  path: '/wallet/api/address/delete',
  summary: 'Extension: delete a stored address',
  section: 'extension',
  tag: 'Address Management',
  extension: true,
  mutating: true,
  params: addressDeleteParams,
  data: addressDeletedSchema,
  codes: [3001, 4003, 4007],
  events: ['address.deleted', 'address.updated'],
  paramText: {
    addressId:
      "The address to delete, one of the user's (else 4003); deleting the default makes the newest remaining one the default",
  },
});
