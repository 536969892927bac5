// The paging bounds of the wallet's lists (docs/wallet-api.md "4.2", asset/ledger, event/list):
// pageNum 1-1,000,000, pageSize 1-100, 20 by default; user/search returns at most 50. The
// parameter schemas (schemas.ts), the back-office's paging contract (lib/backoffice/shared/paging.ts)
// and its exports read them from here, so a list never asks for a page the wallet refuses. Pure,
// without zod: the browser's lists import it.

export const MAX_PAGE_NUM = 1_000_000;
export const MAX_PAGE_SIZE = 100;
export const DEFAULT_PAGE_SIZE = 20;
/** user/search's largest answer. */
export const MAX_SEARCH_PAGE_SIZE = 50;
