// simulate/reverse (docs/wallet-api.md "simulate/reverse").
import { defineOperation } from '@/lib/wallet/contract/define-operation';
import { simulateAuthorizationOperation } from './simulate-clear';

export const simulateReverse = defineOperation({
  name: 'simulateReverse',
  method: 'POST',
  path: '/wallet/api/simulate/reverse',
  summary: 'Extension (sandbox): the merchant releases all or part of a hold',
  ...simulateAuthorizationOperation,
  events: ['authorization.reversed'],
  paramText: {
    amount: 'Amount to release, major units; default all still held; never more than is held (else 4015)',
  },
});
