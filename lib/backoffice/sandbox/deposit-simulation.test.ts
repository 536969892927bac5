import { describe, expect, it } from 'vitest';
import { chainAddress, chainTxHash } from '@/lib/wallet/contract/chains';
import { simulatedSender, simulatedTxHash } from './deposit-simulation';

const transaction = '0123456789abcdef'.repeat(4);

describe('a simulated deposit', () => {
  it('writes the transaction in each chain form', () => {
    expect(simulatedTxHash('ETHEREUM', transaction)).toBe(`0x${transaction}`);
    expect(simulatedTxHash('TRON', transaction)).toBe(transaction);
    expect(chainTxHash('ETHEREUM', simulatedTxHash('ETHEREUM', transaction))).toBe(`0x${transaction}`);
    expect(chainTxHash('TRON', simulatedTxHash('TRON', transaction))).toBe(transaction);
  });

  it('makes a sender of the chain, the same for the same transaction', () => {
    const eth = simulatedSender('ETHEREUM', transaction);
    expect(eth).toBe(`0x${transaction.slice(24)}`);
    expect(chainAddress('ETHEREUM', eth)).toBe(eth);
    const tron = simulatedSender('TRON', transaction);
    expect(tron).toHaveLength(34);
    expect(chainAddress('TRON', tron)).toBe(tron);
    expect(simulatedSender('TRON', transaction)).toBe(tron);
    expect(simulatedSender('TRON', 'f'.repeat(64))).not.toBe(tron);
  });
});
