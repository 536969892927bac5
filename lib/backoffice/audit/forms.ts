// Filters of the audit log page, read from its URL. Its page number follows the back-office's
// paging contract (paging.ts): a page it cannot show is the first page, not an invalid filter.
// The page size is fixed: the log is read newest first, a screenful at a time.
import { z } from 'zod';
import { AUDIT_OUTCOMES } from '@/lib/backoffice/auth/staff-roles';
import { pageParam } from '@/lib/backoffice/shared/paging-schemas';

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

export const auditFiltersSchema = z.object({
  actor: z.preprocess(blankToUndefined, z.string().trim().max(254).optional()),
  /** The app user an entry is about (subject_user): their own entries, their cards', addresses'... */
  user: z.preprocess(blankToUndefined, z.string().trim().max(128).optional()),
  action: z.preprocess(blankToUndefined, z.string().trim().max(64).optional()),
  target: z.preprocess(blankToUndefined, z.string().trim().max(128).optional()),
  outcome: z.preprocess(blankToUndefined, z.enum(AUDIT_OUTCOMES).optional()),
  from: z.preprocess(blankToUndefined, z.iso.date().optional()),
  to: z.preprocess(blankToUndefined, z.iso.date().optional()),
  page: pageParam,
});

export type AuditFilters = z.infer<typeof auditFiltersSchema>;

export const AUDIT_PAGE_SIZE = 50;

/** The filters as the query of /audit and /audit/export (no page: an export is every page). */
export function auditFilterQuery(filters: AuditFilters): string {
  const query = new URLSearchParams();
  for (const key of ['actor', 'user', 'action', 'target', 'outcome', 'from', 'to'] as const) {
    const value = filters[key];
    if (value) query.set(key, value);
  }
  return query.toString();
}
