// A request to release a held deposit asked before its facts were kept (docs/back-office.md
// "Approvals", "Compliance") holds only the call's parameters: its page reads the deposit from the
// wallet now and shows the same facts a new request keeps (deposit-words.ts), so that it is not
// decided blind either. Null for any other request, or when the wallet cannot say. Server-only.
import 'server-only';
import type { ApprovalFact } from '@/lib/backoffice/approvals/approval-facts';
import { personNamesOf } from '@/lib/backoffice/names/person-names';
import { userHref } from '@/lib/backoffice/names/wallet-names';
import { isWalletClientError } from '@/lib/backoffice/wallet-client';
import { DEPOSIT_DECISIONS, type DepositDecision } from '@/lib/wallet/contract/enums';
import { depositReleaseFacts, usdtText } from './deposit-words';
import { findDeposit } from './find-deposit';

export async function depositReleaseFactsNow(row: {
  kind: string;
  facts: ApprovalFact[] | null;
  subjectUser: string | null;
  params: Record<string, unknown>;
}): Promise<{ facts: ApprovalFact[]; amount: string } | null> {
  if (row.kind !== 'deposit.release' || row.facts || !row.subjectUser) return null;
  const depositId = Number(row.params.depositId);
  const decision = row.params.decision as DepositDecision;
  if (!Number.isSafeInteger(depositId) || !DEPOSIT_DECISIONS.includes(decision)) return null;
  const appUserId = row.subjectUser;
  try {
    const [deposit, names] = await Promise.all([
      findDeposit(appUserId, depositId),
      personNamesOf([appUserId]),
    ]);
    if (!deposit) return null;
    const name = names.get(appUserId);
    return {
      facts: depositReleaseFacts(deposit, decision, name ? { name, href: userHref(appUserId) } : null),
      amount: usdtText(deposit.amount),
    };
  } catch (error) {
    if (isWalletClientError(error)) return null;
    throw error;
  }
}
