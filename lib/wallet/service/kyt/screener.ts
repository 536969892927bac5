// The screening interface (docs/deposits-and-kyt.md "KYT", "A screening provider"): what the
// built-in rules screener (rules-screener.ts) implements, and what an adapter for a provider such
// as Chainalysis or Elliptic would implement instead. The service calls `screen` once per deposit,
// inside the transaction that then holds or credits it, with the context the service keeps
// (the app's rules, and the user's running totals: never a scan of the user's history).
import type { DepositChain, RiskLevel, RiskReason } from '@/lib/wallet/contract/enums';
import { RISK_LEVELS, RISK_REASON_LEVEL } from '@/lib/wallet/contract/enums';

/** What a screener is told about the deposit. Amounts are millionths of the token (USDT). */
export type ScreenedDeposit = {
  depositId: number;
  chain: DepositChain;
  txHash: string;
  logIndex: number;
  fromAddress: string;
  /** The deposit address (the user's). */
  address: string;
  amount: number;
};

/** An app's KYT rules, amounts in millionths of the token. */
export type KytRuleSet = {
  blockedAddresses: readonly string[];
  reviewAddresses: readonly string[];
  reviewAmount: number;
  severeAmount: number;
};

/** What the service knows beyond the deposit, kept as running totals. */
export type ScreeningContext = {
  rules: KytRuleSet;
  /** This is the first deposit of its user ever screened. */
  firstDeposit: boolean;
  /** The user's deposits screened in the last 24 hours, this one included (millionths). */
  last24Hours: number;
};

export type Verdict = { level: RiskLevel; reasons: RiskReason[] };

export interface Screener {
  screen(deposit: ScreenedDeposit, context: ScreeningContext): Promise<Verdict>;
}

/** The levels that hold a deposit for a person (HIGH, SEVERE); the others are credited. */
export function holds(level: RiskLevel): boolean {
  return level === 'HIGH' || level === 'SEVERE';
}

/** The highest level among the reasons; LOW with none. */
export function levelOf(reasons: readonly RiskReason[]): RiskLevel {
  let rank = 0;
  for (const reason of reasons) rank = Math.max(rank, RISK_LEVELS.indexOf(RISK_REASON_LEVEL[reason]));
  return RISK_LEVELS[rank]!;
}
