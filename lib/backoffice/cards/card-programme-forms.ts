// The card programme's contracts in the back-office (docs/wallet-api.md "Card lifecycle";
// docs/back-office.md "Roles"): a card's lifecycle actions and the money dialogs (fund a wallet,
// top up a card). One schema per contract, shared by the dialogs' form resolver and the server
// actions of lib/backoffice/cards/actions.ts and transfers.ts; every rule is the wallet's own
// parameter rule, plus the sentences a person reads.
import { z } from 'zod';
import { amountField } from '@/lib/backoffice/shared/amount-field';
import { appUserIdParam, positiveIdParam, requestIdParam } from '@/lib/wallet/contract/schemas';
import { MAKER_REASON_MAX } from '@/lib/backoffice/approvals/approval-facts';
import { fromFormData } from '@/lib/backoffice/shared/action-form-data';
import {
  amountRuleMessage,
  CARD_CHANGE_REASONS,
  CARD_NOTE_MAX,
  TRANSFER_KINDS,
} from './card-programme-rules';

// The rules live beside, without zod, for the client components; server code may import them
// from here.
export * from './card-programme-rules';

/**
 * Why the maker asks, when the action waits for a second person (docs/back-office.md
 * "Approvals"): optional here, required by the action once it knows the request waits.
 */
const makerReason = z
  .string()
  .trim()
  .max(MAKER_REASON_MAX, `The reason must be at most ${MAKER_REASON_MAX} characters.`)
  .optional();

/**
 * One card of one user, the request that changes it (made when the dialog opens), and a note for
 * the card's history (who did it and why, in their words; kept in the audit log only).
 */
export const cardChangeSchema = z.object({
  appUserId: appUserIdParam,
  cardId: positiveIdParam,
  requestId: requestIdParam,
  makerReason,
  note: z
    .string()
    .trim()
    .max(CARD_NOTE_MAX, `Note must be at most ${CARD_NOTE_MAX} characters.`)
    .optional()
    .transform((v) => (v ? v : undefined)),
});

/** Lock and cancel need a reason (docs/wallet-api.md "Card lifecycle"). */
export const cardChangeWithReasonSchema = cardChangeSchema.extend({
  reason: z.enum(CARD_CHANGE_REASONS, 'Choose a reason.'),
});

/**
 * Replacing a card (docs/wallet-api.md "card/replace"): the reason the old one is cancelled with;
 * the new card is paid as the old one was, and a physical one is not delivered until an address
 * is chosen (the wizard's path).
 */
export const cardReplaceSchema = cardChangeWithReasonSchema;
/** The replace page's form as the browser posts it without JavaScript (its own page). */
export const cardReplacePostSchema = z.preprocess(fromFormData, cardReplaceSchema);

export type CardChangeValues = z.input<typeof cardChangeSchema>;
export type CardChangeWithReasonValues = z.input<typeof cardChangeWithReasonSchema>;

/**
 * A transfer as a dialog submits it. `appUserId` (and `cardId` for a top-up) say whose money it
 * is, for the audit log and the page to refresh; the wallet checks the pair itself (4010).
 */
export const transferSchema = z.object({
  kind: z.enum(TRANSFER_KINDS),
  appUserId: appUserIdParam,
  cardId: positiveIdParam.optional(),
  fromAssetId: z
    .custom<number | string>((value) => value !== undefined && value !== null && value !== '', {
      error: 'Choose where the money comes from.',
    })
    .pipe(positiveIdParam),
  toAssetId: positiveIdParam,
  // As typed ("1,500.00", "$25"): normalised to the contract's decimal string before the call,
  // or refused in plain words (amount-field.ts), then the wallet's own rule.
  amount: amountField({ rule: amountRuleMessage }),
  requestId: requestIdParam,
  makerReason,
});

/**
 * What a card's or a money page posts without JavaScript (docs/back-office.md "Without
 * JavaScript"): its fields as text, read by the action with the dialog's own schema once it knows
 * which change it is.
 */
export const pagePostSchema = z.preprocess(
  fromFormData,
  z.looseObject({ appUserId: z.string('Choose a user.'), change: z.string().optional() }),
);

export type TransferValues = z.input<typeof transferSchema>;
