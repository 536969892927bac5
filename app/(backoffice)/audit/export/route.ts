// GET /audit/export?actor=&user=&action=&target=&outcome=&from=&to=: every audit entry the /audit
// filters select (all pages, not just the one on screen) as a CSV download. Checks the caller
// itself (a route handler sits outside every layout) with the page's own permission, refuses
// filters that are not valid rather than export more than was asked for, and streams the rows
// in batches. The export is itself written to the audit log: it carries the trail out.
import type { NextRequest } from 'next/server';
import { auditCsvFilename, auditCsvLine, auditCsvPreamble } from '@/lib/backoffice/audit/audit-csv';
import { auditEntryBatches } from '@/lib/backoffice/audit/list-audit-entries';
import { recordAudit } from '@/lib/backoffice/audit/record-audit';
import { can } from '@/lib/backoffice/auth/permissions';
import { getCurrentStaff } from '@/lib/backoffice/auth/current-staff';
import { CSV_CONTENT_TYPE } from '@/lib/backoffice/cards-csv';
import { getDb } from '@/lib/backoffice/db';
import { auditFiltersSchema } from '@/lib/backoffice/forms/audit';

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

function plain(status: number, text: string) {
  return new Response(`${text}\n`, {
    status,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
  });
}

export async function GET(request: NextRequest) {
  const me = await getCurrentStaff();
  if (!me) return plain(401, 'Your session has ended. Sign in again to export the audit log.');
  if (!can(me.role, 'audit.read')) {
    return plain(403, 'Your role does not include the audit log. Ask an administrator if you need it.');
  }
  const parsed = auditFiltersSchema.safeParse(Object.fromEntries(request.nextUrl.searchParams));
  if (!parsed.success) {
    return plain(400, 'Some filters are not valid. Correct them on the audit log page and export again.');
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

  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      const rows = first.done ? '' : first.value.map(auditCsvLine).join('');
      controller.enqueue(encoder.encode(auditCsvPreamble() + rows));
      if (first.done) controller.close();
    },
    async pull(controller) {
      try {
        const next = await batches.next();
        if (next.done) {
          controller.close();
          return;
        }
        controller.enqueue(encoder.encode(next.value.map(auditCsvLine).join('')));
      } catch (error) {
        // Headers are gone: failing the stream makes the browser report a failed download
        // instead of saving a file that silently lacks the later rows.
        console.error(`[audit-export] stopped: ${error instanceof Error ? error.name : 'unexpected error'}`);
        controller.error(error);
      }
    },
    async cancel() {
      await batches.return();
    },
  });

  return new Response(body, {
    headers: {
      'Content-Type': CSV_CONTENT_TYPE,
      'Content-Disposition': `attachment; filename="${auditCsvFilename(new Date())}"`,
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}
