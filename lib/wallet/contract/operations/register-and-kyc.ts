// user/registerAndKyc (docs/wallet-api.md "4.1 Register and KYC").
import { defineOperation } from '@/lib/wallet/contract/define-operation';
import { registerAndKycParams, registeredUserSchema } from '@/lib/wallet/contract/schemas';

export const registerAndKyc = defineOperation({
  name: 'registerAndKyc',
  method: 'POST',
  path: '/wallet/api/user/registerAndKyc',
  summary: 'Register a user together with identity verification (KYC)',
  section: '4.1',
  tag: 'User Management',
  extension: false,
  mutating: true,
  params: registerAndKycParams,
  data: registeredUserSchema,
  codes: [3002, 4007],
  events: ['user.registered'],
  paramText: { appUserId: "The app's own ID for the user, unique per app (else 3002)" },
});
