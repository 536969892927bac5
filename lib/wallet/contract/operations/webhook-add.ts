// webhook/add (docs/wallet-api.md "webhook/add").
import { z } from 'zod';
import { defineOperation } from '@/lib/wallet/contract/define-operation';
import {
  authParams,
  eventTypesParam,
  text,
  webhookCreatedSchema,
  webhookUrlParam,
} from '@/lib/wallet/contract/schemas';

const webhookAddParams = z.object({
  ...authParams,
  url: webhookUrlParam,
  events: eventTypesParam,
  description: text(200).optional(),
});

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
  paramText: {
    url: 'Where events are POSTed: https:// (http:// only when the service allows private addresses), not resolving to a loopback, private, link-local or metadata address (else 1002)',
    events: 'The event types to deliver, separated by commas, or * for every type',
    description: 'A note for people: what the endpoint is for',
  },
});
