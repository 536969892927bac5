// simulate/clear (docs/wallet-api.md "simulate/clear").
import { defineOperation } from '@/lib/wallet/contract/define-operation';
import { authorizationSchema, simulateAuthorizationParams } from '@/lib/wallet/contract/schemas';

/** What simulate/clear and simulate/reverse share: sandbox card-spending steps on one authorization. */
export const simulateAuthorizationOperation = {
  section: 'extension',
  tag: 'Card Spending',
  extension: true,
  mutating: true,
  sandbox: true,
  params: simulateAuthorizationParams,
  data: authorizationSchema,
  codes: [4007, 4014, 4015],
} as const;

export const simulateClear = defineOperation({
  name: 'simulateClear',
  method: 'POST',
  path: '/wallet/api/simulate/clear',
  summary: 'Extension (sandbox): the merchant clears an authorization; the money leaves the card',
  ...simulateAuthorizationOperation,
  events: ['transaction.cleared'],
  paramText: {
    amount:
      'Amount to post, major units; default the authorized amount; at most 120 % of it and at most what the card can pay (else 4015)',
  },
});
