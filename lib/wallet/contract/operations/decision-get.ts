// decision/get (docs/wallet-api.md "decision/get", docs/card-spending.md "The agency's decision").
import { z } from 'zod';
import { defineOperation } from '@/lib/wallet/contract/define-operation';
import { authParams, decisionSettingsSchema } from '@/lib/wallet/contract/schemas';

const decisionGetParams = z.object({ ...authParams });

export const decisionGet = defineOperation({
  name: 'decisionGet',
  method: 'POST',
  path: '/wallet/api/decision/get',
  summary: "Extension: the agency's decision settings and when its secret was drawn, never the secret",
  section: 'extension',
  tag: 'Card Spending',
  extension: true,
  mutating: false,
  params: decisionGetParams,
  data: decisionSettingsSchema,
  codes: [],
  events: [],
});
