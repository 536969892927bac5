// The card-view origins form on /developers (docs/back-office.md "Pages", Developers): the
// addresses of the agency's own app pages that may embed the wallet's card-details page in an
// iframe (app/cardViewOrigins/set; docs/wallet-api.md "The card-details link"). Typed one per line
// or separated by commas; checked by the wallet's own rule (cardViewOriginsParam), so the form
// refuses exactly what the wallet would, beside the field. Empty allows none.
import { z } from 'zod';
import { cardViewOriginsParam } from '@/lib/wallet/contract/schemas';
import { fromFormData } from '../shared/action-form-data';
import { CARD_VIEW_ORIGINS_RULE } from './card-view-rule';

/** The origins as the wallet takes them: comma-separated, blanks dropped. */
export function originsParam(typed: string): string {
  return typed
    .split(/[\n,]/)
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .join(',');
}

export const setCardViewOriginsSchema = z.object({
  origins: z
    .string()
    .transform(originsParam)
    .refine(
      (origins) => origins === '' || cardViewOriginsParam.safeParse(origins).success,
      `Card-view origins: ${CARD_VIEW_ORIGINS_RULE}`,
    ),
});
export const setCardViewOriginsPostSchema = z.preprocess(fromFormData, setCardViewOriginsSchema);
