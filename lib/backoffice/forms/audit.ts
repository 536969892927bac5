// Filters of the audit log page, read from its URL.
import { z } from 'zod';
import { AUDIT_OUTCOMES } from '@/lib/backoffice/auth/staff-roles';

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

export const auditFiltersSchema = z.object({
  actor: z.preprocess(blankToUndefined, z.string().trim().max(254).optional()),
  action: z.preprocess(blankToUndefined, z.string().trim().max(64).optional()),
  target: z.preprocess(blankToUndefined, z.string().trim().max(128).optional()),
  outcome: z.preprocess(blankToUndefined, z.enum(AUDIT_OUTCOMES).optional()),
  from: z.preprocess(blankToUndefined, z.iso.date().optional()),
  to: z.preprocess(blankToUndefined, z.iso.date().optional()),
  page: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(100_000).default(1)),
});

export type AuditFilters = z.infer<typeof auditFiltersSchema>;

export const AUDIT_PAGE_SIZE = 50;
