// authorization/list (docs/wallet-api.md "authorization/list").
import { z } from 'zod';
import { defineOperation } from '@/lib/wallet/contract/define-operation';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '@/lib/wallet/contract/paging';
import { AUTHORIZATION_STATUSES, DECLINE_REASONS } from '@/lib/wallet/contract/enums';
import {
  appUserIdParam,
  authParams,
  authorizationPageSchema,
  boundedInt,
  cursorParam,
  dateParam,
  oneOf,
} from '@/lib/wallet/contract/schemas';

const authorizationListParams = z.object({
  ...authParams,
  status: oneOf(AUTHORIZATION_STATUSES).optional(),
  declineReason: oneOf(DECLINE_REASONS).optional(),
  appUserId: appUserIdParam.optional(),
  from: dateParam.optional(),
  to: dateParam.optional(),
  pageSize: boundedInt(1, MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  cursor: cursorParam.optional(),
});

export const authorizationList = defineOperation({
  name: 'authorizationList',
  method: 'POST',
  path: '/wallet/api/authorization/list',
  summary: "Extension: the app's authorizations across cards, newest first, a cursor page at a time",
  section: 'extension',
  tag: 'Card Spending',
  extension: true,
  mutating: false,
  params: authorizationListParams,
  data: authorizationPageSchema,
  codes: [],
  events: [],
  paramText: {
    declineReason: 'Only authorizations declined for this reason',
    appUserId: "Only this user's authorizations (a user the app does not have: an empty list)",
    from: 'From this UTC day on (by createdAt)',
    to: 'Up to and including this UTC day (by createdAt)',
    pageSize: 'Authorizations per page',
  },
});
