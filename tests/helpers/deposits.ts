// Deposits for tests (docs/deposits-and-kyt.md): well-formed transaction hashes and sender
// addresses made from a label, and the set-up every per-operation test table needs: a user's
// ETHEREUM deposit address, a deposit still CONFIRMING and one HELD by KYT.
import { createHash } from 'node:crypto';
import type { WalletOperationName } from '@/lib/wallet/contract/operations';

/** 64 hex characters from a label: a distinct, well-formed txHash per label. */
export function hex64(label: string): string {
  return createHash('sha256').update(label).digest('hex');
}

export function ethTxHash(label: string): string {
  return `0x${hex64(label)}`;
}

/** An Ethereum sender address from a label (0x and 40 lower-case hex). */
export function ethSender(label: string): string {
  return `0x${hex64(`sender:${label}`).slice(0, 40)}`;
}

type Call = <T>(name: WalletOperationName, params: Record<string, string | number | boolean>) => Promise<T>;

export type DepositFixture = { address: string; confirmingId: number; heldId: number };

/**
 * The user's ETHEREUM deposit address; a deposit of 1.50 with no confirmations (CONFIRMING);
 * and one of 20,000.00 fully confirmed, over the default severe amount, so HELD. `label` keeps
 * the transaction hashes apart between apps and files.
 */
export async function setUpDeposits(call: Call, appUserId: string, label: string): Promise<DepositFixture> {
  const { address } = await call<{ address: string }>('depositAddress', { appUserId, chain: 'ETHEREUM' });
  const confirming = await call<{ depositId: number }>('simulateDeposit', {
    chain: 'ETHEREUM',
    address,
    txHash: ethTxHash(`${label}:confirming`),
    amount: '1.50',
    fromAddress: ethSender(label),
  });
  const held = await call<{ depositId: number; status: string }>('simulateDeposit', {
    chain: 'ETHEREUM',
    address,
    txHash: ethTxHash(`${label}:held`),
    amount: '20000',
    fromAddress: ethSender(label),
    confirmations: 12,
  });
  if (held.status !== 'HELD') throw new Error(`the large deposit is ${held.status}, not HELD`);
  return { address, confirmingId: confirming.depositId, heldId: held.depositId };
}

/** Parameters with which each deposit and KYT operation succeeds, every time, for the fixture. */
export function depositOperationParams(
  name: WalletOperationName,
  appUserId: string,
  fixture: DepositFixture,
  label: string,
): Record<string, string> | undefined {
  switch (name) {
    case 'depositAddress':
      return { appUserId, chain: 'ETHEREUM' };
    case 'simulateDeposit':
      return {
        chain: 'ETHEREUM',
        address: fixture.address,
        txHash: ethTxHash(`${label}:confirming`),
        amount: '1.50',
        fromAddress: ethSender(label),
      };
    case 'simulateConfirm':
      return { depositId: String(fixture.confirmingId), confirmations: '1' };
    case 'depositList':
      return { appUserId };
    case 'depositRelease':
      return {
        depositId: String(fixture.heldId),
        decision: 'REJECT',
        note: 'Test release',
        requestId: `release-${label}`,
      };
    case 'kytRules':
      return {};
    case 'kytRulesSet':
      return { reviewAmount: '1000' };
    default:
      return undefined;
  }
}
