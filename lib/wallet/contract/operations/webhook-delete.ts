// webhook/delete (docs/wallet-api.md "webhook/delete").
import { defineOperation } from '@/lib/wallet/contract/define-operation';
import { webhookDeleteParams, webhookDeletedSchema } from '@/lib/wallet/contract/schemas';

export const webhookDelete = defineOperation({
  name: 'webhookDelete',
  method: 'POST',
  path: '/wallet/api/webhook/delete',
  summary: 'Extension: delete a webhook endpoint; its deliveries not yet made are dropped',
  section: 'extension',
  tag: 'Events and Webhooks',
  extension: true,
  mutating: true,
  params: webhookDeleteParams,
  data: webhookDeletedSchema,
  codes: [4012],
  events: [],
});
