// deposit/release (docs/deposits-and-kyt.md "deposit/release"): a person's decision on a held
// deposit; with apiRelease=false, only with the back-office's approval (release-approval.ts).
import { z } from 'zod';
import { defineOperation } from '@/lib/wallet/contract/define-operation';
import { DEPOSIT_DECISIONS } from '@/lib/wallet/contract/enums';
import {
  authParams,
  depositSchema,
  oneOf,
  positiveIdParam,
  releaseApprovalParam,
  requestIdParam,
  text,
} from '@/lib/wallet/contract/schemas';

const depositReleaseParams = z.object({
  ...authParams,
  depositId: positiveIdParam,
  decision: oneOf(DEPOSIT_DECISIONS),
  note: text(500),
  requestId: requestIdParam.optional(),
  approval: releaseApprovalParam.optional(),
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
    approval:
      "The back-office's approval of this release (HMAC-SHA256 with the installation's release key, docs/deposits-and-kyt.md \"deposit/release\"); needed when the app's apiRelease is false (else 4016), otherwise not read",
  },
});
