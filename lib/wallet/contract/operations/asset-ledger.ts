// asset/ledger (docs/wallet-api.md "Ledgers").
import { z } from 'zod';
import { defineOperation } from '@/lib/wallet/contract/define-operation';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_NUM, MAX_PAGE_SIZE } from '@/lib/wallet/contract/paging';
import { LEDGER_TYPES } from '@/lib/wallet/contract/enums';
import {
  authParams,
  boundedInt,
  ledgerPageSchema,
  oneOf,
  positiveIdParam,
} from '@/lib/wallet/contract/schemas';

const assetLedgerParams = z.object({
  ...authParams,
  assetId: positiveIdParam,
  pageNum: boundedInt(1, MAX_PAGE_NUM).default(1),
  pageSize: boundedInt(1, MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  /**
   * Only entries of this type (an extension of asset/ledger, docs/wallet-api.md "Ledgers": the
   * back-office's ledger filter).
   */
  type: oneOf(LEDGER_TYPES).optional(),
});

export const assetLedger = defineOperation({
  name: 'assetLedger',
  method: 'POST',
  path: '/wallet/api/asset/ledger',
  summary: "Extension: an asset's ledger, newest first, one page at a time",
  section: 'extension',
  tag: 'Asset Management',
  extension: true,
  mutating: false,
  params: assetLedgerParams,
  data: ledgerPageSchema,
  codes: [4011],
  events: [],
  paramText: {
    pageSize: 'Entries per page',
    type: 'Only entries of this type; dataTotal and the pages then count those entries alone',
  },
});
