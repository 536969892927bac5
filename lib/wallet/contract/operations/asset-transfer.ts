// asset/transfer (docs/wallet-api.md "Transfers").
import { defineOperation } from '@/lib/wallet/contract/define-operation';
import { assetTransferParams, transferSchema } from '@/lib/wallet/contract/schemas';

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
});
