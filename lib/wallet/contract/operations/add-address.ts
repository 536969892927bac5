// address/add (docs/wallet-api.md "4.7 Add address").
import { defineOperation } from '@/lib/wallet/contract/define-operation';
import { addAddressParams, addressCreatedSchema } from '@/lib/wallet/contract/schemas';

export const addAddress = defineOperation({
  name: 'addAddress',
  method: 'POST',
  path: '/wallet/api/address/add',
  summary: 'Store a delivery address for a user',
  section: '4.7',
  tag: 'Address Management',
  extension: false,
  mutating: true,
  params: addAddressParams,
  data: addressCreatedSchema,
  codes: [3001, 4007],
  events: ['address.added', 'address.updated'],
});
