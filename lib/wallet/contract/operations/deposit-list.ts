// deposit/list (docs/deposits-and-kyt.md "deposit/list"): keyset pages, newest first.
import { z } from 'zod';
import { defineOperation } from '@/lib/wallet/contract/define-operation';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '@/lib/wallet/contract/paging';
import {
  appUserIdParam,
  authParams,
  boundedInt,
  cursorParam,
  depositPageSchema,
  depositStatusParam,
} from '@/lib/wallet/contract/schemas';

const depositListParams = z.object({
  ...authParams,
  appUserId: appUserIdParam.optional(),
  status: depositStatusParam.optional(),
  pageSize: boundedInt(1, MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  cursor: cursorParam.optional(),
});

export const depositList = defineOperation({
  name: 'depositList',
  method: 'POST',
  path: '/wallet/api/deposit/list',
  summary: "Extension: the app's deposits, newest first, a page at a time by an opaque cursor",
  section: 'extension',
  tag: 'Deposit',
  extension: true,
  mutating: false,
  params: depositListParams,
  data: depositPageSchema,
  codes: [3001],
  events: [],
  paramText: {
    appUserId: "App user ID: only that user's deposits (else 3001 when there is no such user)",
    status: 'Only deposits in this status',
    pageSize: 'Deposits per page',
    cursor: 'The nextCursor of the page before; absent for the first page',
  },
});
