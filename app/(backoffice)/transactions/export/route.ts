// GET /transactions/export?status=&declineReason=&appUserId=&holder=&from=&to=: every purchase
// the /transactions filter selects (every page of authorization/list, not just the one on screen)
// as a CSV download, each with its holder by name, the filter read exactly as the page reads it
// (transactions-filters.ts), so the rows are the filter's. Refusals, the first page read before
// answering, and the audit entry are the shared export's (exportFilteredCsv); the caller is
// checked here (staffRoute).
import { staffRoute, type StaffRouteContext } from '@/lib/backoffice/auth/staff-route';
import { exportFilteredCsv } from '@/lib/backoffice/shared/filtered-csv-export';
import {
  transactionCsvLine,
  transactionsCsvFilename,
  transactionsCsvPreamble,
} from '@/lib/backoffice/transactions/transactions-csv';
import { walkNamedTransactions } from '@/lib/backoffice/transactions/transactions-data';
import {
  describeTransactionFilters,
  parseTransactionsQuery,
} from '@/lib/backoffice/transactions/transactions-filters';

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

async function exportTransactions({ request, staff }: StaffRouteContext<unknown>): Promise<Response> {
  return exportFilteredCsv({
    staff,
    query: parseTransactionsQuery(request.nextUrl.searchParams),
    page: 'Transactions',
    what: 'purchases',
    action: 'transactions.export',
    describe: describeTransactionFilters,
    walk: walkNamedTransactions,
    filename: transactionsCsvFilename(new Date()),
    preamble: transactionsCsvPreamble(),
    lines: (batch) => batch.map((p) => transactionCsvLine(p.authorization, p.holder)).join(''),
    name: 'transactions-export',
  });
}
