// card/cancel (docs/wallet-api.md "card/activate, card/lock, card/unlock, card/cancel").
import { z } from 'zod';
import { defineOperation } from '@/lib/wallet/contract/define-operation';
import { cardRefParams, managedCardSchema, reasonParam, requestIdParam } from '@/lib/wallet/contract/schemas';

const cardCancelParams = z.object({
  ...cardRefParams,
  reason: reasonParam,
  requestId: requestIdParam.optional(),
});

export const cardCancel = defineOperation({
  name: 'cardCancel',
  method: 'POST',
  path: '/wallet/api/card/cancel',
  summary: "Extension: cancel a card for good; its balance goes back to the user's wallet",
  section: 'extension',
  tag: 'Card Management',
  extension: true,
  mutating: true,
  params: cardCancelParams,
  data: managedCardSchema,
  codes: [4007, 4008, 4009],
  events: ['card.status_changed', 'authorization.reversed'],
});
