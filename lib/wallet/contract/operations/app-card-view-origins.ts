// app/cardViewOrigins (docs/wallet-api.md "The card-details link"): the origins that may embed
// the card-details page.
import { z } from 'zod';
import { defineOperation } from '@/lib/wallet/contract/define-operation';
import { authParams, cardViewOriginsSchema } from '@/lib/wallet/contract/schemas';

export const appCardViewOrigins = defineOperation({
  name: 'appCardViewOrigins',
  method: 'POST',
  path: '/wallet/api/app/cardViewOrigins',
  summary: "Extension: the origins that may embed this app's card-details pages in a frame",
  section: 'extension',
  tag: 'Cardholder',
  extension: true,
  mutating: false,
  params: z.object(authParams),
  data: cardViewOriginsSchema,
  codes: [],
  events: [],
});
