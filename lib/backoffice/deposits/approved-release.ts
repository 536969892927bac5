// The back-office's approval of a deposit release (docs/deposits-and-kyt.md "deposit/release"):
// added to deposit/release only as an approved request is carried out (after a second admin
// approved it, lib/backoffice/approvals/approve-request.ts), never stored with the request. An
// app whose KYT rules say apiRelease=false releases nothing without it; the API key alone cannot
// make one (it is keyed with the release key, lib/env.ts walletReleaseKey).
import 'server-only';
import { env, walletReleaseKey } from '@/lib/env';
import type { DepositDecision } from '@/lib/wallet/contract/enums';
import { releaseApproval } from '@/lib/wallet/contract/release-approval';

/** The parameters of an approved call, with the release's approval when it is deposit/release. */
export function withReleaseApproval(
  operation: string,
  params: Record<string, unknown>,
): Record<string, unknown> {
  if (operation !== 'depositRelease') return params;
  const { depositId, decision } = params as { depositId: number | string; decision: DepositDecision };
  const approval = releaseApproval(walletReleaseKey(), {
    agencyCode: env.WALLET_AGENCY_CODE,
    appId: env.WALLET_APP_ID,
    depositId: Number(depositId),
    decision,
  });
  return { ...params, approval };
}
