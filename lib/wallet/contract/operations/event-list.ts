// event/list (docs/wallet-api.md "event/list").
import { z } from 'zod';
import { defineOperation } from '@/lib/wallet/contract/define-operation';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_NUM, MAX_PAGE_SIZE } from '@/lib/wallet/contract/paging';
import { EVENT_TYPES } from '@/lib/wallet/contract/enums';
import {
  authParams,
  boundedInt,
  eventCursorParam,
  eventPageSchema,
  oneOf,
  positiveIdParam,
} from '@/lib/wallet/contract/schemas';

const eventListParams = z.object({
  ...authParams,
  type: oneOf(EVENT_TYPES).optional(),
  pageNum: boundedInt(1, MAX_PAGE_NUM).default(1),
  pageSize: boundedInt(1, MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  cursor: eventCursorParam.optional(),
  cardId: positiveIdParam.optional(),
});

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
    pageNum:
      'Page number, from 1 (offset paging: pages shift when a newer event arrives; prefer cursor). Ignored when cursor is given',
    cursor:
      "The previous reply's nextCursor: the page of events older than that page's last (keyset paging, stable while new events arrive); absent: the newest page",
    cardId: "Only events about this card (their data's cardId): a card's detail views, its status changes",
  },
});
