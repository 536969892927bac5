// GET /audit/export?actor=&user=&action=&target=&outcome=&from=&to=: every audit entry the /audit
// filters select (all pages, not just the one on screen) as a CSV download. Checks the caller
// itself (a route handler sits outside every layout: staffRoute) with the page's own permission, refuses
// filters that are not valid rather than export more than was asked for, and streams the rows
// in batches. The export is itself written to the audit log: it carries the trail out.
import { auditCsvFilename, auditCsvLine, auditCsvPreamble } from '@/lib/backoffice/audit/audit-csv';
import { auditEntryBatches } from '@/lib/backoffice/audit/list-audit-entries';
import { recordAudit } from '@/lib/backoffice/audit/record-audit';
import { plainText, staffRoute, type StaffRouteContext } from '@/lib/backoffice/auth/staff-route';
import { getDb } from '@/lib/backoffice/db';
import { auditFiltersSchema } from '@/lib/backoffice/audit/forms';
import { csvDownload } from '@/lib/backoffice/shared/csv-download';

export const dynamic = 'force-dynamic';

/** The filters as the export's audit entry names them. */
const FILTER_NAMES = [
  ['actor', 'who'],
  ['user', 'user'],
  ['action', 'action'],
  ['target', 'target'],
  ['outcome', 'outcome'],
  ['from', 'from'],
  ['to', 'to'],
] as const;

export const GET = staffRoute(
  {
    action: 'audit.export',
    permission: 'audit.read',
    format: 'text',
    signedOut: 'Your session has ended. Sign in again to export the audit log.',
    forbidden: 'Your role does not include the audit log. Ask an administrator if you need it.',
  },
  exportAudit,
);

async function exportAudit({ request, staff: me }: StaffRouteContext<unknown>): Promise<Response> {
  const parsed = auditFiltersSchema.safeParse(Object.fromEntries(request.nextUrl.searchParams));
  if (!parsed.success) {
    return plainText(400, 'Some filters are not valid. Correct them on the audit log page and export again.');
  }
  const filters = parsed.data;
  const db = await getDb();
  const batches = auditEntryBatches({ db, actor: me, filters });
  // The first batch is read before the export's own entry is written, so the file holds the
  // log as it was when asked for, not the entry of its own export.
  const first = await batches.next();
  const scope = FILTER_NAMES.filter(([key]) => filters[key]).map(([key, name]) => `${name} ${filters[key]}`);
  await recordAudit(db, {
    actor: { id: me.id, email: me.email, role: me.role },
    action: 'audit.export',
    // Exporting one user's trail is about that user: it shows in their trail afterwards.
    ...(filters.user ? { targetType: 'user' as const, targetId: filters.user } : {}),
    outcome: 'success',
    summary: `CSV export of the audit log (${scope.length ? scope.join(', ') : 'every entry'})`,
  });

  return csvDownload({
    filename: auditCsvFilename(new Date()),
    preamble: auditCsvPreamble(),
    first,
    rest: batches,
    lines: (batch) => batch.map(auditCsvLine).join(''),
    name: 'audit-export',
    describeError: (error) => (error instanceof Error ? error.name : 'unexpected error'),
  });
}
