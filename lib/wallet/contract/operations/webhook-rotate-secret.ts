// webhook/rotateSecret (docs/wallet-api.md "webhook/rotateSecret").
import { z } from 'zod';
import { defineOperation } from '@/lib/wallet/contract/define-operation';
import { authParams, positiveIdParam, webhookSecretSchema } from '@/lib/wallet/contract/schemas';

const webhookRotateSecretParams = z.object({ ...authParams, endpointId: positiveIdParam });

export const webhookRotateSecret = defineOperation({
  name: 'webhookRotateSecret',
  method: 'POST',
  path: '/wallet/api/webhook/rotateSecret',
  summary:
    'Extension: a new signing secret for a webhook endpoint, in this answer only; the old one signs Wallet-Signature-Previous for 24 hours',
  section: 'extension',
  tag: 'Events and Webhooks',
  extension: true,
  // No requestId: a replay would have to keep the secret's plain text to answer with it.
  mutating: true,
  params: webhookRotateSecretParams,
  data: webhookSecretSchema,
  codes: [4012],
  events: [],
});
