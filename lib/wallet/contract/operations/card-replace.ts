// card/replace (docs/wallet-api.md "card/replace").
import { z } from 'zod';
import { defineOperation } from '@/lib/wallet/contract/define-operation';
import {
  booleanParam,
  cardApplicationSchema,
  cardRefParams,
  positiveIdParam,
  reasonParam,
  requestIdParam,
} from '@/lib/wallet/contract/schemas';

const cardReplaceParams = z.object({
  ...cardRefParams,
  reason: reasonParam,
  paymentAssetId: positiveIdParam.optional(),
  needDelivery: booleanParam.default(false),
  addressId: positiveIdParam.optional(),
  requestId: requestIdParam.optional(),
});

export const cardReplace = defineOperation({
  name: 'cardReplace',
  method: 'POST',
  path: '/wallet/api/card/replace',
  summary:
    'Extension: replace a card in one transaction: the old one cancelled with the reason, a new one of its category issued with its balance',
  section: 'extension',
  tag: 'Card Management',
  extension: true,
  mutating: true,
  params: cardReplaceParams,
  data: cardApplicationSchema,
  codes: [4001, 4002, 4003, 4005, 4007, 4008, 4009],
  events: ['card.issued', 'card.status_changed', 'asset.low_balance'],
  paramText: {
    cardId: "The card to replace: one of that user's cards under the app, not CANCELLED (else 4008, 4009)",
    reason: 'Why the card is replaced; the old card is cancelled with it',
    paymentAssetId:
      "The asset the new card's fee is paid from: an agency asset, or one of the user's wallet assets (else 4005); default: the asset that paid for the old card",
    needDelivery: 'Whether the new (physical) card is delivered, as in 4.3',
    addressId: 'The delivery address, as in 4.3 (required when needDelivery is true, else 4002)',
  },
});
