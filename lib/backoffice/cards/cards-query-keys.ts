// The react-query keys of the /cards list: the one place they are spelled, so that the browser's
// queries, its prefetches and any invalidation (a newly issued card) agree.
import type { CardsQuery } from '@/lib/backoffice/cards/cards-view';

export const cardsQueryKeys = {
  all: ['cards'] as const,
  pages: () => [...cardsQueryKeys.all, 'page'] as const,
  page: ({ page, size, q, all }: CardsQuery) => [...cardsQueryKeys.pages(), { page, size, q, all }] as const,
};
