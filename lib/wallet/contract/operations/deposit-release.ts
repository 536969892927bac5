// deposit/release (docs/deposits-and-kyt.md "deposit/release"): a person's decision on a held
// deposit.
import { z } from 'zod';
import { defineOperation } from '@/lib/wallet/contract/define-operation';
import { DEPOSIT_DECISIONS } from '@/lib/wallet/contract/enums';
import {
  authParams,
  depositSchema,
  oneOf,
  positiveIdParam,
  requestIdParam,
  text,
} from '@/lib/wallet/contract/schemas';

const depositReleaseParams = z.object({
  ...authParams,
  depositId: positiveIdParam,
  decision: oneOf(DEPOSIT_DECISIONS),
  note: text(500),
  requestId: requestIdParam.optional(),
});

export const depositRelease = defineOperation({
  name: 'depositRelease',
  method: 'POST',
  path: '/wallet/api/deposit/release',
  summary: 'Extension: credit or reject a deposit KYT held',
  section: 'extension',
  tag: 'Deposit',
  extension: true,
  mutating: true,
  params: depositReleaseParams,
  data: depositSchema,
  codes: [4007, 4016],
  events: ['deposit.credited', 'deposit.rejected'],
  paramText: {
    depositId: 'A HELD deposit of the app (else 4016)',
    decision: "CREDIT credits the user's USD wallet asset; REJECT credits nothing",
    note: 'Why (kept on the deposit)',
  },
});
