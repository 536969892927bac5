// The card-view origins form on /developers (docs/back-office.md "Pages", Developers): the
// addresses of the agency's own app pages that may embed the wallet's card-details page in an
// iframe (app/cardViewOrigins/set; docs/wallet-api.md "The card-details link"). Typed one per line
// or separated by commas; checked by the wallet's own rule (cardViewOriginsParam), so the form
// refuses exactly what the wallet would, beside the field. Empty allows none.
import { z } from 'zod';
import { CARD_VIEW_ORIGINS_MAX, cardViewOriginsParam } from '@/lib/wallet/contract/schemas';
import { fromFormData } from '../shared/action-form-data';

/** The rule in words, as the form says it and its error repeats it. */
export const CARD_VIEW_ORIGINS_RULE = `Each an https:// origin, like https://app.example.com (a port may follow; no path; http://localhost or http://127.0.0.1 while developing), one per line or separated by commas, at most ${CARD_VIEW_ORIGINS_MAX}. Empty: no page may embed it.`;

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
