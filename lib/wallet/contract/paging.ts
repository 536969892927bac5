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

/** The rule a cursor the list did not give breaks (card/authorizations, authorization/list, deposit/list). */
export const CURSOR_RULE = 'must be a nextCursor from the page before';

// ---------------------------------------------------------------- event/list's cursor
// (docs/wallet-api.md "event/list"): opaque to the caller; inside, the id of the last event of
// the page it came with, so the next page starts after it whatever arrives meanwhile (keyset).

const CURSOR_PREFIX = 'ev1.';

/** The cursor that continues after the event with this internal id. */
export function encodeEventCursor(id: number): string {
  return btoa(`${CURSOR_PREFIX}${id}`).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The internal id a cursor continues after, or undefined for anything not made by encodeEventCursor. */
export function decodeEventCursor(cursor: string): number | undefined {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(cursor)) return undefined;
  let text: string;
  try {
    text = atob(cursor.replace(/-/g, '+').replace(/_/g, '/'));
  } catch {
    return undefined;
  }
  if (!text.startsWith(CURSOR_PREFIX)) return undefined;
  const digits = text.slice(CURSOR_PREFIX.length);
  if (!/^[1-9]\d{0,15}$/.test(digits)) return undefined;
  const id = Number(digits);
  return Number.isSafeInteger(id) && encodeEventCursor(id) === cursor ? id : undefined;
}
