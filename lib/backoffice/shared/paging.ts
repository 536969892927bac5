// The back-office's one paging contract, for every list that pages (the user directory, the card
// list, the audit log): what `page` and `size` in a list's URL mean, their defaults and bounds,
// and how a list's own links write them. A page or size a list cannot use falls back to its
// default instead of failing the page, as a hand-edited or stale URL should. The bounds and the
// default are the wallet's own (lib/wallet/contract/paging.ts: pageNum 1-1,000,000, pageSize
// 1-100, 20), so a list never asks the wallet for a page it refuses. Pure, client-safe and without zod (the browser's lists import it; paging-schemas.ts
// holds the same rules as zod schemas for the server's filters and the /cards data route).

import { DEFAULT_PAGE_SIZE, MAX_PAGE_NUM, MAX_PAGE_SIZE } from '@/lib/wallet/contract/paging';

export { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE };
export const MAX_PAGE = MAX_PAGE_NUM;
/** The sizes a list offers; any other size 1-100 works in the URL (see pageSizeOptions). */
export const PAGE_SIZES = [10, DEFAULT_PAGE_SIZE, 50, MAX_PAGE_SIZE] as const;

/** A list's query as Next.js hands it to a page, or as the browser and route handlers read it. */
export type RawSearchParams =
  URLSearchParams | Readonly<Record<string, string | readonly string[] | undefined>>;

/** The first value of a parameter (a repeated one counts once), or undefined. */
export function searchParam(raw: RawSearchParams, name: string): string | undefined {
  if (raw instanceof URLSearchParams) return raw.get(name) ?? undefined;
  const value = raw[name];
  return typeof value === 'string' ? value : value?.[0];
}

/** Digits as typed in a URL ("1e2", "20.0" and " 3" are not), within 1..max, else the fallback. */
export function wholeNumberOr(value: unknown, max: number, fallback: number): number {
  if (typeof value !== 'string' || !/^[1-9]\d*$/.test(value)) return fallback;
  const n = Number(value);
  return Number.isSafeInteger(n) && n <= max ? n : fallback;
}

/** page and size once read. */
export type Paging = { page: number; size: number };

/** `page` and `size` from a list's URL: 1-MAX_PAGE and 1-MAX_PAGE_SIZE, else the defaults. */
export function parsePaging(raw: RawSearchParams): Paging {
  return {
    page: wholeNumberOr(searchParam(raw, 'page'), MAX_PAGE, 1),
    size: wholeNumberOr(searchParam(raw, 'size'), MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE),
  };
}

type ExtraParams = Readonly<Record<string, string | null | undefined>>;

/**
 * What a list's page links keep besides the page itself: its own parameters (a filter), then the
 * size unless it is the default. The kit's Pagination adds `page` after them.
 */
export function pagingLinkParams(
  paging: Pick<Paging, 'size'>,
  extra: ExtraParams = {},
): Record<string, string | undefined> {
  const kept: Record<string, string | undefined> = {};
  for (const [key, value] of Object.entries(extra)) kept[key] = value ?? undefined;
  kept.size = paging.size === DEFAULT_PAGE_SIZE ? undefined : String(paging.size);
  return kept;
}

/**
 * A list's address with defaults left out, in the order the kit's Pagination writes its links
 * (the list's own parameters, size, page), so a URL reads the same however it was reached.
 */
export function pagingHref(path: string, paging: Paging, extra: ExtraParams = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(pagingLinkParams(paging, extra))) {
    if (value !== undefined) params.set(key, value);
  }
  if (paging.page > 1) params.set('page', String(paging.page));
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

/** The sizes a list's picker offers: PAGE_SIZES, with the URL's own size among them when it is another. */
export function pageSizeOptions(size: number): number[] {
  const sizes: number[] = [...PAGE_SIZES];
  return sizes.includes(size) ? sizes : [...sizes, size].sort((a, b) => a - b);
}
