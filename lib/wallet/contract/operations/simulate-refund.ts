// simulate/refund (docs/wallet-api.md "simulate/refund").
import { z } from 'zod';
import { defineOperation } from '@/lib/wallet/contract/define-operation';
import {
  amountParam,
  authParams,
  positiveIdParam,
  refundSchema,
  requestIdParam,
} from '@/lib/wallet/contract/schemas';

const simulateRefundParams = z.object({
  ...authParams,
  transactionId: positiveIdParam,
  amount: amountParam.optional(),
  requestId: requestIdParam.optional(),
});

export const simulateRefund = defineOperation({
  name: 'simulateRefund',
  method: 'POST',
  path: '/wallet/api/simulate/refund',
  summary: 'Extension (sandbox): the merchant refunds all or part of a cleared purchase to the card',
  section: 'extension',
  tag: 'Card Spending',
  extension: true,
  mutating: true,
  sandbox: true,
  params: simulateRefundParams,
  data: refundSchema,
  codes: [4007, 4014, 4015],
  events: ['transaction.refunded'],
  paramText: {
    transactionId: 'A cleared transaction under this app (else 4014): the transactionId of its authorization',
    amount: 'Amount to refund, major units; default what is left to refund; never more than that (else 4015)',
  },
});
