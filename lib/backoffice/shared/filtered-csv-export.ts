// The CSV export of a filtered list page (/transactions, /disputes): the filter read exactly as
// the page reads it, refused when it is not valid or when a person asked for by name is not
// exactly one person (never more than was asked for), the first batch read before answering (a
// refusal is a plain error rather than a broken file), and the export audited with its scope in
// words, or its failure. The route checks the caller itself (staffRoute) and gives its list's
// parts; the file is streamed by csvDownload.
import { recordAudit } from '@/lib/backoffice/audit/record-audit';
import { describeWalletFailure } from '@/lib/backoffice/audit/wallet-failure';
import type { CurrentStaff } from '@/lib/backoffice/auth/current-staff';
import { plainText } from '@/lib/backoffice/auth/staff-route';
import { getDb } from '@/lib/backoffice/db';
import { findHolder, holderNameOf } from '@/lib/backoffice/transactions/transactions-data';
import { asWalletClientError } from '@/lib/backoffice/wallet-client';
import { csvDownload } from './csv-download';

export async function exportFilteredCsv<F extends { appUserId?: string | undefined }, T>(options: {
  staff: CurrentStaff;
  /** The page's filter as parsed, and what it could not read. */
  query: { filters: F; holder?: string | undefined; invalid: Record<string, unknown> };
  /** The page the refusals send the member of staff back to, e.g. "Transactions". */
  page: string;
  /** What is exported, in words, e.g. "purchases". */
  what: string;
  /** The audit action, e.g. "transactions.export". */
  action: string;
  /** The filter in words, for the audit entry. */
  describe: (filters: F, holderName: string | undefined) => string;
  /** Every row the filter selects, a batch at a time. */
  walk: (filters: F) => AsyncGenerator<T[], void, undefined>;
  filename: string;
  preamble: string;
  lines: (batch: T[]) => string;
  /** For the log line when a later batch fails, e.g. "transactions-export". */
  name: string;
}): Promise<Response> {
  const { filters, holder, invalid } = options.query;
  if (Object.keys(invalid).length > 0) {
    return plainText(
      400,
      `Some filters are not valid. Correct them on the ${options.page} page and export again.`,
    );
  }
  const unavailable = (message: string) =>
    plainText(502, `The ${options.what} could not be exported. ${message}`);
  // A person by name is exported only when the name means one person: never more than was asked.
  let holderName: string | undefined;
  try {
    const match = holder ? await findHolder(holder) : undefined;
    if (match && match.kind !== 'one') {
      return plainText(
        400,
        `That name does not match exactly one person. Choose the person on the ${options.page} page and export again.`,
      );
    }
    if (match) filters.appUserId = match.appUserId;
    holderName = match?.name ?? (filters.appUserId ? await holderNameOf(filters.appUserId) : undefined);
  } catch (error) {
    const walletError = asWalletClientError(error);
    if (!walletError) throw error;
    return unavailable(walletError.staffMessage);
  }
  const scope = options.describe(filters, holderName);
  const me = options.staff;
  const audit = (outcome: 'success' | 'failure', summary: string, resultCode: number | null) =>
    getDb().then((db) =>
      recordAudit(db, {
        actor: { id: me.id, email: me.email, role: me.role },
        action: options.action,
        outcome,
        resultCode,
        summary,
        ...(filters.appUserId ? { subjectUser: filters.appUserId } : {}),
      }),
    );
  const batches = options.walk(filters);
  let first: IteratorResult<T[], void>;
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
    return unavailable(walletError.staffMessage);
  }
  await audit('success', `CSV export of ${scope}`, 0);
  return csvDownload({
    filename: options.filename,
    preamble: options.preamble,
    first,
    rest: batches,
    lines: options.lines,
    name: options.name,
    describeError: (error) => asWalletClientError(error)?.message ?? 'unexpected error',
  });
}
