// authorization/detail (docs/wallet-api.md "authorization/detail").
import { z } from 'zod';
import { defineOperation } from '@/lib/wallet/contract/define-operation';
import { authParams, authorizationSchema, positiveIdParam } from '@/lib/wallet/contract/schemas';

const authorizationDetailParams = z.object({
  ...authParams,
  authorizationId: positiveIdParam,
});

export const authorizationDetail = defineOperation({
  name: 'authorizationDetail',
  method: 'POST',
  path: '/wallet/api/authorization/detail',
  summary: "Extension: one of the app's authorizations by its id",
  section: 'extension',
  tag: 'Card Spending',
  extension: true,
  mutating: false,
  params: authorizationDetailParams,
  data: authorizationSchema,
  codes: [4014],
  events: [],
  paramText: {
    authorizationId: 'The authorization (4014 when the app has none by this id)',
  },
});
