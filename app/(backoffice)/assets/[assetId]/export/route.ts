// GET /assets/[assetId]/export[?user=][&type=]: the asset's whole ledger, or the entries of one
// type (every page of asset/ledger, not just the one on screen), as a CSV download. Checks the caller itself (assets.read), finds the
// asset as the page does (the agency's, or the named user's) and asks for the first page before
// answering, so that a refusal is a plain error rather than a broken file, then streams the rest
// page by page. Each export is written to the audit log, as the card list's is.
import {
  assetIdFromSegment,
  ledgerCsvFilename,
  ledgerCsvLine,
  LEDGER_TYPE_RULE,
  ledgerCsvPreamble,
  ledgerTypeLabel,
  parseLedgerType,
} from '@/lib/backoffice/assets/asset-ledger';
import { asWalletClientError } from '@/lib/backoffice/wallet-client';
import { findAsset, walkLedger } from '@/lib/backoffice/assets/asset-ledger-data';
import { recordAudit } from '@/lib/backoffice/audit/record-audit';
import { describeWalletFailure } from '@/lib/backoffice/audit/wallet-failure';
import { plainText, staffRoute, type StaffRouteContext } from '@/lib/backoffice/auth/staff-route';
import { getDb } from '@/lib/backoffice/db';
import type { LedgerEntry } from '@/lib/wallet/contract/schemas';
import { csvDownload } from '@/lib/backoffice/shared/csv-download';

export const dynamic = 'force-dynamic';

export const GET = staffRoute<{ assetId: string }>(
  {
    action: 'asset.export',
    permission: 'assets.read',
    format: 'text',
    signedOut: 'Your session has ended. Sign in again to export the ledger.',
    forbidden: 'Your role does not include the assets. Ask an administrator if you need them.',
  },
  exportLedger,
);

async function exportLedger({
  request,
  staff: me,
  params,
}: StaffRouteContext<{ assetId: string }>): Promise<Response> {
  const assetId = assetIdFromSegment(params.assetId);
  const notFound =
    'Asset not found. It is not one of the agency’s assets, nor one of the user’s the link names.';
  if (assetId === null) return plainText(404, notFound);
  const { type, valid } = parseLedgerType(request.nextUrl.searchParams.get('type') ?? undefined);
  if (!valid) {
    return plainText(400, `type ${LEDGER_TYPE_RULE}.`);
  }
  const lookup = await findAsset(assetId, request.nextUrl.searchParams.get('user'));
  if (lookup.kind === 'not-found') return plainText(404, notFound);
  if (lookup.kind === 'error') return plainText(502, `The asset could not be loaded. ${lookup.staffMessage}`);
  const { asset, owner } = lookup;
  const ownerText = owner.kind === 'agency' ? 'the agency' : `user ${owner.appUserId}`;
  const what = type
    ? `the ${ledgerTypeLabel(type).toLowerCase()} entries of asset ${assetId}`
    : `the ledger of asset ${assetId}`;

  const audit = (outcome: 'success' | 'failure', summary: string, resultCode?: number | null) =>
    getDb().then((db) =>
      recordAudit(db, {
        actor: { id: me.id, email: me.email, role: me.role },
        action: 'asset.export',
        ...(owner.kind === 'user' ? { subjectUser: owner.appUserId } : {}),
        outcome,
        resultCode: resultCode ?? null,
        summary,
      }),
    );

  const entries = walkLedger({ assetId, type });
  let firstPage: IteratorResult<LedgerEntry[], void>;
  try {
    firstPage = await entries.next();
  } catch (error) {
    const walletError = asWalletClientError(error);
    if (!walletError) throw error;
    await audit(
      'failure',
      `CSV export of ${what} (${ownerText}): ${describeWalletFailure(walletError)}`,
      walletError.code || null,
    );
    return plainText(502, `The ledger could not be loaded. ${walletError.staffMessage}`);
  }
  await audit('success', `CSV export of ${what} (${ownerText})`, 0);

  return csvDownload({
    filename: ledgerCsvFilename(assetId, new Date(), type),
    preamble: ledgerCsvPreamble(),
    first: firstPage,
    rest: entries,
    lines: (page) => page.map((entry) => ledgerCsvLine(entry, asset)).join(''),
    name: 'ledger-export',
    describeError: (error) => asWalletClientError(error)?.message ?? 'unexpected error',
  });
}
