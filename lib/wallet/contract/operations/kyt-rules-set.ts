// kyt/rules/set (docs/deposits-and-kyt.md "kyt/rules/set"): given empty clears a list, absent
// leaves a rule as it is; a change is an event kyt.rules_changed, the rules before and after.
import { z } from 'zod';
import { defineOperation } from '@/lib/wallet/contract/define-operation';
import {
  addressListParam,
  amountParam,
  authParams,
  booleanParam,
  kytRulesSchema,
} from '@/lib/wallet/contract/schemas';

const kytRulesSetParams = z.object({
  ...authParams,
  blockedAddresses: addressListParam.optional(),
  reviewAddresses: addressListParam.optional(),
  reviewAmount: amountParam.optional(),
  severeAmount: amountParam.optional(),
  apiRelease: booleanParam.optional(),
});

export const kytRulesSet = defineOperation({
  name: 'kytRulesSet',
  method: 'POST',
  path: '/wallet/api/kyt/rules/set',
  summary: "Extension: change the app's KYT rules; an absent parameter leaves its rule as it is",
  section: 'extension',
  tag: 'KYT',
  extension: true,
  mutating: true,
  params: kytRulesSetParams,
  data: kytRulesSchema,
  codes: [],
  events: ['kyt.rules_changed'],
  clearable: ['blockedAddresses', 'reviewAddresses'],
  paramText: {
    blockedAddresses:
      'Senders whose deposits are SEVERE, separated by commas, each with a valid checksum (else 1002); given empty, clears the list',
    reviewAddresses:
      'Senders whose deposits are HIGH, separated by commas, each with a valid checksum (else 1002); given empty, clears the list',
    reviewAmount:
      'USDT amount from which a deposit is MEDIUM (AMOUNT_OVER_REVIEW, and the base of FIRST_DEPOSIT_LARGE and VELOCITY)',
    severeAmount:
      "USDT amount from which a deposit, or the user's deposits in 24 hours, are HIGH and held (AMOUNT_OVER_SEVERE, VELOCITY_SEVERE)",
    apiRelease:
      "true or false (default true): false refuses deposit/release with the app's key alone (4016), so a held deposit is released only through the back-office's two-person approval",
  },
});
