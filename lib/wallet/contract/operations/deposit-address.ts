// deposit/address (docs/deposits-and-kyt.md "deposit/address").
import { z } from 'zod';
import { defineOperation } from '@/lib/wallet/contract/define-operation';
import {
  appUserIdParam,
  authParams,
  depositAddressSchema,
  depositChainParam,
} from '@/lib/wallet/contract/schemas';

const depositAddressParams = z.object({
  ...authParams,
  appUserId: appUserIdParam,
  chain: depositChainParam,
});

export const depositAddress = defineOperation({
  name: 'depositAddress',
  method: 'POST',
  path: '/wallet/api/deposit/address',
  summary: "Extension: the user's deposit address on a chain, one per user and chain, the same on every call",
  section: 'extension',
  tag: 'Deposit',
  extension: true,
  mutating: true,
  params: depositAddressParams,
  data: depositAddressSchema,
  codes: [3001],
  events: [],
  paramText: {
    appUserId: 'App user ID; the user must exist under the app (else 3001)',
    chain:
      'The chain: ETHEREUM (0x and 40 hex, answered in its EIP-55 checksummed form) or TRON (T and 33 base58 characters, base58check)',
  },
});
