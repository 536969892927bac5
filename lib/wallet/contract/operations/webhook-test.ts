// webhook/test (docs/wallet-api.md "webhook/test").
import { z } from 'zod';
import { defineOperation } from '@/lib/wallet/contract/define-operation';
import { authParams, positiveIdParam, testDeliverySchema } from '@/lib/wallet/contract/schemas';

const webhookTestParams = z.object({
  ...authParams,
  endpointId: positiveIdParam,
});

export const webhookTest = defineOperation({
  name: 'webhookTest',
  method: 'POST',
  path: '/wallet/api/webhook/test',
  summary: 'Extension: send a new ping event to one endpoint, tried at once',
  section: 'extension',
  tag: 'Events and Webhooks',
  extension: true,
  mutating: true,
  params: webhookTestParams,
  data: testDeliverySchema,
  codes: [4012],
  events: ['ping'],
});
