// GET /transactions/export?status=&declineReason=&appUserId=&holder=&from=&to=: every purchase
// the /transactions filter selects (every page of authorization/list, not just the one on screen)
// as a CSV download, each with its holder by name, the filter read exactly as the page reads it
// (transactions-filters.ts), so the rows are the filter's. A filter that is not valid, or a name
// that is not exactly one person, is refused rather than exporting more than was asked for. Checks the caller itself (staffRoute), reads the first page before answering so that
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
import {
  findHolder,
  holderNameOf,
  walkNamedTransactions,
  type NamedPurchase,
} from '@/lib/backoffice/transactions/transactions-data';
import {
  describeTransactionFilters,
  parseTransactionsQuery,
} from '@/lib/backoffice/transactions/transactions-filters';
import { asWalletClientError } from '@/lib/backoffice/wallet-client';

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
  const { filters, holder, invalid } = parseTransactionsQuery(request.nextUrl.searchParams);
  if (Object.keys(invalid).length > 0) {
    return plainText(
      400,
      'Some filters are not valid. Correct them on the Transactions page and export again.',
    );
  }
  // A person by name is exported only when the name means one person: never more than was asked.
  let holderName: string | undefined;
  try {
    const match = holder ? await findHolder(holder) : undefined;
    if (match && match.kind !== 'one') {
      return plainText(
        400,
        'That name does not match exactly one person. Choose the person on the Transactions page and export again.',
      );
    }
    if (match) filters.appUserId = match.appUserId;
    holderName = match?.name ?? (filters.appUserId ? await holderNameOf(filters.appUserId) : undefined);
  } catch (error) {
    const walletError = asWalletClientError(error);
    if (!walletError) throw error;
    return plainText(502, `The purchases could not be exported. ${walletError.staffMessage}`);
  }
  const scope = describeTransactionFilters(filters, holderName);
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
  const batches = walkNamedTransactions(filters);
  let first: IteratorResult<NamedPurchase[], void>;
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
    return plainText(502, `The purchases could not be exported. ${walletError.staffMessage}`);
  }
  await audit('success', `CSV export of ${scope}`, 0);
  return csvDownload({
    filename: transactionsCsvFilename(new Date()),
    preamble: transactionsCsvPreamble(),
    first,
    rest: batches,
    lines: (batch) => batch.map((p) => transactionCsvLine(p.authorization, p.holder)).join(''),
    name: 'transactions-export',
    describeError: (error) => asWalletClientError(error)?.message ?? 'unexpected error',
  });
}
