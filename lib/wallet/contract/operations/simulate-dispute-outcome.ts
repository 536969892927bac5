// simulate/disputeOutcome (docs/disputes.md "simulate/disputeOutcome").
import { z } from 'zod';
import { defineOperation } from '@/lib/wallet/contract/define-operation';
import { DISPUTE_OUTCOMES } from '@/lib/wallet/contract/enums';
import {
  authParams,
  disputeSchema,
  oneOf,
  positiveIdParam,
  requestIdParam,
} from '@/lib/wallet/contract/schemas';

const simulateDisputeOutcomeParams = z.object({
  ...authParams,
  disputeId: positiveIdParam,
  outcome: oneOf(DISPUTE_OUTCOMES),
  requestId: requestIdParam.optional(),
});

export const simulateDisputeOutcome = defineOperation({
  name: 'simulateDisputeOutcome',
  method: 'POST',
  path: '/wallet/api/simulate/disputeOutcome',
  summary: "Extension (sandbox): the network's answer to a submitted dispute",
  section: 'extension',
  tag: 'Disputes',
  extension: true,
  mutating: true,
  sandbox: true,
  params: simulateDisputeOutcomeParams,
  data: disputeSchema,
  codes: [4007, 4017, 4019],
  events: ['dispute.won', 'dispute.lost'],
  paramText: {
    disputeId: 'A SUBMITTED dispute of this app (else 4017, 4019)',
    outcome:
      "WON credits the dispute's amount to the card (DISPUTE_CREDIT; where a cancelled card's balance moved); LOST moves nothing",
  },
});
