// simulate/reverse (docs/wallet-api.md "simulate/reverse").
import { z } from 'zod';
import { defineOperation } from '@/lib/wallet/contract/define-operation';
import {
  amountParam,
  authParams,
  authorizationSchema,
  positiveIdParam,
  requestIdParam,
} from '@/lib/wallet/contract/schemas';

const simulateReverseParams = z.object({
  ...authParams,
  authorizationId: positiveIdParam,
  amount: amountParam.optional(),
  requestId: requestIdParam.optional(),
});

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
  params: simulateReverseParams,
  data: authorizationSchema,
  codes: [4007, 4014, 4015],
  events: ['authorization.reversed'],
  paramText: {
    amount: 'Amount to release, major units; default all still held; never more than is held (else 4015)',
  },
});
