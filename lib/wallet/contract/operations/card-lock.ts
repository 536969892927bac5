// card/lock (docs/wallet-api.md "card/activate, card/lock, card/unlock, card/cancel").
import { defineOperation } from '@/lib/wallet/contract/define-operation';
import { cardLockParams, managedCardSchema } from '@/lib/wallet/contract/schemas';

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
