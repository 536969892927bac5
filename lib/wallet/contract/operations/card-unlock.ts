// card/unlock (docs/wallet-api.md "card/activate, card/lock, card/unlock, card/cancel").
import { z } from 'zod';
import { defineOperation } from '@/lib/wallet/contract/define-operation';
import { cardRefParams, managedCardSchema, requestIdParam } from '@/lib/wallet/contract/schemas';

const cardUnlockParams = z.object({ ...cardRefParams, requestId: requestIdParam.optional() });

export const cardUnlock = defineOperation({
  name: 'cardUnlock',
  method: 'POST',
  path: '/wallet/api/card/unlock',
  summary: 'Extension: unlock a card (LOCKED to ACTIVE)',
  section: 'extension',
  tag: 'Card Management',
  extension: true,
  mutating: true,
  params: cardUnlockParams,
  data: managedCardSchema,
  codes: [4007, 4008, 4009],
  events: ['card.status_changed'],
});
