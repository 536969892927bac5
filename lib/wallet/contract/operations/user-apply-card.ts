// user/applyCard (docs/wallet-api.md "4.4 A user applies for a card").
import { defineOperation } from '@/lib/wallet/contract/define-operation';
import { applyCardParams, cardApplicationSchema } from '@/lib/wallet/contract/schemas';

export const userApplyCard = defineOperation({
  name: 'userApplyCard',
  method: 'POST',
  path: '/wallet/api/user/applyCard',
  summary: "A user applies for a card, paid from the user's own assets",
  section: '4.4',
  tag: 'User Management',
  extension: false,
  mutating: true,
  params: applyCardParams,
  data: cardApplicationSchema,
  codes: [3001, 4001, 4002, 4003, 4004, 4005, 4006, 4007],
  events: ['card.issued'],
  paramText: { paymentAssetId: "One of the user's WALLET assets, the card fee is paid from (else 4005)" },
});
