// card/cancel (docs/wallet-api.md "card/activate, card/lock, card/unlock, card/cancel").
import { defineOperation } from '@/lib/wallet/contract/define-operation';
import { cardCancelParams, managedCardSchema } from '@/lib/wallet/contract/schemas';

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
  events: ['card.status_changed'],
});
