// GET /cards/data?page=&size=&q=: one page of the card list as JSON (cards-view's CardsPage), for
// the /cards browser's client-side paging and prefetching. Checks the caller itself (a route
// handler sits outside every layout: staffRoute), masks card numbers, and is never cached.
import { jsonAnswer, staffRoute } from '@/lib/backoffice/auth/staff-route';
import { describeCardsError, loadCardsPage } from '@/lib/backoffice/cards/cards-data';
import { asWalletClientError } from '@/lib/backoffice/wallet-client';
import { parseCardsQuery } from '@/lib/backoffice/cards/cards-view';
import { cardsPageSchema } from '@/lib/backoffice/cards/cards-view-schemas';

export const dynamic = 'force-dynamic';

export const GET = staffRoute(
  {
    action: 'cards.list',
    permission: 'cards.read',
    format: 'json',
    signedOut: {
      title: 'You are signed out',
      message: 'Your session has ended. Sign in again to see the cards.',
    },
    forbidden: {
      title: 'You do not have access to the cards',
      message: 'Your role does not include the card list. Ask an administrator if you need it.',
    },
  },
  async ({ request }) => {
    const query = parseCardsQuery(request.nextUrl.searchParams);
    try {
      // Parsed on the way out, not only typed: a full card number would fail the masked-number rule.
      const page = cardsPageSchema.parse(await loadCardsPage(query));
      return jsonAnswer(200, page);
    } catch (error) {
      const walletError = asWalletClientError(error);
      if (!walletError) throw error;
      const { status, ...described } = describeCardsError(walletError);
      return jsonAnswer(status, { error: described });
    }
  },
);
