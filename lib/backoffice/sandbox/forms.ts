// The forms of /sandbox (docs/back-office.md "Routes"; docs/card-spending.md "Sandbox and live"):
// a simulated purchase on a card (merchant, category code chosen under its group's name, country,
// amount) and the merchant's next step on it: clear, reverse or refund, each with an optional
// amount (empty: the wallet's default). One schema each for the hydrated form and a post without
// JavaScript.
import { z } from 'zod';
import {
  amountParam,
  countryParam,
  mccParam,
  positiveIdParam,
  requestIdParam,
} from '@/lib/wallet/contract/schemas';
import { fromFormData } from '../shared/action-form-data';

const optionalAmount = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined))
  .refine(
    (v) => v === undefined || amountParam.safeParse(v).success,
    'Enter an amount like 12.50, or leave it empty for the whole amount.',
  );

export const simulatePurchaseSchema = z.object({
  cardId: positiveIdParam,
  merchantName: z
    .string('Enter the merchant as it would appear on a statement.')
    .trim()
    .min(1, 'Enter the merchant as it would appear on a statement.')
    .max(100, 'The merchant name must be at most 100 characters.'),
  mcc: mccParam,
  merchantCountry: countryParam,
  amount: amountParam,
  requestId: requestIdParam,
});
export const simulatePurchasePostSchema = z.preprocess(fromFormData, simulatePurchaseSchema);

export const merchantStepSchema = z.object({
  /** The authorization (clear, reverse) or the transaction (refund) it acts on. */
  id: positiveIdParam,
  /** The card the authorization is on: what the audit entry is about. */
  cardId: positiveIdParam,
  amount: optionalAmount,
  requestId: requestIdParam,
});
export const merchantStepPostSchema = z.preprocess(fromFormData, merchantStepSchema);
