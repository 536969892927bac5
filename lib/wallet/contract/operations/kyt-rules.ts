// kyt/rules (docs/deposits-and-kyt.md "kyt/rules").
import { z } from 'zod';
import { defineOperation } from '@/lib/wallet/contract/define-operation';
import { authParams, kytRulesSchema } from '@/lib/wallet/contract/schemas';

export const kytRules = defineOperation({
  name: 'kytRules',
  method: 'POST',
  path: '/wallet/api/kyt/rules',
  summary: "Extension: the app's KYT rules, which every deposit is screened by",
  section: 'extension',
  tag: 'KYT',
  extension: true,
  mutating: false,
  params: z.object({ ...authParams }),
  data: kytRulesSchema,
  codes: [],
  events: [],
});
