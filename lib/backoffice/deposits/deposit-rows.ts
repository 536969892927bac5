// Deposits as the tables and the held-deposit list show them (components/deposits/), made on the
// server; the person by name when the page has read it (person-names.ts), else their ID.
import 'server-only';
import type { DepositRowView } from '@/components/deposits/deposits-table';
import { formatDateTime } from '@/lib/backoffice/shared/format';
import type { Deposit } from '@/lib/wallet/contract/schemas';
import { creditedText } from './deposit-words';
import { DEPOSIT_STATUS_BADGE, formatUsdt, reasonWords, RISK_BADGE } from './deposit-view';

export function depositRow(d: Deposit, names?: ReadonlyMap<string, string>): DepositRowView {
  return {
    depositId: d.depositId,
    appUserId: d.appUserId,
    userName: names?.get(d.appUserId) ?? null,
    createdAt: formatDateTime(d.createdAt),
    chain: d.chain,
    amount: formatUsdt(d.amount),
    credited: creditedText(d.creditedAmount),
    fromAddress: d.fromAddress,
    txHash: d.txHash,
    confirmations: `${d.confirmations} of ${d.requiredConfirmations} confirmations`,
    status: DEPOSIT_STATUS_BADGE[d.status],
    risk: d.risk ? RISK_BADGE[d.risk.level] : null,
    reasons: d.risk ? reasonWords(d.risk.reasons) : [],
    note: d.note,
  };
}
