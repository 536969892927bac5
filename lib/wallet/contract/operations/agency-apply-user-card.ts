// agency/applyUserCard (docs/wallet-api.md "4.3 The agency applies for a card for a user").
import { defineOperation } from '@/lib/wallet/contract/define-operation';
import { applyCardParams, cardApplicationSchema } from '@/lib/wallet/contract/schemas';

export const agencyApplyUserCard = defineOperation({
  name: 'agencyApplyUserCard',
  method: 'POST',
  path: '/wallet/api/agency/applyUserCard',
  summary: "The agency applies for a card for a user, paid from the agency's assets",
  section: '4.3',
  tag: 'Agency Management',
  extension: false,
  mutating: true,
  params: applyCardParams,
  data: cardApplicationSchema,
  codes: [3001, 4001, 4002, 4003, 4004, 4005, 4006, 4007],
  events: ['card.issued', 'asset.low_balance'],
  paramText: {
    paymentAssetId: 'The agency asset (type CARD_MARGIN) the card fee is paid from (else 4005)',
  },
});
