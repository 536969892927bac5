// simulate/reverse (docs/wallet-api.md "simulate/reverse").
import { defineOperation } from '@/lib/wallet/contract/define-operation';
import { authorizationSchema, simulateAuthorizationParams } from '@/lib/wallet/contract/schemas';

export const simulateReverse = defineOperation({
  name: 'simulateReverse',
  method: 'POST',
  path: '/wallet/api/simulate/reverse',
  summary: 'Extension (sandbox): the merchant releases all or part of a hold',
  section: 'extension',
  tag: 'Card Spending',
  extension: true,
  mutating: true,
  sandbox: true,
  params: simulateAuthorizationParams,
  data: authorizationSchema,
  codes: [4007, 4014, 4015],
  events: ['authorization.reversed'],
  paramText: {
    amount: 'Amount to release, major units; default all still held; never more than is held (else 4015)',
  },
});
