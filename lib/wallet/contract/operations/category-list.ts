// card/categoryList (docs/wallet-api.md "Extension: card categories").
import { z } from 'zod';
import { defineOperation } from '@/lib/wallet/contract/define-operation';
import { authParams, cardCategorySchema } from '@/lib/wallet/contract/schemas';

const categoryListParams = z.object({ ...authParams });

export const categoryList = defineOperation({
  name: 'categoryList',
  method: 'POST',
  path: '/wallet/api/card/categoryList',
  summary: 'Extension: the card categories that can be applied for, with their fees',
  section: 'extension',
  tag: 'Card Management',
  extension: true,
  mutating: false,
  params: categoryListParams,
  data: z.array(cardCategorySchema),
  codes: [],
  events: [],
});
