// card/detail (docs/wallet-api.md "card/detail").
import { z } from 'zod';
import { defineOperation } from '@/lib/wallet/contract/define-operation';
import { cardDetailSchema, cardRefParams } from '@/lib/wallet/contract/schemas';

const cardDetailParams = z.object(cardRefParams);

export const cardDetail = defineOperation({
  name: 'cardDetail',
  method: 'POST',
  path: '/wallet/api/card/detail',
  summary: 'Extension: one card with its balance and its status history',
  section: 'extension',
  tag: 'Card Management',
  extension: true,
  mutating: false,
  params: cardDetailParams,
  data: cardDetailSchema,
  codes: [4008],
  events: [],
});
