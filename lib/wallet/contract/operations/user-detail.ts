// user/detail (docs/wallet-api.md "Extension: a user's KYC record").
import { z } from 'zod';
import { defineOperation } from '@/lib/wallet/contract/define-operation';
import { appUserIdParam, authParams, userDetailSchema } from '@/lib/wallet/contract/schemas';

const userDetailParams = z.object({ ...authParams, appUserId: appUserIdParam });

export const userDetail = defineOperation({
  name: 'userDetail',
  method: 'POST',
  path: '/wallet/api/user/detail',
  summary: "Extension: a user's KYC record as registered (4.1), to verify a caller against",
  section: 'extension',
  tag: 'User Management',
  extension: true,
  mutating: false,
  params: userDetailParams,
  data: userDetailSchema,
  codes: [3001],
  events: [],
});
