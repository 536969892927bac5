// simulate/deposit (docs/deposits-and-kyt.md "simulate/deposit"): the chain watcher's message that
// a deposit was seen. Off with WALLET_SIMULATION=false (HTTP 404, code 1005).
import { z } from 'zod';
import { defineOperation } from '@/lib/wallet/contract/define-operation';
import { MAX_CONFIRMATIONS, MAX_LOG_INDEX } from '@/lib/wallet/contract/chains';
import {
  amountParam,
  authParams,
  boundedInt,
  chainAddressParam,
  depositChainParam,
  depositSchema,
  txHashParam,
} from '@/lib/wallet/contract/schemas';

const simulateDepositParams = z.object({
  ...authParams,
  chain: depositChainParam,
  address: chainAddressParam,
  txHash: txHashParam,
  amount: amountParam,
  fromAddress: chainAddressParam,
  logIndex: boundedInt(0, MAX_LOG_INDEX).default(0),
  confirmations: boundedInt(0, MAX_CONFIRMATIONS).default(0),
});

export const simulateDeposit = defineOperation({
  name: 'simulateDeposit',
  method: 'POST',
  path: '/wallet/api/simulate/deposit',
  summary:
    'Extension (sandbox): a deposit seen on a chain; txHash + logIndex is one deposit, credited at most once',
  section: 'extension',
  tag: 'Deposit',
  extension: true,
  mutating: true,
  sandbox: true,
  params: simulateDepositParams,
  data: depositSchema,
  codes: [],
  events: ['deposit.detected', 'deposit.held', 'deposit.credited'],
  paramText: {
    chain: 'The chain: ETHEREUM or TRON',
    address:
      'A deposit address of this app on that chain, in any case on ETHEREUM (else 1002, field address)',
    txHash: 'The transaction: 0x and 64 hex characters on ETHEREUM, 64 hex characters on TRON',
    amount: 'The USDT amount, more than 0, up to 6 decimals',
    fromAddress:
      "The sender, in the chain's address form with a valid checksum: EIP-55 for a mixed-case ETHEREUM address, base58check for TRON (else 1002)",
    logIndex: 'The transfer within the transaction',
    confirmations: 'Confirmations so far; reaching the chain’s required number screens the deposit at once',
  },
});
