// The spending-controls form of a card's page (docs/back-office.md "Pages": a card's spending
// controls): the four limits as amounts (empty: no limit), the merchant category groups to block
// (lib/wallet/contract/merchant-categories.ts), codes blocked one by one kept as they are, the
// countries kept blocked and more to add (several at once, by name or code), and the confirmation a removal needs. One schema for
// the hydrated form and a form posted without JavaScript (fromFormData).
import { z } from 'zod';
import { MERCHANT_CATEGORY_GROUPS } from '@/lib/wallet/contract/merchant-categories';
import { appUserIdParam, countryParam, positiveIdParam, requestIdParam } from '@/lib/wallet/contract/schemas';
import { LIMIT_FIELDS } from './controls-view';
import { parseCountryList, unknownCountriesMessage } from './country-list';
import { fromFormData } from '../shared/action-form-data';
import { optionalAmountField } from '../shared/amount-field';

/** Checkboxes posted as groups.0, groups.3...: the list without the unticked gaps. */
const ticked = (value: unknown) =>
  Array.isArray(value) ? value.filter((v) => v !== undefined && v !== '') : (value ?? []);

const GROUP_KEYS = MERCHANT_CATEGORY_GROUPS.map((g) => g.key) as [string, ...string[]];

/** A limit as typed ("1,000.00", "$50"): empty (no limit) or an amount above 0; the wallet checks the decimals. */
const limitField = optionalAmountField();

const onOff = z.preprocess((v) => v === true || v === 'on' || v === 'true', z.boolean()).default(false);

export const cardControlsFormSchema = z.object({
  appUserId: appUserIdParam,
  cardId: positiveIdParam,
  requestId: requestIdParam,
  ...(Object.fromEntries(LIMIT_FIELDS.map((f) => [f.name, limitField])) as Record<
    (typeof LIMIT_FIELDS)[number]['name'],
    typeof limitField
  >),
  groups: z.preprocess(ticked, z.array(z.enum(GROUP_KEYS, 'Choose categories from the list.'))).default([]),
  otherMcc: z
    .preprocess(ticked, z.array(z.string().regex(/^\d{4}$/, 'A merchant category code has 4 digits.')))
    .default([]),
  countries: z.preprocess(ticked, z.array(countryParam)).default([]),
  // Several at once, typed as names or codes ("Malta, CY"): country-list.ts.
  addCountries: z
    .string()
    .max(2000, 'Type at most 2,000 characters of countries.')
    .optional()
    .transform((text, ctx) => {
      const list = parseCountryList(text ?? '');
      if (list.ok) return list.codes;
      ctx.addIssue({ code: 'custom', message: unknownCountriesMessage(list.unknown) });
      return z.NEVER;
    }),
  confirmRemoval: onOff,
});

export const cardControlsFormPostSchema = z.preprocess(fromFormData, cardControlsFormSchema);
export type CardControlsFormValues = z.output<typeof cardControlsFormSchema>;
