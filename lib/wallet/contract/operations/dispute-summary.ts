// dispute/summary (docs/disputes.md "dispute/summary").
import { z } from 'zod';
import { defineOperation } from '@/lib/wallet/contract/define-operation';
import { authParams, boundedInt, disputeSummarySchema } from '@/lib/wallet/contract/schemas';

/** The default window of dueSoon, in days: the back-office's badge (docs/back-office.md "Disputes"). */
export const DISPUTE_DUE_WITHIN_DAYS = 7;

/** How many OPEN disputes, the soonest dueBy first, the answer's `soonest` holds at most. */
export const DISPUTE_SOONEST_SHOWN = 10;

const disputeSummaryParams = z.object({
  ...authParams,
  dueWithinDays: boundedInt(1, 30).default(DISPUTE_DUE_WITHIN_DAYS),
});

export const disputeSummary = defineOperation({
  name: 'disputeSummary',
  method: 'POST',
  path: '/wallet/api/dispute/summary',
  summary:
    "Extension: the app's OPEN and SUBMITTED disputes counted, those due within dueWithinDays, and the 10 OPEN ones due soonest",
  section: 'extension',
  tag: 'Disputes',
  extension: true,
  mutating: false,
  params: disputeSummaryParams,
  data: disputeSummarySchema,
  codes: [],
  events: [],
  paramText: {
    dueWithinDays: 'dueSoon counts the OPEN disputes whose dueBy is before now plus this many days',
  },
});
