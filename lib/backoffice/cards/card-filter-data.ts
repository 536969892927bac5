// One page of the filtered /cards list (card/list, docs/wallet-api.md "card/list"), of one holder
// when the search box names one: each card with
// its number masked before it leaves the server, its holder's name and page, its status and
// issue time, and the cursor of the next page. Server-only.
import 'server-only';
import { maskCardNumber } from '@/lib/backoffice/shared/mask';
import { getWalletClient } from '@/lib/backoffice/wallet-client';
import type { CardFilters } from './card-filters';
import { cardsFilterField } from './cards-view-schemas';

export type FilteredCard = {
  cardId: number;
  appUserId: string;
  holder: string;
  maskedNumber: string;
  name: string;
  type: 'VIRTUAL' | 'PHYSICAL';
  status: string;
  issueTime: string;
};

export type FilteredCardsPage = { cards: FilteredCard[]; nextCursor: string | null };

/**
 * The holder the search box names, as card/list takes it (an app user ID): an e-mail is looked up
 * (4.2 by e-mail); null when nobody has it.
 */
async function holderAppUserId(holder: string): Promise<string | null> {
  if (cardsFilterField(holder) !== 'email') return holder;
  const found = await getWalletClient().cardListAllByUser({ email: holder, pageSize: 1, withCards: false });
  return found.list[0]?.appUserId ?? null;
}

export async function loadFilteredCards(
  filters: CardFilters,
  cursor: string | null,
): Promise<FilteredCardsPage> {
  const appUserId = filters.holder ? await holderAppUserId(filters.holder) : undefined;
  if (appUserId === null) return { cards: [], nextCursor: null };
  const page = await getWalletClient().cardList({
    ...(appUserId ? { appUserId } : {}),
    ...(filters.status ? { status: filters.status } : {}),
    ...(filters.type ? { type: filters.type } : {}),
    ...(filters.last4 ? { last4: filters.last4 } : {}),
    ...(filters.from ? { issuedFrom: filters.from } : {}),
    ...(filters.to ? { issuedTo: filters.to } : {}),
    sort: filters.sort,
    ...(cursor ? { cursor } : {}),
    pageSize: filters.size,
  });
  return {
    cards: page.list.map((card) => ({
      cardId: card.cardId,
      appUserId: card.appUserId,
      holder: card.cardHolder,
      maskedNumber: maskCardNumber(card.cardNumber),
      name: card.cardName,
      type: card.type,
      status: card.status,
      issueTime: card.issueTime,
    })),
    nextCursor: page.nextCursor,
  };
}
