// Deposits as the tables show them (components/deposits/deposits-table.tsx), made on the server.
import 'server-only';
import type { DepositRowView } from '@/components/deposits/deposits-table';
import { formatDateTime } from '@/lib/backoffice/shared/format';
import type { Deposit } from '@/lib/wallet/contract/schemas';
import { DEPOSIT_STATUS_BADGE, formatUsdt, reasonWords, RISK_BADGE } from './deposit-view';

export function depositRow(d: Deposit): DepositRowView {
  return {
    depositId: d.depositId,
    appUserId: d.appUserId,
    createdAt: formatDateTime(d.createdAt),
    chain: d.chain,
    amount: formatUsdt(d.amount),
    credited: `${d.creditedAmount.toLocaleString('en-US', { minimumFractionDigits: 2 })} USD`,
    fromAddress: d.fromAddress,
    txHash: d.txHash,
    confirmations: `${d.confirmations} of ${d.requiredConfirmations} confirmations`,
    status: DEPOSIT_STATUS_BADGE[d.status],
    risk: d.risk ? RISK_BADGE[d.risk.level] : null,
    reasons: d.risk ? reasonWords(d.risk.reasons) : [],
    note: d.note,
  };
}
