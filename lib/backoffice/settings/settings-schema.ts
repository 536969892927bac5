// The agency's settings at /settings (docs/back-office.md "Approvals", admin): the approval policy
// (which wallet calls wait for a second member of staff), the dashboard's low-balance threshold and
// who must sign in with two factors. One schema, shared by the form, the server action and the
// stored row; the defaults are those of docs/back-office.md "Approvals". Amounts are decimal strings
// in major units, the same number in every currency, compared exactly (money.ts's compareAmounts).
import { z } from 'zod';
import { fromFormData } from '@/lib/backoffice/shared/action-form-data';
import { amountField } from '@/lib/backoffice/shared/amount-field';
import { AMOUNT_PATTERN } from '@/lib/wallet/contract/money';

export const TWO_FACTOR_REQUIREMENTS = ['nobody', 'admins', 'staff'] as const;

/** As typed ("1,000.00", "$1000"), normalised (amount-field.ts); 0 turns a threshold off. */
const amount = (label: string) =>
  amountField({
    missing: `Enter ${label}.`,
    allowZero: true,
    rule: (typed) => (AMOUNT_PATTERN.test(typed) ? undefined : `Enter ${label} as an amount, e.g. 1,000.00.`),
  });

/** A checkbox posted by a browser: "on"/"true" when ticked, absent or "false" when not. */
const checkbox = z.preprocess(
  (value) => (typeof value === 'string' ? value === 'on' || value === 'true' : value === true),
  z.boolean(),
);

export const agencySettingsSchema = z.object({
  /** Card issuance paid by the agency (4.3) waits when the fee is at least issueApprovalMinFee. */
  issueApprovalOn: checkbox,
  issueApprovalMinFee: amount('the fee from which an issuance needs approval'),
  /**
   * A transfer out of an agency asset waits when it brings what its maker sent out of agency assets
   * without approval over the last 24 hours, itself included, to transferApprovalMinAmount.
   */
  transferApprovalOn: checkbox,
  transferApprovalMinAmount: amount('the amount from which a transfer needs approval'),
  /** Unlocking a card locked as STOLEN or FRAUD_SUSPECTED always waits, when on. */
  unlockApprovalOn: checkbox,
  /** Cancelling a card always waits, when on. */
  cancelApprovalOn: checkbox,
  /** The dashboard warns about an agency asset whose balance is under this; 0 never warns. */
  lowBalanceThreshold: amount('the low-balance threshold'),
  /** Who must sign in with two factors (two-factor.ts): nobody, admins, or every member of staff. */
  twoFactorRequiredFor: z.enum(TWO_FACTOR_REQUIREMENTS, 'Choose who must sign in with two factors.'),
});

export const agencySettingsPostSchema = z.preprocess(fromFormData, agencySettingsSchema);
export type AgencySettings = z.output<typeof agencySettingsSchema>;
export type AgencySettingsInput = z.input<typeof agencySettingsSchema>;

export const DEFAULT_SETTINGS: AgencySettings = {
  issueApprovalOn: false,
  issueApprovalMinFee: '100.00',
  transferApprovalOn: true,
  transferApprovalMinAmount: '1000.00',
  unlockApprovalOn: true,
  cancelApprovalOn: false,
  lowBalanceThreshold: '1000.00',
  twoFactorRequiredFor: 'nobody',
};
