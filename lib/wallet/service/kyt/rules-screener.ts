// The built-in screener (docs/deposits-and-kyt.md "KYT"): the app's rules applied to the deposit
// and the user's running totals. Pure: the same deposit and context give the same verdict, in
// constant time whatever the user's history (the totals are kept by screen-deposit.ts).
import type { RiskReason } from '@/lib/wallet/contract/enums';
import { RISK_REASONS } from '@/lib/wallet/contract/enums';
import {
  levelOf,
  type ScreenedDeposit,
  type Screener,
  type ScreeningContext,
  type Verdict,
} from './screener';

export function screenByRules(deposit: ScreenedDeposit, context: ScreeningContext): Verdict {
  const { rules } = context;
  const found = new Set<RiskReason>();
  if (rules.blockedAddresses.includes(deposit.fromAddress)) found.add('BLOCKED_ADDRESS');
  if (rules.reviewAddresses.includes(deposit.fromAddress)) found.add('REVIEW_ADDRESS');
  if (deposit.amount >= rules.severeAmount) found.add('AMOUNT_OVER_SEVERE');
  if (deposit.amount >= rules.reviewAmount) found.add('AMOUNT_OVER_REVIEW');
  // A tenth of reviewAmount, compared without rounding: 10 × amount ≥ reviewAmount.
  if (context.firstDeposit && deposit.amount * 10 >= rules.reviewAmount) found.add('FIRST_DEPOSIT_LARGE');
  if (context.last24Hours >= rules.reviewAmount) found.add('VELOCITY');
  // Deposits each under severeAmount but together over it in a day (structuring) are held.
  if (context.last24Hours >= rules.severeAmount) found.add('VELOCITY_SEVERE');
  // In the order of the contract's table.
  const reasons = RISK_REASONS.filter((r) => found.has(r));
  return { level: levelOf(reasons), reasons };
}

export const rulesScreener: Screener = {
  screen: async (deposit, context) => screenByRules(deposit, context),
};
