// card/activate (docs/wallet-api.md "card/activate, card/lock, card/unlock, card/cancel").
import { z } from 'zod';
import { defineOperation } from '@/lib/wallet/contract/define-operation';
import { cardRefParams, managedCardSchema, requestIdParam } from '@/lib/wallet/contract/schemas';

const cardActivateParams = z.object({ ...cardRefParams, requestId: requestIdParam.optional() });

export const cardActivate = defineOperation({
  name: 'cardActivate',
  method: 'POST',
  path: '/wallet/api/card/activate',
  summary: 'Extension: activate a delivered card (PENDING to ACTIVE)',
  section: 'extension',
  tag: 'Card Management',
  extension: true,
  mutating: true,
  params: cardActivateParams,
  data: managedCardSchema,
  codes: [4007, 4008, 4009],
  events: ['card.status_changed'],
});
