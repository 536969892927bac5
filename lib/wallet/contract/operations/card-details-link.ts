// card/detailsLink (docs/wallet-api.md "The card-details link"): a one-time address of the page
// that shows a card's number, expiry and CVV to its holder, valid 60 seconds.
import { z } from 'zod';
import { defineOperation } from '@/lib/wallet/contract/define-operation';
import { cardDetailsLinkSchema, cardRefParams, requestIdParam } from '@/lib/wallet/contract/schemas';

const cardDetailsLinkParams = z.object({ ...cardRefParams, requestId: requestIdParam.optional() });

export const cardDetailsLink = defineOperation({
  name: 'cardDetailsLink',
  method: 'POST',
  path: '/wallet/api/card/detailsLink',
  summary:
    "Extension: a one-time address (60 s) of the page that shows an ACTIVE or LOCKED card's number, expiry and CVV to its holder",
  section: 'extension',
  tag: 'Cardholder',
  extension: true,
  mutating: true,
  params: cardDetailsLinkParams,
  data: cardDetailsLinkSchema,
  codes: [4007, 4008, 4009],
  events: [],
});
