// app/cardViewOrigins/set (docs/wallet-api.md "The card-details link"): the origins that may embed
// the card-details page (its CSP frame-ancestors); given empty, none ('none': a page of its own).
import { z } from 'zod';
import { defineOperation } from '@/lib/wallet/contract/define-operation';
import {
  authParams,
  cardViewOriginsParam,
  cardViewOriginsSchema,
  requestIdParam,
} from '@/lib/wallet/contract/schemas';

const appCardViewOriginsSetParams = z.object({
  ...authParams,
  origins: cardViewOriginsParam.optional(),
  requestId: requestIdParam.optional(),
});

export const appCardViewOriginsSet = defineOperation({
  name: 'appCardViewOriginsSet',
  method: 'POST',
  path: '/wallet/api/app/cardViewOrigins/set',
  summary: "Extension: set the origins that may embed this app's card-details pages; given empty, none",
  section: 'extension',
  tag: 'Cardholder',
  extension: true,
  mutating: true,
  clearable: ['origins'],
  params: appCardViewOriginsSetParams,
  data: cardViewOriginsSchema,
  codes: [4007],
  events: [],
  paramText: {
    origins:
      "The https:// origins of the agency's app pages that embed the card-details page, separated by commas, at most 10; given empty, none (the page then opens only as a page of its own)",
  },
});
