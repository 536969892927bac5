// The forms of /sandbox (docs/back-office.md "Routes"; docs/card-spending.md "Sandbox and live"):
// a simulated purchase on a card (merchant, category code chosen under its group's name, country,
// amount) and the merchant's next step on it: clear, reverse or refund, each with an optional
// amount (empty: the wallet's default); a simulated deposit to a user's address and more
// confirmations for one still confirming. One schema each for the hydrated form and a post without
// JavaScript.
import { z } from 'zod';
import { chainAddress, MAX_CONFIRMATIONS, REQUIRED_CONFIRMATIONS } from '@/lib/wallet/contract/chains';
import { DEPOSIT_CHAINS } from '@/lib/wallet/contract/enums';
import {
  appUserIdParam,
  countryParam,
  mccParam,
  positiveIdParam,
  requestIdParam,
} from '@/lib/wallet/contract/schemas';
import { fromFormData } from '../shared/action-form-data';
import { amountField, optionalAmountField } from '../shared/amount-field';

/** Empty: the wallet's default (the whole amount); else as typed, read as every amount is. */
const optionalAmount = optionalAmountField();

export const simulatePurchaseSchema = z.object({
  cardId: positiveIdParam,
  merchantName: z
    .string('Enter the merchant as it would appear on a statement.')
    .trim()
    .min(1, 'Enter the merchant as it would appear on a statement.')
    .max(100, 'The merchant name must be at most 100 characters.'),
  mcc: mccParam,
  merchantCountry: countryParam,
  amount: amountField(),
  requestId: requestIdParam,
});
export const simulatePurchasePostSchema = z.preprocess(fromFormData, simulatePurchaseSchema);

export const merchantStepSchema = z.object({
  /** The authorization (clear, reverse) or the transaction (refund) it acts on. */
  id: positiveIdParam,
  /** The card the authorization is on: what the audit entry is about. */
  cardId: positiveIdParam,
  /** A refund's purchase (its id is the transaction's), so its audit entry names it in words. */
  authorizationId: positiveIdParam.optional(),
  amount: optionalAmount,
  requestId: requestIdParam,
});
export const merchantStepPostSchema = z.preprocess(fromFormData, merchantStepSchema);

/**
 * A simulated deposit (docs/deposits-and-kyt.md "simulate/deposit"): to a user's deposit address
 * on a chain (the action asks the wallet for it), an amount of USDT, and the confirmations it has
 * so far (empty: the chain's required number). `transaction` is 64 hex characters made as the page renders: the transaction's hash on
 * the chain (ETHEREUM writes it after 0x), so posting the form twice is one deposit. The sender is
 * optional: empty, one is made from the same characters (the same on every post).
 */
export const simulateDepositSchema = z
  .object({
    appUserId: appUserIdParam,
    chain: z.enum(DEPOSIT_CHAINS, 'Choose the chain: Ethereum or Tron.'),
    amount: amountField({
      missing: 'Enter the amount of USDT, e.g. 250.00.',
      rule: (v) =>
        /^\d{1,12}(\.|$)/.test(v)
          ? undefined
          : 'That amount is too large: at most 12 digits before the point.',
    }),
    // Empty: the chain's number (depositConfirmations), so a deposit is screened at once unless
    // the trainer asks for one still confirming.
    confirmations: z
      .string('Enter the confirmations so far, e.g. 3, or leave it empty.')
      .trim()
      .optional()
      .refine(
        (v) => v === undefined || v === '' || /^\d{1,7}$/.test(v),
        'Enter the confirmations as a whole number, e.g. 3, or leave it empty.',
      )
      .transform((v) => (v ? Number(v) : undefined))
      .refine(
        (n) => n === undefined || n <= MAX_CONFIRMATIONS,
        `At most ${MAX_CONFIRMATIONS.toLocaleString('en-US')}.`,
      ),
    fromAddress: z
      .string()
      .trim()
      .optional()
      .transform((v) => (v ? v : undefined)),
    transaction: z.string().regex(/^[0-9a-f]{64}$/, 'Reload the page: the form is out of date.'),
  })
  .superRefine((v, ctx) => {
    if (v.fromAddress !== undefined && chainAddress(v.chain, v.fromAddress) === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['fromAddress'],
        message:
          v.chain === 'ETHEREUM'
            ? 'An Ethereum address is 0x and 40 hex characters, in mixed case with a valid checksum; or leave it empty.'
            : "A Tron address is 'T' and 33 base58 characters with a valid checksum; or leave it empty.",
      });
    }
  });
export const simulateDepositPostSchema = z.preprocess(fromFormData, simulateDepositSchema);

/** The confirmations a simulated deposit has: as given, or the chain's required number. */
export function depositConfirmations(values: {
  chain: (typeof DEPOSIT_CHAINS)[number];
  confirmations?: number | undefined;
}): number {
  return values.confirmations ?? REQUIRED_CONFIRMATIONS[values.chain];
}

/** More confirmations for a deposit still confirming (docs/deposits-and-kyt.md "simulate/confirm"). */
export const simulateConfirmSchema = z.object({
  depositId: positiveIdParam,
  /** The user the deposit is to: what the audit entry is about. */
  appUserId: appUserIdParam,
  confirmations: z
    .string('Enter the confirmations now, e.g. 12.')
    .trim()
    .regex(/^\d{1,7}$/, 'Enter the confirmations as a whole number, e.g. 12.')
    .transform(Number)
    .refine((n) => n <= MAX_CONFIRMATIONS, `At most ${MAX_CONFIRMATIONS.toLocaleString('en-US')}.`),
});
export const simulateConfirmPostSchema = z.preprocess(fromFormData, simulateConfirmSchema);

/**
 * "Open as the cardholder" and the cardholder's own steps on it (docs/back-office.md "Sandbox"):
 * the card chosen by name, and what the cardholder does: open it (their cards, purchases and the
 * card's details), freeze it or unfreeze it.
 */
export const CARDHOLDER_STEPS = ['open', 'freeze', 'unfreeze'] as const;
export type CardholderStep = (typeof CARDHOLDER_STEPS)[number];
export const cardholderSchema = z.object({
  appUserId: appUserIdParam,
  cardId: positiveIdParam,
  step: z.enum(CARDHOLDER_STEPS, 'Choose what the cardholder does.'),
});
export const cardholderPostSchema = z.preprocess(fromFormData, cardholderSchema);
