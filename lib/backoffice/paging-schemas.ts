// The paging contract of paging.ts as zod schemas, for what validates with zod on the server: the
// audit log's filters and the /cards data route's query and answer. The rules are paging.ts's own.
import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, MAX_PAGE, MAX_PAGE_SIZE, wholeNumberOr, type Paging } from './paging';

/** `page` from the URL: 1-MAX_PAGE, else the first page. */
export const pageParam = z
  .unknown()
  .optional()
  .transform((value) => wholeNumberOr(value, MAX_PAGE, 1));
/** `size` from the URL: 1-MAX_PAGE_SIZE, else DEFAULT_PAGE_SIZE. */
export const pageSizeParam = z
  .unknown()
  .optional()
  .transform((value) => wholeNumberOr(value, MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE));

/** page and size as a list's URL gives them (strings, or absent). */
export const pagingParamsSchema = z.object({ page: pageParam, size: pageSizeParam });

/** page and size once read, as they travel in JSON (the /cards data route's answer). */
export const pagingSchema = z.object({
  page: z.number().int().min(1).max(MAX_PAGE),
  size: z.number().int().min(1).max(MAX_PAGE_SIZE),
}) satisfies z.ZodType<Paging>;
