// simulate/authorize (docs/wallet-api.md "simulate/authorize", docs/card-spending.md "Decision order").
import { z } from 'zod';
import { defineOperation } from '@/lib/wallet/contract/define-operation';
import {
  amountParam,
  authParams,
  authorizationSchema,
  countryParam,
  currencyParam,
  cvvParam,
  expiryParam,
  mccParam,
  positiveIdParam,
  requestIdParam,
  text,
} from '@/lib/wallet/contract/schemas';

const simulateAuthorizeParams = z.object({
  ...authParams,
  cardId: positiveIdParam,
  amount: amountParam,
  merchantName: text(100),
  mcc: mccParam,
  merchantCountry: countryParam,
  currency: currencyParam.optional(),
  cvv: cvvParam.optional(),
  expiry: expiryParam.optional(),
  requestId: requestIdParam.optional(),
});

export const simulateAuthorize = defineOperation({
  name: 'simulateAuthorize',
  method: 'POST',
  path: '/wallet/api/simulate/authorize',
  summary:
    'Extension (sandbox): the card network asks to authorize a purchase; approved (held) or declined with a reason, both recorded',
  section: 'extension',
  tag: 'Card Spending',
  extension: true,
  mutating: true,
  sandbox: true,
  params: simulateAuthorizeParams,
  data: authorizationSchema,
  codes: [4007, 4008],
  events: ['authorization.approved', 'authorization.declined', 'card.status_changed'],
  paramExamples: { cvv: '123', expiry: '1229' },
  paramText: {
    cardId: 'Card ID under this app (else 4008)',
    amount: "Purchase amount in major units as a decimal string, > 0, with at most the card's decimalPlaces",
    merchantName: "The merchant's name as the network gives it",
    mcc: 'Merchant category code',
    merchantCountry: "The merchant's country, ISO 3166-1 alpha-2",
    currency:
      "The purchase's currency; default the card's. Another currency is declined (CURRENCY_NOT_SUPPORTED), not refused",
    cvv: "The CVV a card-not-present purchase carries; given and not the card's, declined CVV_MISMATCH (three within 24 hours lock the card, reason CVV_ATTEMPTS)",
    expiry:
      "The card's expiry as the purchase carries it, MMYY; given and not the card's, declined EXPIRY_MISMATCH",
  },
});
