// The card-issue wizard's contracts (spec 4.3/4.4 and 4.7, docs/wallet-api.md "Operations"): one
// schema per contract, shared by the wizard's form resolver, the server actions of
// lib/backoffice/card-issue/actions.ts and the wallet client. Every rule comes from the wallet's
// own parameter schemas; the wizard adds only who pays, and a sentence for a choice not made yet
// (the wallet's "must be ..." rules read after the field's name, see withFieldLabel in
// lib/backoffice/card-issue/card-issue-format.ts).
import { z } from 'zod';
import {
  addAddressParams,
  appUserIdParam,
  applyCardParams,
  CARD_ACCOUNT_STATUSES,
  CARD_STATUSES,
  requestIdParam,
} from '@/lib/wallet/contract/schemas';

export const PAYERS = ['agency', 'user'] as const;
export type Payer = (typeof PAYERS)[number];

/**
 * A value the person has to choose first: absent or blank gets `message`, anything else the
 * wallet's rule. Its input admits undefined, which is what a form holds before the choice.
 */
function chosen<Out, In>(schema: z.ZodType<Out, In>, message: string) {
  return (
    z
      .custom<In | undefined>((value) => value !== undefined && value !== null && value !== '', {
        error: message,
      })
      // The check above has ruled undefined out before the wallet's rule runs.
      .pipe(schema as z.ZodType<Out, In | undefined>)
  );
}

/** An optional text field of a form: left blank means absent, as the wallet treats an empty value. */
function blankAsAbsent<Out>(schema: z.ZodType<Out, string | undefined>) {
  return z
    .string()
    .optional()
    .transform((value) => (value === '' ? undefined : value))
    .pipe(schema);
}

const card = applyCardParams.shape;

export const issueCardSchema = z
  .object({
    /** Made when the wizard opens and kept until its result has been seen: a repeat issues nothing. */
    requestId: requestIdParam,
    appUserId: chosen(card.appUserId, 'Choose the user who gets the card.'),
    payer: z.enum(PAYERS, 'Choose who pays for the card: the agency or the user.'),
    paymentAssetId: chosen(card.paymentAssetId, 'Choose the asset that pays the card fee.'),
    categoryId: chosen(card.categoryId, 'Choose a card type.'),
    needDelivery: card.needDelivery,
    addressId: card.addressId,
    embossedName: z
      .string('Enter the name on the card.')
      .min(1, 'Enter the name on the card.')
      .pipe(card.embossedName),
    /** Why, for whoever approves it, when the issuance waits for a second person. */
    makerReason: z.string().trim().max(500, 'The reason must be at most 500 characters.').optional(),
  })
  .refine((value) => !value.needDelivery || value.addressId !== undefined, {
    path: ['addressId'],
    message: 'Choose the address the physical card is delivered to, or add one.',
    // Checked even while other steps are incomplete, so the delivery step can be validated alone.
    when: (payload) =>
      payload.issues.every((issue) => issue.path?.[0] !== 'needDelivery' && issue.path?.[0] !== 'addressId'),
  });

export type IssueCardInput = z.input<typeof issueCardSchema>;
export type IssueCardValues = z.output<typeof issueCardSchema>;

const address = addAddressParams.shape;

export const deliveryAddressSchema = z.object({
  /** One per opening of the inline form: a double click on Save stores one address. */
  requestId: requestIdParam,
  appUserId: address.appUserId,
  firstName: address.firstName,
  lastName: address.lastName,
  mobile: address.mobile,
  country: chosen(address.country, 'Choose the country.'),
  province: blankAsAbsent(address.province),
  city: address.city,
  postalCode: blankAsAbsent(address.postalCode),
  street: address.street,
  detailedAddress: blankAsAbsent(address.detailedAddress),
  isDefault: address.isDefault,
});

export type DeliveryAddressInput = z.input<typeof deliveryAddressSchema>;

export const searchIssueUsersSchema = z.object({
  query: z.string().trim().max(254, 'must be at most 254 characters'),
});

export const issueUserRefSchema = z.object({ appUserId: appUserIdParam });

// ---------------------------------------------------------------- what the actions return

/** The user a card is issued to, as the wizard shows them (no document or card numbers). */
export const issueUserSchema = z.object({
  appUserId: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  mobile: z.string(),
  cardCount: z.number().int(),
});
export type IssueUser = z.infer<typeof issueUserSchema>;

/** The new card as the back-office may show it: the number masked on the server. */
export const issuedCardSchema = z.object({
  cardId: z.number().int(),
  appUserId: z.string(),
  maskedNumber: z.string(),
  last4: z.string(),
  embossedName: z.string(),
  expiryMonth: z.string(),
  expiryYear: z.string(),
  status: z.enum(CARD_STATUSES),
  cardAccountStatus: z.enum(CARD_ACCOUNT_STATUSES),
  msg: z.string(),
});
export type IssuedCard = z.infer<typeof issuedCardSchema>;

/**
 * The issue action's answer under an approval policy (docs/back-office.md "Approvals"): the card,
 * or the request waiting.
 */
export const issueOutcomeSchema = z.union([
  issuedCardSchema,
  z.object({
    approval: z.object({ id: z.number().int(), status: z.literal('PENDING'), expiresAt: z.string() }),
  }),
]);
export type IssueOutcome = z.infer<typeof issueOutcomeSchema>;
