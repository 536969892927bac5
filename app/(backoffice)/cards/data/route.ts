// GET /cards/data?page=&size=&q=: one page of the card list as JSON (cards-view's CardsPage), for
// the /cards browser's client-side paging and prefetching. Checks the caller itself (a route
// handler sits outside every layout), masks card numbers, and is never cached.
import { NextResponse, type NextRequest } from 'next/server';
import { can } from '@/lib/backoffice/auth/permissions';
import { asWalletClientError, describeCardsError, loadCardsPage } from '@/lib/backoffice/cards-data';
import { parseCardsQuery, type CardsError } from '@/lib/backoffice/cards-view';
import { cardsPageSchema } from '@/lib/backoffice/cards-view-schemas';
import { getCurrentStaff } from '@/lib/backoffice/auth/current-staff';

export const dynamic = 'force-dynamic';

const NO_STORE = { 'Cache-Control': 'no-store' };

function refuse(status: number, error: CardsError) {
  return NextResponse.json({ error }, { status, headers: NO_STORE });
}

export async function GET(request: NextRequest) {
  const me = await getCurrentStaff();
  if (!me) {
    return refuse(401, {
      title: 'You are signed out',
      message: 'Your session has ended. Sign in again to see the cards.',
    });
  }
  if (!can(me.role, 'cards.read')) {
    return refuse(403, {
      title: 'You do not have access to the cards',
      message: 'Your role does not include the card list. Ask an administrator if you need it.',
    });
  }
  const query = parseCardsQuery(request.nextUrl.searchParams);
  try {
    // Parsed on the way out, not only typed: a full card number would fail the masked-number rule.
    const page = cardsPageSchema.parse(await loadCardsPage(query));
    return NextResponse.json(page, { headers: NO_STORE });
  } catch (error) {
    const walletError = asWalletClientError(error);
    if (!walletError) throw error;
    const { status, ...described } = describeCardsError(walletError);
    return refuse(status, described);
  }
}
