// dispute/detail (docs/disputes.md "dispute/detail").
import { z } from 'zod';
import { defineOperation } from '@/lib/wallet/contract/define-operation';
import { authParams, disputeSchema, positiveIdParam } from '@/lib/wallet/contract/schemas';

const disputeDetailParams = z.object({
  ...authParams,
  disputeId: positiveIdParam,
});

export const disputeDetail = defineOperation({
  name: 'disputeDetail',
  method: 'POST',
  path: '/wallet/api/dispute/detail',
  summary: 'Extension: one dispute of the app',
  section: 'extension',
  tag: 'Disputes',
  extension: true,
  mutating: false,
  params: disputeDetailParams,
  data: disputeSchema,
  codes: [4017],
  events: [],
  paramText: {
    disputeId: 'A dispute of this app (else 4017)',
  },
});
