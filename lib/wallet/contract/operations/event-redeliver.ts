// event/redeliver (docs/wallet-api.md "event/redeliver").
import { z } from 'zod';
import { defineOperation } from '@/lib/wallet/contract/define-operation';
import { authParams, deliverySchema, eventIdParam, positiveIdParam } from '@/lib/wallet/contract/schemas';

const eventRedeliverParams = z.object({
  ...authParams,
  eventId: eventIdParam,
  endpointId: positiveIdParam,
});

export const eventRedeliver = defineOperation({
  name: 'eventRedeliver',
  method: 'POST',
  path: '/wallet/api/event/redeliver',
  summary: 'Extension: deliver an event to an endpoint again, at once',
  section: 'extension',
  tag: 'Events and Webhooks',
  extension: true,
  mutating: true,
  params: eventRedeliverParams,
  data: deliverySchema,
  codes: [4012, 4013],
  events: [],
  paramText: {
    eventId: 'Event ID, evt_... (else 4013)',
  },
});
