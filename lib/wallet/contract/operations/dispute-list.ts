// dispute/list (docs/disputes.md "dispute/list").
import { z } from 'zod';
import { defineOperation } from '@/lib/wallet/contract/define-operation';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '@/lib/wallet/contract/paging';
import { DISPUTE_REASONS, DISPUTE_STATUSES } from '@/lib/wallet/contract/enums';
import {
  appUserIdParam,
  authParams,
  boundedInt,
  cursorParam,
  dateParam,
  disputePageSchema,
  oneOf,
  positiveIdParam,
} from '@/lib/wallet/contract/schemas';

const disputeListParams = z.object({
  ...authParams,
  status: oneOf(DISPUTE_STATUSES).optional(),
  reason: oneOf(DISPUTE_REASONS).optional(),
  appUserId: appUserIdParam.optional(),
  cardId: positiveIdParam.optional(),
  from: dateParam.optional(),
  to: dateParam.optional(),
  pageSize: boundedInt(1, MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  cursor: cursorParam.optional(),
});

export const disputeList = defineOperation({
  name: 'disputeList',
  method: 'POST',
  path: '/wallet/api/dispute/list',
  summary: "Extension: the app's disputes, newest first, a cursor page at a time",
  section: 'extension',
  tag: 'Disputes',
  extension: true,
  mutating: false,
  params: disputeListParams,
  data: disputePageSchema,
  codes: [],
  events: [],
  paramText: {
    status: 'Only disputes in this status',
    reason: 'Only disputes for this reason',
    appUserId: "Only this user's disputes (a user the app does not have: an empty list)",
    cardId: "Only this card's disputes",
    from: 'From this UTC day on (by createdAt)',
    to: 'Up to and including this UTC day (by createdAt)',
    pageSize: 'Disputes per page',
  },
});
