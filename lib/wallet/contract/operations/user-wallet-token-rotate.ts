// user/walletToken/rotate (docs/wallet-api.md "The walletToken"): a new walletToken for a user,
// the old one refused at once (a lost phone).
import { z } from 'zod';
import { defineOperation } from '@/lib/wallet/contract/define-operation';
import {
  appUserIdParam,
  authParams,
  requestIdParam,
  rotatedWalletTokenSchema,
} from '@/lib/wallet/contract/schemas';

const userWalletTokenRotateParams = z.object({
  ...authParams,
  appUserId: appUserIdParam,
  requestId: requestIdParam.optional(),
});

export const userWalletTokenRotate = defineOperation({
  name: 'userWalletTokenRotate',
  method: 'POST',
  path: '/wallet/api/user/walletToken/rotate',
  summary: 'Extension: a new walletToken for the user; the old one is refused from now on',
  section: 'extension',
  tag: 'Cardholder',
  extension: true,
  mutating: true,
  params: userWalletTokenRotateParams,
  data: rotatedWalletTokenSchema,
  codes: [3001, 4007],
  events: ['user.wallet_token_rotated'],
});
