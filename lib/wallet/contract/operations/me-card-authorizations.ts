// me/card/authorizations (docs/wallet-api.md "The walletToken"): one of the cardholder's cards'
// authorizations, newest first, a cursor page at a time.
import { z } from 'zod';
import { defineOperation } from '@/lib/wallet/contract/define-operation';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '@/lib/wallet/contract/paging';
import {
  authorizationPageSchema,
  boundedInt,
  cursorParam,
  positiveIdParam,
} from '@/lib/wallet/contract/schemas';

const meCardAuthorizationsParams = z.object({
  cardId: positiveIdParam,
  pageSize: boundedInt(1, MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  cursor: cursorParam.optional(),
});

export const meCardAuthorizations = defineOperation({
  name: 'meCardAuthorizations',
  method: 'GET',
  path: '/wallet/api/me/card/authorizations',
  summary: "Extension (cardholder): one of the walletToken's user's cards' authorizations, newest first",
  section: 'extension',
  tag: 'Cardholder',
  extension: true,
  mutating: false,
  auth: 'walletToken',
  params: meCardAuthorizationsParams,
  data: authorizationPageSchema,
  codes: [2005, 4008],
  events: [],
  paramText: {
    cardId: "One of the walletToken's user's cards (else 4008)",
    pageSize: 'Authorizations per page',
  },
});
