// The decision endpoint's forms on /developers (docs/card-spending.md "The agency's decision"):
// setting where the programme decides each purchase (URL, fallback, deadline; an empty URL removes
// it; a field not posted is left as it is, as decision/set leaves it), rotating its signing secret
// (rotateSecret alone), and sending a test authorization through it (a small simulated purchase on
// a card, reversed at once). One schema each for the hydrated form and a post without JavaScript.
import { z } from 'zod';
import { DECISION_FALLBACKS } from '@/lib/wallet/contract/enums';
import { positiveIdParam, webhookUrlParam } from '@/lib/wallet/contract/schemas';
import { fromFormData } from '../shared/action-form-data';

export const setDecisionSchema = z.object({
  url: z
    .string()
    .trim()
    .max(2048, 'The URL must be at most 2048 characters.')
    .refine(
      (v) => v === '' || webhookUrlParam.safeParse(v).success,
      'Enter a URL like https://example.com/decide, without a user name or password; empty removes the endpoint.',
    )
    .optional(),
  fallback: z.enum(DECISION_FALLBACKS, 'Choose approve or decline.').optional(),
  timeoutMs: z.coerce
    .number('Enter the deadline in milliseconds, 100 to 2000.')
    .int('Enter the deadline in whole milliseconds, 100 to 2000.')
    .min(100, 'The deadline must be at least 100 ms.')
    .max(2000, 'The deadline must be at most 2000 ms.')
    .optional(),
  /** The "Rotate secret" form posts this alone: a new secret, the old one signing 24 h more. */
  rotateSecret: z.literal('true').optional(),
});
export const setDecisionPostSchema = z.preprocess(fromFormData, setDecisionSchema);

export const testDecisionSchema = z.object({ cardId: positiveIdParam });
export const testDecisionPostSchema = z.preprocess(fromFormData, testDecisionSchema);
