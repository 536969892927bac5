// GET /transactions/export?status=&declineReason=&appUserId=&from=&to=: every purchase the
// /transactions filter selects (every page of authorization/list, not just the one on screen) as
// a CSV download, the filter read exactly as the page reads it (transactions-filters.ts), so the
// rows are the filter's. A filter that is not valid is refused rather than exporting more than was
// asked for. Checks the caller itself (staffRoute), reads the first page before answering so that
// a refusal is a plain error rather than a broken file, and is written to the audit log.
import { recordAudit } from '@/lib/backoffice/audit/record-audit';
import { describeWalletFailure } from '@/lib/backoffice/audit/wallet-failure';
import { plainText, staffRoute, type StaffRouteContext } from '@/lib/backoffice/auth/staff-route';
import { getDb } from '@/lib/backoffice/db';
import { csvDownload } from '@/lib/backoffice/shared/csv-download';
import {
  transactionCsvLine,
  transactionsCsvFilename,
  transactionsCsvPreamble,
} from '@/lib/backoffice/transactions/transactions-csv';
import { walkTransactions } from '@/lib/backoffice/transactions/transactions-data';
import {
  describeTransactionFilters,
  parseTransactionsQuery,
} from '@/lib/backoffice/transactions/transactions-filters';
import { asWalletClientError } from '@/lib/backoffice/wallet-client';
import type { Authorization } from '@/lib/wallet/contract/schemas';

export const dynamic = 'force-dynamic';

export const GET = staffRoute(
  {
    action: 'transactions.export',
    permission: 'cards.read',
    format: 'text',
    signedOut: 'Your session has ended. Sign in again to export the purchases.',
    forbidden: 'Your role does not include the purchases. Ask an administrator if you need them.',
  },
  exportTransactions,
);

async function exportTransactions({ request, staff: me }: StaffRouteContext<unknown>): Promise<Response> {
  const { filters, invalid } = parseTransactionsQuery(request.nextUrl.searchParams);
  if (Object.keys(invalid).length > 0) {
    return plainText(
      400,
      'Some filters are not valid. Correct them on the Transactions page and export again.',
    );
  }
  const scope = describeTransactionFilters(filters);
  const audit = (outcome: 'success' | 'failure', summary: string, resultCode: number | null) =>
    getDb().then((db) =>
      recordAudit(db, {
        actor: { id: me.id, email: me.email, role: me.role },
        action: 'transactions.export',
        outcome,
        resultCode,
        summary,
        ...(filters.appUserId ? { subjectUser: filters.appUserId } : {}),
      }),
    );
  const batches = walkTransactions(filters);
  let first: IteratorResult<Authorization[], void>;
  try {
    first = await batches.next();
  } catch (error) {
    const walletError = asWalletClientError(error);
    if (!walletError) throw error;
    await audit(
      'failure',
      `CSV export of purchases (${scope}): ${describeWalletFailure(walletError)}`,
      walletError.code || null,
    );
    return plainText(502, `The purchases could not be exported. ${walletError.staffMessage}`);
  }
  await audit('success', `CSV export of purchases (${scope})`, 0);
  return csvDownload({
    filename: transactionsCsvFilename(new Date()),
    preamble: transactionsCsvPreamble(),
    first,
    rest: batches,
    lines: (batch) => batch.map(transactionCsvLine).join(''),
    name: 'transactions-export',
    describeError: (error) => asWalletClientError(error)?.message ?? 'unexpected error',
  });
}
