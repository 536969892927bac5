// user/search (docs/wallet-api.md "Finding a user").
import { z } from 'zod';
import { defineOperation } from '@/lib/wallet/contract/define-operation';
import { DEFAULT_PAGE_SIZE, MAX_SEARCH_PAGE_SIZE } from '@/lib/wallet/contract/paging';
import { authParams, boundedInt, text, userSearchResultSchema } from '@/lib/wallet/contract/schemas';

const userSearchParams = z.object({
  ...authParams,
  q: text(64).pipe(z.string().min(2, 'must be 2-64 characters')),
  pageSize: boundedInt(1, MAX_SEARCH_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
});

export const userSearch = defineOperation({
  name: 'userSearch',
  method: 'POST',
  path: '/wallet/api/user/search',
  summary: 'Extension: find users by e-mail, name, mobile, app user ID, last four digits or card ID',
  section: 'extension',
  tag: 'User Management',
  extension: true,
  mutating: false,
  params: userSearchParams,
  data: userSearchResultSchema,
  codes: [],
  events: [],
  paramText: {
    q: 'What to look for: appUserId or e-mail (whole, or a prefix of 3+ characters), first or last name (prefix), a full name (both names or their starts, either order), mobile digits, a card last four digits, a cardId, or a mix of these in 2-4 words',
    pageSize: 'Users to return, best match first',
  },
});
