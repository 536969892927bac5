// Which wallet calls wait for a second member of staff under the agency's policy
// (docs/back-office.md "Approvals"). Pure: the server actions gather the facts (the fee, whether
// the source is an agency asset, why the card was locked) and ask here; the answer never depends on
// anything the browser sent beyond the call's own parameters.
import type { AgencySettings } from '@/lib/backoffice/settings/settings-schema';
import { compareAmounts } from '@/lib/wallet/contract/money';
import type { CardChangeReason } from '@/lib/wallet/contract/enums';

/** Card issuance paid by the agency (4.3) waits when its fee is at least the set amount. */
export function issueNeedsApproval(
  policy: AgencySettings,
  call: { payer: 'agency' | 'user'; fee: number | string },
): boolean {
  return (
    policy.issueApprovalOn &&
    call.payer === 'agency' &&
    compareAmounts(call.fee, policy.issueApprovalMinFee) >= 0
  );
}

/**
 * A transfer out of an agency asset waits when it brings what its maker moved out of agency assets
 * alone (without a second person) over the last 24 hours to the set amount: `earlier` is that sum
 * before this transfer (direct-transfers.ts), so three transfers of 999.99 are not a way round a
 * threshold of 1,000.00. One transfer of at least the amount always waits.
 */
export function transferNeedsApproval(
  policy: AgencySettings,
  call: { fromAgencyAsset: boolean; amount: string; earlier: string },
): boolean {
  return (
    policy.transferApprovalOn &&
    call.fromAgencyAsset &&
    compareAmounts(addAmounts(call.earlier, call.amount), policy.transferApprovalMinAmount) >= 0
  );
}

/** The exact sum of two non-negative decimal amounts in major units, as a decimal string. */
export function addAmounts(a: string, b: string): string {
  const parts = [a, b].map((text) => {
    const match = /^(\d+)(?:\.(\d+))?$/.exec(text.trim());
    if (!match) throw new RangeError(`not a decimal amount: ${text}`);
    return { whole: match[1]!, fraction: match[2] ?? '' };
  });
  const scale = Math.max(...parts.map((p) => p.fraction.length));
  const sum = parts.reduce((total, p) => total + BigInt(`${p.whole}${p.fraction.padEnd(scale, '0')}`), 0n);
  if (scale === 0) return sum.toString();
  const digits = sum.toString().padStart(scale + 1, '0');
  return `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
}

/** The lock reasons whose unlock waits (a card someone else may be holding). */
export const GUARDED_LOCK_REASONS: readonly CardChangeReason[] = ['STOLEN', 'FRAUD_SUSPECTED'];

/** Unlocking a card locked as STOLEN or FRAUD_SUSPECTED always waits, when on. */
export function unlockNeedsApproval(policy: AgencySettings, call: { lockReason: string | null }): boolean {
  return (
    policy.unlockApprovalOn &&
    call.lockReason !== null &&
    (GUARDED_LOCK_REASONS as readonly string[]).includes(call.lockReason)
  );
}

/**
 * Replacing a card still locked as STOLEN or FRAUD_SUSPECTED waits exactly when unlocking it would
 * (docs/back-office.md "Approvals"): the replacement is ACTIVE with the card's money, so it must not
 * be a way round the second person its unlock needs.
 */
export function replaceNeedsApproval(
  policy: AgencySettings,
  call: { status: string; lockReason: string | null },
): boolean {
  return call.status === 'LOCKED' && unlockNeedsApproval(policy, { lockReason: call.lockReason });
}

/** Cancelling a card always waits, when on. */
export function cancelNeedsApproval(policy: AgencySettings): boolean {
  return policy.cancelApprovalOn;
}

/** Why the card is locked: the reason of its last change into LOCKED (card/detail's history). */
export function lockReasonOf(
  history: readonly { toStatus: string; reason?: string | null }[],
): string | null {
  for (let i = history.length - 1; i >= 0; i--) {
    const change = history[i]!;
    if (change.toStatus === 'LOCKED') return change.reason ?? null;
  }
  return null;
}
