// card/authorizations (docs/wallet-api.md "card/authorizations").
import { z } from 'zod';
import { defineOperation } from '@/lib/wallet/contract/define-operation';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '@/lib/wallet/contract/paging';
import { AUTHORIZATION_STATUSES } from '@/lib/wallet/contract/enums';
import {
  authorizationPageSchema,
  boundedInt,
  cardRefParams,
  cursorParam,
  oneOf,
} from '@/lib/wallet/contract/schemas';

const cardAuthorizationsParams = z.object({
  ...cardRefParams,
  status: oneOf(AUTHORIZATION_STATUSES).optional(),
  pageSize: boundedInt(1, MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  cursor: cursorParam.optional(),
});

export const cardAuthorizations = defineOperation({
  name: 'cardAuthorizations',
  method: 'POST',
  path: '/wallet/api/card/authorizations',
  summary: "Extension: one card's authorizations, newest first, a cursor page at a time",
  section: 'extension',
  tag: 'Card Spending',
  extension: true,
  mutating: false,
  params: cardAuthorizationsParams,
  data: authorizationPageSchema,
  codes: [4008],
  events: [],
  paramText: { pageSize: 'Authorizations per page' },
});
