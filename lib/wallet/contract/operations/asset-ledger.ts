// asset/ledger (docs/wallet-api.md "Ledgers").
import { defineOperation } from '@/lib/wallet/contract/define-operation';
import { assetLedgerParams, ledgerPageSchema } from '@/lib/wallet/contract/schemas';

export const assetLedger = defineOperation({
  name: 'assetLedger',
  method: 'POST',
  path: '/wallet/api/asset/ledger',
  summary: "Extension: an asset's ledger, newest first, one page at a time",
  section: 'extension',
  tag: 'Asset Management',
  extension: true,
  mutating: false,
  params: assetLedgerParams,
  data: ledgerPageSchema,
  codes: [4011],
  events: [],
  paramText: {
    pageSize: 'Entries per page',
    type: 'Only entries of this type; dataTotal and the pages then count those entries alone',
  },
});
