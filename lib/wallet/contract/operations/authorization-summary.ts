// authorization/summary (docs/wallet-api.md "authorization/summary", docs/card-spending.md "Summary").
import { z } from 'zod';
import { defineOperation } from '@/lib/wallet/contract/define-operation';
import { AUTHORIZATION_STATUSES, DECLINE_REASONS } from '@/lib/wallet/contract/enums';
import {
  appUserIdParam,
  authParams,
  authorizationSummarySchema,
  dateParam,
  oneOf,
} from '@/lib/wallet/contract/schemas';

const authorizationSummaryParams = z.object({
  ...authParams,
  status: oneOf(AUTHORIZATION_STATUSES).optional(),
  declineReason: oneOf(DECLINE_REASONS).optional(),
  appUserId: appUserIdParam.optional(),
  from: dateParam.optional(),
  to: dateParam.optional(),
});

export const authorizationSummary = defineOperation({
  name: 'authorizationSummary',
  method: 'POST',
  path: '/wallet/api/authorization/summary',
  summary:
    "Extension: the app's authorizations added up (counts, approval rate, amounts per currency, per day, decline reasons) under authorization/list's filters",
  section: 'extension',
  tag: 'Card Spending',
  extension: true,
  mutating: false,
  params: authorizationSummaryParams,
  data: authorizationSummarySchema,
  codes: [],
  events: [],
  paramText: {
    status: 'Only authorizations in this status',
    declineReason: 'Only authorizations declined for this reason',
    appUserId: "Only this user's authorizations (a user the app does not have: all counts 0)",
    from: 'From this UTC day on (by createdAt)',
    to: 'Up to and including this UTC day (by createdAt)',
  },
});
