// asset/daily (docs/wallet-api.md "Daily totals").
import { defineOperation } from '@/lib/wallet/contract/define-operation';
import { assetDailyParams, assetDailySchema } from '@/lib/wallet/contract/schemas';

export const assetDaily = defineOperation({
  name: 'assetDaily',
  method: 'POST',
  path: '/wallet/api/asset/daily',
  summary: "Extension: an asset's spending, receipts and closing balance per UTC day, today last",
  section: 'extension',
  tag: 'Asset Management',
  extension: true,
  mutating: false,
  params: assetDailyParams,
  data: assetDailySchema,
  codes: [4011],
  events: [],
  paramText: {
    days: 'How many UTC days to answer, today the last: the window the totals cover',
  },
});
