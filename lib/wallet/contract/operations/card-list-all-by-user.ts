// cardList/allByUser (docs/wallet-api.md "4.2 All cards under the agency, grouped by user").
import { defineOperation } from '@/lib/wallet/contract/define-operation';
import { cardListAllByUserParams, usersWithCardsPageSchema } from '@/lib/wallet/contract/schemas';

export const cardListAllByUser = defineOperation({
  name: 'cardListAllByUser',
  method: 'POST',
  path: '/wallet/api/cardList/allByUser',
  summary: 'All cards under the agency, grouped by user, one page of users at a time',
  section: '4.2',
  tag: 'Card Management',
  extension: false,
  mutating: false,
  params: cardListAllByUserParams,
  data: usersWithCardsPageSchema,
  codes: [],
  events: [],
  paramText: {
    withCards: 'true: only users holding at least one card, counted so in dataTotal',
    appUserId: "App user ID: when given, only that user's cards are returned",
    email:
      'E-mail address (case-insensitive): when given, only the cards of the user with that e-mail are returned',
  },
});
