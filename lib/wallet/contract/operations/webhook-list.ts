// webhook/list (docs/wallet-api.md "webhook/list").
import { z } from 'zod';
import { defineOperation } from '@/lib/wallet/contract/define-operation';
import { authParams, webhookEndpointSchema } from '@/lib/wallet/contract/schemas';

const webhookListParams = z.object({ ...authParams });

export const webhookList = defineOperation({
  name: 'webhookList',
  method: 'POST',
  path: '/wallet/api/webhook/list',
  summary: "Extension: the app's webhook endpoints, without their secrets",
  section: 'extension',
  tag: 'Events and Webhooks',
  extension: true,
  mutating: false,
  params: webhookListParams,
  data: z.array(webhookEndpointSchema),
  codes: [],
  events: [],
});
