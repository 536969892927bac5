// user/cardList (docs/wallet-api.md "4.6 User card list").
import { z } from 'zod';
import { defineOperation } from '@/lib/wallet/contract/define-operation';
import { appUserIdParam, authParams, userCardSummarySchema } from '@/lib/wallet/contract/schemas';

const userCardListParams = z.object({ ...authParams, appUserId: appUserIdParam });

export const userCardList = defineOperation({
  name: 'userCardList',
  method: 'GET',
  path: '/wallet/api/user/cardList',
  summary: "One user's cards",
  section: '4.6',
  tag: 'Card Management',
  extension: false,
  mutating: false,
  params: userCardListParams,
  data: z.array(userCardSummarySchema),
  codes: [3001],
  events: [],
});
