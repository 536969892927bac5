// card/controls (docs/wallet-api.md "card/controls").
import { z } from 'zod';
import { defineOperation } from '@/lib/wallet/contract/define-operation';
import { cardControlsSchema, cardRefParams } from '@/lib/wallet/contract/schemas';

const cardControlsParams = z.object(cardRefParams);

export const cardControls = defineOperation({
  name: 'cardControls',
  method: 'POST',
  path: '/wallet/api/card/controls',
  summary: "Extension: a card's spending controls, with what is spent and remains of each limit",
  section: 'extension',
  tag: 'Card Spending',
  extension: true,
  mutating: false,
  params: cardControlsParams,
  data: cardControlsSchema,
  codes: [4008],
  events: [],
});
