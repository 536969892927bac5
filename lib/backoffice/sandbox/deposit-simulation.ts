// What a simulated deposit needs beyond what the trainer types (docs/deposits-and-kyt.md
// "simulate/deposit"): the transaction's hash and, when none is typed, a sender, both made from
// the 64 hex characters the sandbox's page makes as it renders, so posting the form twice names the
// same transaction (one deposit) from the same sender. Pure.
import type { DepositChain } from '@/lib/wallet/contract/enums';

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

/** The transaction's hash in the chain's form: 0x and 64 hex on ETHEREUM, 64 hex on TRON. */
export function simulatedTxHash(chain: DepositChain, transaction: string): string {
  return chain === 'ETHEREUM' ? `0x${transaction}` : transaction;
}

/** A sender in the chain's address form, made from the transaction's characters. */
export function simulatedSender(chain: DepositChain, transaction: string): string {
  if (chain === 'ETHEREUM') return `0x${transaction.slice(24)}`;
  const bytes = transaction.match(/../g)!.map((pair) => parseInt(pair, 16));
  let out = 'T';
  for (let i = 0; i < 33; i += 1) out += BASE58[bytes[i % bytes.length]! % BASE58.length];
  return out;
}
