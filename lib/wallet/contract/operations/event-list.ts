// event/list (docs/wallet-api.md "event/list").
import { defineOperation } from '@/lib/wallet/contract/define-operation';
import { eventListParams, eventPageSchema } from '@/lib/wallet/contract/schemas';

export const eventList = defineOperation({
  name: 'eventList',
  method: 'POST',
  path: '/wallet/api/event/list',
  summary: "Extension: the app's events of the last 30 days, newest first, with each delivery's state",
  section: 'extension',
  tag: 'Events and Webhooks',
  extension: true,
  mutating: false,
  params: eventListParams,
  data: eventPageSchema,
  codes: [],
  events: [],
  paramText: {
    type: 'Only events of this type',
    pageSize: 'Events per page',
  },
});
