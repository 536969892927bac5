// me/cards (docs/wallet-api.md "The walletToken"): the cardholder's own cards, called from the
// user's device with `Authorization: Bearer <walletToken>` and no signature.
import { z } from 'zod';
import { defineOperation } from '@/lib/wallet/contract/define-operation';
import { cardholderCardSchema } from '@/lib/wallet/contract/schemas';

export const meCards = defineOperation({
  name: 'meCards',
  method: 'GET',
  path: '/wallet/api/me/cards',
  summary: "Extension (cardholder): the walletToken's user's cards, without whole numbers",
  section: 'extension',
  tag: 'Cardholder',
  extension: true,
  mutating: false,
  auth: 'walletToken',
  params: z.object({}),
  data: z.array(cardholderCardSchema),
  codes: [2005],
  events: [],
});
