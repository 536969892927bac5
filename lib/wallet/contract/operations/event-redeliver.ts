// event/redeliver (docs/wallet-api.md "event/redeliver").
import { defineOperation } from '@/lib/wallet/contract/define-operation';
import { deliverySchema, eventRedeliverParams } from '@/lib/wallet/contract/schemas';

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
});
