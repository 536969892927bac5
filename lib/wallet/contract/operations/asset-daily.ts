// asset/daily (docs/wallet-api.md "Daily totals").
import { z } from 'zod';
import { defineOperation } from '@/lib/wallet/contract/define-operation';
import { assetDailySchema, authParams, boundedInt, positiveIdParam } from '@/lib/wallet/contract/schemas';

/** asset/daily (the dashboard's runway): how many UTC days, today last. */
export const ASSET_DAILY_MAX_DAYS = 90;
const assetDailyParams = z.object({
  ...authParams,
  assetId: positiveIdParam,
  days: boundedInt(1, ASSET_DAILY_MAX_DAYS).default(30),
});

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
