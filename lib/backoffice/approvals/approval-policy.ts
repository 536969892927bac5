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

/** A transfer out of an agency asset waits when the amount is at least the set amount. */
export function transferNeedsApproval(
  policy: AgencySettings,
  call: { fromAgencyAsset: boolean; amount: string },
): boolean {
  return (
    policy.transferApprovalOn &&
    call.fromAgencyAsset &&
    compareAmounts(call.amount, policy.transferApprovalMinAmount) >= 0
  );
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
