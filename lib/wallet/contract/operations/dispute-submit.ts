// dispute/submit (docs/disputes.md "dispute/submit").
import { z } from 'zod';
import { defineOperation } from '@/lib/wallet/contract/define-operation';
import {
  authParams,
  disputeSchema,
  positiveIdParam,
  requestIdParam,
  text,
} from '@/lib/wallet/contract/schemas';

const disputeSubmitParams = z.object({
  ...authParams,
  disputeId: positiveIdParam,
  evidence: text(5000),
  requestId: requestIdParam.optional(),
});

export const disputeSubmit = defineOperation({
  name: 'disputeSubmit',
  method: 'POST',
  path: '/wallet/api/dispute/submit',
  summary: 'Extension: send an open dispute with its evidence to the network',
  section: 'extension',
  tag: 'Disputes',
  extension: true,
  mutating: true,
  params: disputeSubmitParams,
  data: disputeSchema,
  codes: [4007, 4017, 4019],
  events: ['dispute.submitted'],
  paramText: {
    disputeId: 'An OPEN dispute of this app (else 4017, 4019)',
    evidence: 'What supports the dispute (receipts, messages with the merchant, what the cardholder said)',
  },
});
