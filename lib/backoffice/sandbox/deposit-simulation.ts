// What a simulated deposit needs beyond what the trainer types (docs/deposits-and-kyt.md
// "simulate/deposit"): the transaction's hash and, when none is typed, a sender, both made from
// the 64 hex characters the sandbox's page makes as it renders, so posting the form twice names the
// same transaction (one deposit) from the same sender. Pure.
import { hexToBytes } from '@noble/hashes/utils.js';
import { tronAddress } from '@/lib/wallet/contract/chains';
import type { DepositChain } from '@/lib/wallet/contract/enums';

/** The transaction's hash in the chain's form: 0x and 64 hex on ETHEREUM, 64 hex on TRON. */
export function simulatedTxHash(chain: DepositChain, transaction: string): string {
  return chain === 'ETHEREUM' ? `0x${transaction}` : transaction;
}

/**
 * A sender of the chain, checksum and all, whose 20 bytes are the transaction's last 20: 0x and
 * their hex on ETHEREUM, their base58check TRON address.
 */
export function simulatedSender(chain: DepositChain, transaction: string): string {
  const account = transaction.slice(24);
  return chain === 'ETHEREUM' ? `0x${account}` : tronAddress(hexToBytes(account));
}
