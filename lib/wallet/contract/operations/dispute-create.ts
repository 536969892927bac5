// dispute/create (docs/disputes.md "dispute/create").
import { z } from 'zod';
import { defineOperation } from '@/lib/wallet/contract/define-operation';
import { DISPUTE_REASONS } from '@/lib/wallet/contract/enums';
import {
  amountParam,
  authParams,
  disputeSchema,
  oneOf,
  positiveIdParam,
  requestIdParam,
  text,
} from '@/lib/wallet/contract/schemas';

const disputeCreateParams = z.object({
  ...authParams,
  transactionId: positiveIdParam,
  reason: oneOf(DISPUTE_REASONS),
  amount: amountParam.optional(),
  explanation: text(2000).optional(),
  requestId: requestIdParam.optional(),
});

export const disputeCreate = defineOperation({
  name: 'disputeCreate',
  method: 'POST',
  path: '/wallet/api/dispute/create',
  summary: 'Extension: dispute a cleared purchase with the merchant’s bank (a chargeback)',
  section: 'extension',
  tag: 'Disputes',
  extension: true,
  mutating: true,
  params: disputeCreateParams,
  data: disputeSchema,
  codes: [4007, 4014, 4018],
  events: ['dispute.created', 'card.status_changed'],
  paramText: {
    transactionId:
      'A cleared purchase of this app (else 4014), cleared at most 120 days ago (else 4018): the transactionId of its authorization',
    reason:
      'Why the cardholder disputes it; FRAUDULENT also locks the card (reason FRAUD_SUSPECTED) unless it is LOCKED or CANCELLED',
    amount:
      'Amount disputed, major units; default what is left: the cleared amount less what was refunded and what other disputes (not LOST, WITHDRAWN or EXPIRED) claim; never more (else 4018)',
    explanation: "The cardholder's account of what happened",
  },
});
