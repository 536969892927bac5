// GET /disputes/export?status=&reason=&appUserId=&cardId=&holder=: every dispute the /disputes
// filter selects (every page of dispute/list) as a CSV download through the one CSV writer (which
// defuses formulas), each with its holder by name, the filter read exactly as the page reads it
// (disputes-filters.ts). A filter that is not valid, or a name that is not exactly one person, is
// refused rather than exporting more than was asked for. Checks the caller itself (staffRoute),
// reads the first page before answering, and is written to the audit log.
import { recordAudit } from '@/lib/backoffice/audit/record-audit';
import { describeWalletFailure } from '@/lib/backoffice/audit/wallet-failure';
import { plainText, staffRoute, type StaffRouteContext } from '@/lib/backoffice/auth/staff-route';
import { getDb } from '@/lib/backoffice/db';
import { walkDisputes } from '@/lib/backoffice/disputes/dispute-data';
import type { Dispute } from '@/lib/wallet/contract/schemas';
import {
  disputeCsvLine,
  disputesCsvFilename,
  disputesCsvPreamble,
} from '@/lib/backoffice/disputes/disputes-csv';
import { describeDisputeFilters, parseDisputesQuery } from '@/lib/backoffice/disputes/disputes-filters';
import { holdersOf } from '@/lib/backoffice/names/purchase-holders';
import { csvDownload } from '@/lib/backoffice/shared/csv-download';
import { findHolder, holderNameOf } from '@/lib/backoffice/transactions/transactions-data';
import { asWalletClientError } from '@/lib/backoffice/wallet-client';

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

async function exportDisputes({ request, staff: me }: StaffRouteContext<unknown>): Promise<Response> {
  const { filters, holder, invalid } = parseDisputesQuery(request.nextUrl.searchParams);
  if (Object.keys(invalid).length > 0) {
    return plainText(400, 'Some filters are not valid. Correct them on the Disputes page and export again.');
  }
  let holderName: string | undefined;
  try {
    const match = holder ? await findHolder(holder) : undefined;
    if (match && match.kind !== 'one') {
      return plainText(
        400,
        'That name does not match exactly one person. Choose the person on the Disputes page and export again.',
      );
    }
    if (match) filters.appUserId = match.appUserId;
    holderName = match?.name ?? (filters.appUserId ? await holderNameOf(filters.appUserId) : undefined);
  } catch (error) {
    const walletError = asWalletClientError(error);
    if (!walletError) throw error;
    return plainText(502, `The disputes could not be exported. ${walletError.staffMessage}`);
  }
  const scope = describeDisputeFilters(filters, holderName);
  const audit = (outcome: 'success' | 'failure', summary: string, resultCode: number | null) =>
    getDb().then((db) =>
      recordAudit(db, {
        actor: { id: me.id, email: me.email, role: me.role },
        action: 'disputes.export',
        outcome,
        resultCode,
        summary,
        ...(filters.appUserId ? { subjectUser: filters.appUserId } : {}),
      }),
    );
  const batches = walkNamed(filters);
  let first: IteratorResult<NamedDispute[], void>;
  try {
    first = await batches.next();
  } catch (error) {
    const walletError = asWalletClientError(error);
    if (!walletError) throw error;
    await audit(
      'failure',
      `CSV export of ${scope}: ${describeWalletFailure(walletError)}`,
      walletError.code || null,
    );
    return plainText(502, `The disputes could not be exported. ${walletError.staffMessage}`);
  }
  await audit('success', `CSV export of ${scope}`, 0);
  return csvDownload({
    filename: disputesCsvFilename(new Date()),
    preamble: disputesCsvPreamble(),
    first,
    rest: batches,
    lines: (batch) => batch.map((n) => disputeCsvLine(n.dispute, n.holder)).join(''),
    name: 'disputes-export',
    describeError: (error) => asWalletClientError(error)?.message ?? 'unexpected error',
  });
}
