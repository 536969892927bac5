// simulate/expireCard (docs/card-spending.md "Sandbox and live"): a sandbox card's expiry set to
// last month, so that CARD_EXPIRED can be tried.
import { z } from 'zod';
import { defineOperation } from '@/lib/wallet/contract/define-operation';
import { authParams, positiveIdParam, requestIdParam } from '@/lib/wallet/contract/schemas';

const simulateExpireCardParams = z.object({
  ...authParams,
  cardId: positiveIdParam,
  requestId: requestIdParam.optional(),
});

export const simulateExpireCard = defineOperation({
  name: 'simulateExpireCard',
  method: 'POST',
  path: '/wallet/api/simulate/expireCard',
  summary:
    "Extension (sandbox): set a card's expiry to last month, so that its purchases are declined CARD_EXPIRED",
  section: 'extension',
  tag: 'Card Spending',
  extension: true,
  mutating: true,
  sandbox: true,
  params: simulateExpireCardParams,
  data: z.object({ cardId: z.number().int(), expireMonth: z.string(), expireYear: z.string() }),
  codes: [4007, 4008],
  events: [],
  paramText: { cardId: 'Card ID under this app (else 4008)' },
});
