// card/controls/set (docs/wallet-api.md "card/controls/set").
import { z } from 'zod';
import { defineOperation } from '@/lib/wallet/contract/define-operation';
import {
  amountParam,
  blockedCountriesParam,
  blockedMccParam,
  cardControlsSchema,
  cardRefParams,
  requestIdParam,
} from '@/lib/wallet/contract/schemas';

const cardControlsSetParams = z.object({
  ...cardRefParams,
  perTransaction: amountParam.optional(),
  daily: amountParam.optional(),
  monthly: amountParam.optional(),
  allTime: amountParam.optional(),
  blockedMcc: blockedMccParam.optional(),
  blockedCountries: blockedCountriesParam.optional(),
  requestId: requestIdParam.optional(),
});

/** The controls a parameter given empty removes (docs/wallet-api.md "card/controls/set"). */
export const CLEARABLE_CONTROLS = [
  'perTransaction',
  'daily',
  'monthly',
  'allTime',
  'blockedMcc',
  'blockedCountries',
] as const;

export const cardControlsSet = defineOperation({
  name: 'cardControlsSet',
  method: 'POST',
  path: '/wallet/api/card/controls/set',
  summary: "Extension: set a card's spending limits and blocked merchant categories and countries",
  section: 'extension',
  tag: 'Card Spending',
  extension: true,
  mutating: true,
  clearable: CLEARABLE_CONTROLS,
  params: cardControlsSetParams,
  data: cardControlsSchema,
  codes: [4007, 4008],
  events: [],
  paramText: {
    perTransaction: 'Limit of one purchase, major units; given empty, removes it; absent, leaves it',
    daily: 'Limit per UTC day, major units; given empty, removes it; absent, leaves it',
    monthly: 'Limit per calendar month (UTC), major units; given empty, removes it; absent, leaves it',
    allTime: "Limit over the card's life, major units; given empty, removes it; absent, leaves it",
    blockedMcc: 'Merchant category codes to decline, separated by commas; given empty, clears the list',
    blockedCountries: 'Merchant countries to decline, separated by commas; given empty, clears the list',
  },
});
