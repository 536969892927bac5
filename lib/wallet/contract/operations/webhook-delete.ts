// webhook/delete (docs/wallet-api.md "webhook/delete").
import { z } from 'zod';
import { defineOperation } from '@/lib/wallet/contract/define-operation';
import {
  authParams,
  positiveIdParam,
  requestIdParam,
  webhookDeletedSchema,
} from '@/lib/wallet/contract/schemas';

const webhookDeleteParams = z.object({
  ...authParams,
  endpointId: positiveIdParam,
  requestId: requestIdParam.optional(),
});

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
  codes: [4007, 4012],
  events: [],
});
