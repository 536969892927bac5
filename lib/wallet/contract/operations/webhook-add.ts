// webhook/add (docs/wallet-api.md "webhook/add").
import { defineOperation } from '@/lib/wallet/contract/define-operation';
import { webhookAddParams, webhookCreatedSchema } from '@/lib/wallet/contract/schemas';

export const webhookAdd = defineOperation({
  name: 'webhookAdd',
  method: 'POST',
  path: '/wallet/api/webhook/add',
  summary: 'Extension: add a webhook endpoint; its signing secret is in this answer only',
  section: 'extension',
  tag: 'Events and Webhooks',
  extension: true,
  // No requestId: a replay would have to keep the secret's plain text to answer with it.
  mutating: true,
  params: webhookAddParams,
  data: webhookCreatedSchema,
  codes: [],
  events: [],
});
