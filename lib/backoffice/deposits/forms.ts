// The contracts of /compliance (docs/back-office.md "Compliance"; docs/deposits-and-kyt.md): asking
// for a held deposit to be credited or rejected (behind approvals), and the KYT rules editor. One
// schema each, shared by the forms and the server actions of lib/backoffice/deposits/actions.ts;
// each also reads a form posted without JavaScript.
import { z } from 'zod';
import { DEPOSIT_DECISIONS } from '@/lib/wallet/contract/enums';
import {
  addressListParam,
  appUserIdParam,
  positiveIdParam,
  requestIdParam,
} from '@/lib/wallet/contract/schemas';
import { fromFormData } from '../shared/action-form-data';
import { amountField } from '../shared/amount-field';

export const releaseDepositSchema = z.object({
  depositId: positiveIdParam,
  appUserId: appUserIdParam,
  decision: z.enum(DEPOSIT_DECISIONS, 'Choose to credit or to reject the deposit.'),
  note: z
    .string('Say why.')
    .trim()
    .min(1, 'Say why: the note is kept with the deposit.')
    .max(500, 'The note must be at most 500 characters.'),
  requestId: requestIdParam,
});
export const releaseDepositPostSchema = z.preprocess(fromFormData, releaseDepositSchema);
export type ReleaseDepositInput = z.input<typeof releaseDepositSchema>;

/** Addresses one per line or separated by commas, as the wallet's comma-separated list. */
const addressLines = z
  .string()
  .default('')
  .transform((v) =>
    v
      .split(/[\s,]+/)
      .filter((p) => p !== '')
      .join(','),
  )
  .refine(
    (v) => v === '' || addressListParam.safeParse(v).success,
    'Enter ETHEREUM (0x and 40 hex) or TRON (T and 33 characters) addresses, one per line, each with a valid checksum.',
  );

/** As typed ("15,000.00", "$1000"), read as every amount is (amount-field.ts). */
const usdtAmount = (what: string) => amountField({ missing: `Enter the ${what} in USDT, e.g. 1,000.00.` });

export const kytRulesFormSchema = z.object({
  blockedAddresses: addressLines,
  reviewAddresses: addressLines,
  reviewAmount: usdtAmount('review amount'),
  severeAmount: usdtAmount('severe amount'),
  /** Who may release a held deposit: 'false' keeps releases behind the back-office's approvals. */
  apiRelease: z.enum(['true', 'false'], 'Choose who may release a held deposit.').default('true'),
});
export const kytRulesFormPostSchema = z.preprocess(fromFormData, kytRulesFormSchema);
export type KytRulesFormInput = z.input<typeof kytRulesFormSchema>;
