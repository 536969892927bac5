// me/card/detailsLink (docs/wallet-api.md "The walletToken"): card/detailsLink called by the
// cardholder's own device.
import { z } from 'zod';
import { defineOperation } from '@/lib/wallet/contract/define-operation';
import { cardDetailsLinkSchema, positiveIdParam, requestIdParam } from '@/lib/wallet/contract/schemas';

export const meCardDetailsLink = defineOperation({
  name: 'meCardDetailsLink',
  method: 'POST',
  path: '/wallet/api/me/card/detailsLink',
  summary:
    "Extension (cardholder): a one-time address (60 s) of the page that shows one of the walletToken's user's cards",
  section: 'extension',
  tag: 'Cardholder',
  extension: true,
  mutating: true,
  auth: 'walletToken',
  params: z.object({ cardId: positiveIdParam, requestId: requestIdParam.optional() }),
  data: cardDetailsLinkSchema,
  codes: [2005, 4007, 4008, 4009],
  events: [],
  paramText: { cardId: "One of the walletToken's user's cards (else 4008)" },
});
