// card/lock (docs/wallet-api.md "card/activate, card/lock, card/unlock, card/cancel").
import { z } from 'zod';
import { defineOperation } from '@/lib/wallet/contract/define-operation';
import { cardRefParams, managedCardSchema, reasonParam, requestIdParam } from '@/lib/wallet/contract/schemas';

const cardLockParams = z.object({
  ...cardRefParams,
  reason: reasonParam,
  requestId: requestIdParam.optional(),
});

export const cardLock = defineOperation({
  name: 'cardLock',
  method: 'POST',
  path: '/wallet/api/card/lock',
  summary: 'Extension: lock a card, with a reason (ACTIVE to LOCKED)',
  section: 'extension',
  tag: 'Card Management',
  extension: true,
  mutating: true,
  params: cardLockParams,
  data: managedCardSchema,
  codes: [4007, 4008, 4009],
  events: ['card.status_changed'],
});
