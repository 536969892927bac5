// simulate/confirm (docs/deposits-and-kyt.md "simulate/confirm"): the chain watcher's message that
// a deposit has more confirmations. Off with WALLET_SIMULATION=false (HTTP 404, code 1005).
import { z } from 'zod';
import { defineOperation } from '@/lib/wallet/contract/define-operation';
import { MAX_CONFIRMATIONS } from '@/lib/wallet/contract/chains';
import { authParams, boundedInt, depositSchema, positiveIdParam } from '@/lib/wallet/contract/schemas';

const simulateConfirmParams = z.object({
  ...authParams,
  depositId: positiveIdParam,
  confirmations: boundedInt(0, MAX_CONFIRMATIONS),
});

export const simulateConfirm = defineOperation({
  name: 'simulateConfirm',
  method: 'POST',
  path: '/wallet/api/simulate/confirm',
  summary:
    "Extension (sandbox): a deposit's confirmations now; reaching the chain's required number screens it at once",
  section: 'extension',
  tag: 'Deposit',
  extension: true,
  mutating: true,
  sandbox: true,
  params: simulateConfirmParams,
  data: depositSchema,
  codes: [4016],
  events: ['deposit.held', 'deposit.credited'],
  paramText: {
    depositId: 'A deposit of the app (else 4016)',
    confirmations: "The deposit's confirmations now (a smaller number than before changes nothing)",
  },
});
