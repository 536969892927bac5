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
  paramText: {
    birthday: 'Date of birth, yyyy-MM-dd',
    region: 'Region',
    documentType: 'Identity document type',
    documentNo: 'Identity document number',
    photos: 'Document photo URLs, several joined by a comma',
    documentExpiryDate: 'Identity document expiry date, yyyy-MM-dd',
    gender: 'Gender',
    annualIncome: 'Annual income in USD',
    occupation: 'Occupation',
    position: 'Position',
    cardUUID: 'Card account UUID',
    supportDocumentType: 'Type of the supporting document',
    supportDocumentUrl: 'URL of the supporting document',
    appUserId: "The app's own ID for the user, unique per app (else 3002)",
  },
});
