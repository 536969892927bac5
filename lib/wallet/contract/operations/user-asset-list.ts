// user/assetList (docs/wallet-api.md "Extension: a user's assets").
import { z } from 'zod';
import { defineOperation } from '@/lib/wallet/contract/define-operation';
import { appUserIdParam, assetSchema, authParams } from '@/lib/wallet/contract/schemas';

const userAssetListParams = z.object({ ...authParams, appUserId: appUserIdParam });

export const userAssetList = defineOperation({
  name: 'userAssetList',
  method: 'POST',
  path: '/wallet/api/user/assetList',
  summary: "Extension: a user's assets, shaped as the agency's (2.6)",
  section: 'extension',
  tag: 'Asset Management',
  extension: true,
  mutating: false,
  params: userAssetListParams,
  data: z.array(assetSchema),
  codes: [3001],
  events: [],
});
