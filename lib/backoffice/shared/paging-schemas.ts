// The paging contract of paging.ts as zod schemas, for what validates with zod on the server: the
// audit log's filters (its page) and the /cards data route's query and answer. A list's own URL is
// read by paging.ts's parsePaging; the rules are paging.ts's own.
import { z } from 'zod';
import { MAX_PAGE, MAX_PAGE_SIZE, wholeNumberOr, type Paging } from './paging';

/** `page` from the URL: 1-MAX_PAGE, else the first page. */
export const pageParam = z
  .unknown()
  .optional()
  .transform((value) => wholeNumberOr(value, MAX_PAGE, 1));
/** page and size once read, as they travel in JSON (the /cards data route's answer). */
export const pagingSchema = z.object({
  page: z.number().int().min(1).max(MAX_PAGE),
  size: z.number().int().min(1).max(MAX_PAGE_SIZE),
}) satisfies z.ZodType<Paging>;
