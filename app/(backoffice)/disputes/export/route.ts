// GET /disputes/export?status=&reason=&appUserId=&cardId=&holder=: every dispute the /disputes
// filter selects (every page of dispute/list) as a CSV download through the one CSV writer (which
// defuses formulas), each with its holder by name, the filter read exactly as the page reads it
// (disputes-filters.ts). Refusals, the first page read before answering, and the audit entry are
// the shared export's (exportFilteredCsv); the caller is checked here (staffRoute).
import { staffRoute, type StaffRouteContext } from '@/lib/backoffice/auth/staff-route';
import { walkDisputes } from '@/lib/backoffice/disputes/dispute-data';
import type { Dispute } from '@/lib/wallet/contract/schemas';
import {
  disputeCsvLine,
  disputesCsvFilename,
  disputesCsvPreamble,
} from '@/lib/backoffice/disputes/disputes-csv';
import { describeDisputeFilters, parseDisputesQuery } from '@/lib/backoffice/disputes/disputes-filters';
import { holdersOf } from '@/lib/backoffice/names/purchase-holders';
import { exportFilteredCsv } from '@/lib/backoffice/shared/filtered-csv-export';

export const dynamic = 'force-dynamic';

export const GET = staffRoute(
  {
    action: 'disputes.export',
    permission: 'cards.read',
    format: 'text',
    signedOut: 'Your session has ended. Sign in again to export the disputes.',
    forbidden: 'Your role does not include the disputes. Ask an administrator if you need them.',
  },
  exportDisputes,
);

type NamedDispute = { dispute: Dispute; holder: string | null };

/** The filter's disputes as walkDisputes reads them, each person asked of the wallet once. */
async function* walkNamed(filters: Parameters<typeof walkDisputes>[0]): AsyncGenerator<NamedDispute[], void> {
  const known = new Map<string, string | null>();
  for await (const batch of walkDisputes(filters)) {
    const found = await holdersOf(batch.filter((d) => !known.has(d.appUserId)));
    for (const d of batch)
      if (!known.has(d.appUserId)) known.set(d.appUserId, found.get(d.appUserId)?.name ?? null);
    yield batch.map((dispute) => ({ dispute, holder: known.get(dispute.appUserId) ?? null }));
  }
}

async function exportDisputes({ request, staff }: StaffRouteContext<unknown>): Promise<Response> {
  return exportFilteredCsv({
    staff,
    query: parseDisputesQuery(request.nextUrl.searchParams),
    page: 'Disputes',
    what: 'disputes',
    action: 'disputes.export',
    describe: describeDisputeFilters,
    walk: walkNamed,
    filename: disputesCsvFilename(new Date()),
    preamble: disputesCsvPreamble(),
    lines: (batch) => batch.map((n) => disputeCsvLine(n.dispute, n.holder)).join(''),
    name: 'disputes-export',
  });
}
