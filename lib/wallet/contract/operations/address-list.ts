// address/list (docs/wallet-api.md "Extension: a user's addresses").
import { z } from 'zod';
import { defineOperation } from '@/lib/wallet/contract/define-operation';
import { addressSchema, appUserIdParam, authParams } from '@/lib/wallet/contract/schemas';

const addressListParams = z.object({ ...authParams, appUserId: appUserIdParam });

export const addressList = defineOperation({
  name: 'addressList',
  method: 'POST',
  path: '/wallet/api/address/list',
  summary: "Extension: a user's stored addresses, default first",
  section: 'extension',
  tag: 'Address Management',
  extension: true,
  mutating: false,
  params: addressListParams,
  data: z.array(addressSchema),
  codes: [3001],
  events: [],
});
