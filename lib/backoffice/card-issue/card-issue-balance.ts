// Whether a payment asset covers a card category's fee, and its balance before and after paying
// it: what the wizard shows beside each card type and on its review. Computed in integer minor
// units (docs/wallet-api.md "Money"), so that $0.30 - $0.10 is exactly $0.20.
import { formatMoney } from '@/lib/backoffice/shared/format';
import { formatMinorMoney } from '@/lib/backoffice/shared/format-minor';
import { majorToMinor } from '@/lib/wallet/contract/money';
import type { Asset, CardCategory } from '@/lib/wallet/contract/schemas';

export type FeeCoverage =
  /** The asset holds another currency than the fee is charged in: the wallet refuses it (4005). */
  | { kind: 'other-currency'; balance: string; fee: string }
  | {
      kind: 'covered' | 'short';
      balanceMinor: number;
      feeMinor: number;
      /** Negative when short. */
      afterMinor: number;
      balance: string;
      fee: string;
      /** The balance once the fee is paid (zero when short: the wallet never lets it go below). */
      after: string;
      /** How much the balance lacks (zero when covered). */
      missing: string;
    };

type PayingAsset = Pick<Asset, 'balance' | 'currency' | 'decimalPlaces'>;
type PricedCategory = Pick<CardCategory, 'fee' | 'currency' | 'decimalPlaces'>;

export function feeCoverage(asset: PayingAsset, category: PricedCategory): FeeCoverage {
  const money = (minor: number, dp: number, currency: string) => formatMinorMoney(minor, currency, dp);
  if (asset.currency !== category.currency) {
    return {
      kind: 'other-currency',
      balance: formatMoney(asset.balance, asset.currency, asset.decimalPlaces),
      fee: formatMoney(category.fee, category.currency, category.decimalPlaces),
    };
  }
  // Both amounts at the finer of the two scales, so neither is rounded.
  const dp = Math.max(asset.decimalPlaces, category.decimalPlaces);
  const balanceMinor = majorToMinor(asset.balance, dp);
  const feeMinor = majorToMinor(category.fee, dp);
  const afterMinor = balanceMinor - feeMinor;
  const currency = asset.currency;
  return {
    kind: afterMinor >= 0 ? 'covered' : 'short',
    balanceMinor,
    feeMinor,
    afterMinor,
    balance: money(balanceMinor, dp, currency),
    fee: money(feeMinor, dp, currency),
    after: money(Math.max(afterMinor, 0), dp, currency),
    missing: money(Math.max(-afterMinor, 0), dp, currency),
  };
}

/** Why the wizard will not go on with a payer short of the fee, and what can be done. */
export function shortOfFeeMessage(
  coverage: { balance: string; missing: string; fee: string },
  payer: 'agency' | 'user' | undefined,
): string {
  const lack = `The balance of ${coverage.balance} is ${coverage.missing} short of the ${coverage.fee} fee.`;
  return payer === 'user'
    ? `${lack} Choose a cheaper card type, or fund the user's wallet first.`
    : `${lack} Choose a cheaper card type or another asset; the agency's asset is funded outside the back-office.`;
}
