// asset/transfer (docs/wallet-api.md "Transfers").
import { z } from 'zod';
import { defineOperation } from '@/lib/wallet/contract/define-operation';
import {
  amountParam,
  authParams,
  positiveIdParam,
  requestIdParam,
  transferSchema,
} from '@/lib/wallet/contract/schemas';

const assetTransferParams = z.object({
  ...authParams,
  fromAssetId: positiveIdParam,
  toAssetId: positiveIdParam,
  amount: amountParam,
  requestId: requestIdParam.optional(),
});

export const assetTransfer = defineOperation({
  name: 'assetTransfer',
  method: 'POST',
  path: '/wallet/api/asset/transfer',
  summary: "Extension: move money: agency to a user's wallet, wallet or agency to an active card",
  section: 'extension',
  tag: 'Asset Management',
  extension: true,
  mutating: true,
  params: assetTransferParams,
  data: transferSchema,
  codes: [4001, 4007, 4010, 4011],
  events: ['transfer.completed', 'asset.low_balance'],
  paramText: {
    fromAssetId: 'Asset the money leaves (an agency asset, or a user wallet for a top-up)',
    toAssetId: "Asset the money reaches (a user's wallet, or an ACTIVE card's own asset)",
    amount: 'Amount in major units as a decimal string, > 0, with at most the asset decimalPlaces',
  },
});
