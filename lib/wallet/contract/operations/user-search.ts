// user/search (docs/wallet-api.md "Finding a user").
import { defineOperation } from '@/lib/wallet/contract/define-operation';
import { userSearchParams, userSearchResultSchema } from '@/lib/wallet/contract/schemas';

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
  paramText: { pageSize: 'Users to return, best match first' },
});
