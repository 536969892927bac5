// address/update (docs/wallet-api.md "Address changes").
import { defineOperation } from '@/lib/wallet/contract/define-operation';
import { addressSchema, addressUpdateParams } from '@/lib/wallet/contract/schemas';

export const addressUpdate = defineOperation({
  name: 'addressUpdate',
  method: 'POST',
  path: '/wallet/api/address/update',
  summary: "Extension: change a stored address, or make it the user's default",
  section: 'extension',
  tag: 'Address Management',
  extension: true,
  mutating: true,
  params: addressUpdateParams,
  data: addressSchema,
  codes: [3001, 4003, 4007],
  events: ['address.updated'],
  paramText: {
    addressId: "The address to change, one of the user's (else 4003)",
    isDefault: 'true makes this the default address (the former default stops being one)',
  },
});
