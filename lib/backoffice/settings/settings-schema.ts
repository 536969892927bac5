// The agency's settings at /settings (DESIGN §11, admin): the approval policy (which wallet calls
// wait for a second member of staff) and the dashboard's low-balance threshold. One schema, shared
// by the form, the server action and the stored row; the defaults are DESIGN §11's. Amounts are
// decimal strings in major units, the same number in every currency, compared exactly (compareAmounts).
import { z } from 'zod';
import { fromFormData } from '@/lib/backoffice/forms/action-form-data';
import { AMOUNT_PATTERN } from '@/lib/wallet/contract/money';

const amount = (label: string) =>
  z
    .string(`Enter ${label}.`)
    .trim()
    .min(1, `Enter ${label}.`)
    .regex(AMOUNT_PATTERN, `Enter ${label} as a decimal amount in major units, e.g. 1000.00.`);

/** A checkbox posted by a browser: "on"/"true" when ticked, absent or "false" when not. */
const checkbox = z.preprocess(
  (value) => (typeof value === 'string' ? value === 'on' || value === 'true' : value === true),
  z.boolean(),
);

export const agencySettingsSchema = z.object({
  /** Card issuance paid by the agency (4.3) waits when the fee is at least issueApprovalMinFee. */
  issueApprovalOn: checkbox,
  issueApprovalMinFee: amount('the fee from which an issuance needs approval'),
  /** A transfer out of an agency asset waits when the amount is at least transferApprovalMinAmount. */
  transferApprovalOn: checkbox,
  transferApprovalMinAmount: amount('the amount from which a transfer needs approval'),
  /** Unlocking a card locked as STOLEN or FRAUD_SUSPECTED always waits, when on. */
  unlockApprovalOn: checkbox,
  /** Cancelling a card always waits, when on. */
  cancelApprovalOn: checkbox,
  /** The dashboard warns about an agency asset whose balance is under this; 0 never warns. */
  lowBalanceThreshold: amount('the low-balance threshold'),
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
};

const SCALE = 6;

/** A decimal amount as a whole number of millionths, exactly (amounts may exceed 2^53 millionths). */
function millionths(amountText: string | number): bigint {
  const text = typeof amountText === 'number' ? amountText.toFixed(SCALE) : amountText.trim();
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) throw new RangeError(`not a decimal amount: ${text}`);
  const [, sign = '', whole = '0', fraction = ''] = match;
  const value = BigInt(whole) * 10n ** BigInt(SCALE) + BigInt(fraction.slice(0, SCALE).padEnd(SCALE, '0'));
  return sign === '-' ? -value : value;
}

/** -1, 0 or 1 as a < b, a = b, a > b; decimal strings or the API's major-unit numbers. */
export function compareAmounts(a: string | number, b: string | number): -1 | 0 | 1 {
  const x = millionths(a);
  const y = millionths(b);
  return x < y ? -1 : x > y ? 1 : 0;
}
