// dispute/withdraw (docs/disputes.md "dispute/withdraw").
import { z } from 'zod';
import { defineOperation } from '@/lib/wallet/contract/define-operation';
import { authParams, disputeSchema, positiveIdParam, requestIdParam } from '@/lib/wallet/contract/schemas';

const disputeWithdrawParams = z.object({
  ...authParams,
  disputeId: positiveIdParam,
  requestId: requestIdParam.optional(),
});

export const disputeWithdraw = defineOperation({
  name: 'disputeWithdraw',
  method: 'POST',
  path: '/wallet/api/dispute/withdraw',
  summary: 'Extension: withdraw an open dispute before it is submitted',
  section: 'extension',
  tag: 'Disputes',
  extension: true,
  mutating: true,
  params: disputeWithdrawParams,
  data: disputeSchema,
  codes: [4007, 4017, 4019],
  events: ['dispute.withdrawn'],
  paramText: {
    disputeId: 'An OPEN dispute of this app (else 4017, 4019)',
  },
});
