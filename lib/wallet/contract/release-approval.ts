// The back-office's approval of a deposit release (docs/deposits-and-kyt.md "deposit/release"):
// when an app's KYT rules say apiRelease=false, deposit/release needs, beside the app's signature,
// an `approval`: HMAC-SHA256 with the release key (lib/env.ts walletReleaseKey: WALLET_RELEASE_KEY,
// else derived from the master key) of the app, the deposit and the decision. The back-office
// makes it only once a second admin has approved the release (§11 approvals, maker ≠ checker); the
// API key alone cannot. Shared by both sides so that they hash the same message.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { DepositDecision } from './enums';

export type ReleaseCall = { agencyCode: string; appId: string; depositId: number; decision: DepositDecision };

function message(call: ReleaseCall): string {
  return ['deposit/release', call.agencyCode, call.appId, String(call.depositId), call.decision].join('\n');
}

/** The approval of this release: 64 lower-case hex characters. */
export function releaseApproval(key: string, call: ReleaseCall): string {
  return createHmac('sha256', key).update(message(call)).digest('hex');
}

/** Whether `given` is the approval of this release, compared in constant time. */
export function isReleaseApproval(key: string, call: ReleaseCall, given: string | undefined): boolean {
  if (given === undefined) return false;
  const expected = Buffer.from(releaseApproval(key, call), 'utf8');
  const actual = Buffer.from(given, 'utf8');
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
