// GET /cards/export?q=&cards=: every card the filter selects (card holders only unless cards=all, as the list) (all pages of 4.2, not just the one on
// screen) as a CSV download, masked card numbers only. Checks the caller itself, asks the wallet
// for the first page before answering so that a refusal is a plain error rather than a broken
// file, then streams the rest page by page. Each export is written to the audit log: it carries
// users' personal data out of the back-office.
import { cardsCsvFilename, cardsCsvLines, cardsCsvPreamble } from '@/lib/backoffice/cards/cards-csv';
import { describeCardsError, walkCardsUsers } from '@/lib/backoffice/cards/cards-data';
import { asWalletClientError } from '@/lib/backoffice/wallet-client';
import { parseCardsQuery, type CardsUserRow } from '@/lib/backoffice/cards/cards-view';
import { cardsFilterField } from '@/lib/backoffice/cards/cards-view-schemas';
import { recordAudit } from '@/lib/backoffice/audit/record-audit';
import { describeWalletFailure } from '@/lib/backoffice/audit/wallet-failure';
import { plainText, staffRoute, type StaffRouteContext } from '@/lib/backoffice/auth/staff-route';
import { getDb } from '@/lib/backoffice/db';
import { csvDownload } from '@/lib/backoffice/shared/csv-download';

export const dynamic = 'force-dynamic';

export const GET = staffRoute(
  {
    action: 'cards.export',
    permission: 'cards.read',
    format: 'text',
    signedOut: 'Your session has ended. Sign in again to export the cards.',
    forbidden: 'Your role does not include the card list. Ask an administrator if you need it.',
  },
  exportCards,
);

async function exportCards({ request, staff: me }: StaffRouteContext<unknown>): Promise<Response> {
  const { q, all } = parseCardsQuery(request.nextUrl.searchParams);
  const who = all ? 'all users' : 'users with cards';
  const scope =
    q === null ? who : `${who}, ${cardsFilterField(q) === 'email' ? 'e-mail' : 'app user ID'} ${q}`;
  const audit = (outcome: 'success' | 'failure', summary: string, resultCode?: number | null) =>
    getDb().then((db) =>
      recordAudit(db, {
        actor: { id: me.id, email: me.email, role: me.role },
        action: 'cards.export',
        outcome,
        resultCode: resultCode ?? null,
        summary,
      }),
    );

  const users = walkCardsUsers({ q, all });
  let firstPage: IteratorResult<CardsUserRow[], void>;
  try {
    firstPage = await users.next();
  } catch (error) {
    const walletError = asWalletClientError(error);
    if (!walletError) throw error;
    await audit(
      'failure',
      `CSV export of cards (${scope}): ${describeWalletFailure(walletError)}`,
      walletError.code || null,
    );
    const described = describeCardsError(walletError);
    return plainText(described.status, `${described.title}. ${described.message}`);
  }
  await audit('success', `CSV export of cards (${scope})`, 0);

  return csvDownload({
    filename: cardsCsvFilename(new Date()),
    preamble: cardsCsvPreamble(),
    first: firstPage,
    rest: users,
    lines: (page) => page.map(cardsCsvLines).join(''),
    name: 'cards-export',
    describeError: (error) => asWalletClientError(error)?.message ?? 'unexpected error',
  });
}
