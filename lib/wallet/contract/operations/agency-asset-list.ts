// agency/assetList (docs/wallet-api.md "4.5 Agency account asset list").
import { z } from 'zod';
import { defineOperation } from '@/lib/wallet/contract/define-operation';
import { assetSchema, authParams } from '@/lib/wallet/contract/schemas';

const agencyAssetListParams = z.object({ ...authParams });

export const agencyAssetList = defineOperation({
  name: 'agencyAssetList',
  method: 'POST',
  path: '/wallet/api/agency/assetList',
  summary: "The agency account's assets and balances",
  section: '4.5',
  tag: 'Agency Management',
  extension: false,
  mutating: false,
  params: agencyAssetListParams,
  data: z.array(assetSchema),
  codes: [],
  events: [],
});
