// Deposit address derivation against published vectors: the BIP-32 test vector 1 seed's
// well-known Ethereum account (m/44'/60'/0'/0/0 of the "abandon ... about" mnemonic seed), and
// the forms both chains require.
import { sha256 } from '@noble/hashes/sha2.js';
import { hexToBytes } from '@noble/hashes/utils.js';
import { createBase58check } from '@scure/base';
import { describe, expect, it } from 'vitest';
import { TRON_VERSION_BYTE } from '@/lib/wallet/contract/chains';
import { derivationPath, deriveDepositAddress } from './derive-address';

// BIP-39 seed of "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon
// abandon about" with no passphrase.
const ABANDON_SEED = hexToBytes(
  '5eb00bbddcf069084889a8ab9155568165f5c453ccb85e70811aaed6f6da5fc19a5ac40b389cd370d086206dec8aa6c43daea6690f20ad3d8d48b2d2ce9e38e4',
);

describe('deriveDepositAddress', () => {
  it("gives the well-known first Ethereum account of the 'abandon ... about' seed", () => {
    expect(deriveDepositAddress(ABANDON_SEED, 'ETHEREUM', 0)).toBe(
      '0x9858effd232b4033e47d90003d41ec34ecaeda94',
    );
  });

  it('gives the well-known first Tron account of the same seed', () => {
    expect(deriveDepositAddress(ABANDON_SEED, 'TRON', 0)).toBe('TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH');
  });

  it('is deterministic, and differs by index and by chain', () => {
    const seed = new Uint8Array(32).fill(9);
    const a = deriveDepositAddress(seed, 'ETHEREUM', 7);
    expect(deriveDepositAddress(seed, 'ETHEREUM', 7)).toBe(a);
    expect(deriveDepositAddress(seed, 'ETHEREUM', 8)).not.toBe(a);
    expect(a).toMatch(/^0x[0-9a-f]{40}$/);
    const t = deriveDepositAddress(seed, 'TRON', 7);
    expect(t).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
    const payload = createBase58check(sha256).decode(t);
    expect(payload).toHaveLength(21);
    expect(payload[0]).toBe(TRON_VERSION_BYTE);
  });

  it('uses the BIP-44 paths of both chains and refuses an index out of range', () => {
    expect(derivationPath('ETHEREUM', 5)).toBe("m/44'/60'/0'/0/5");
    expect(derivationPath('TRON', 5)).toBe("m/44'/195'/0'/0/5");
    expect(() => derivationPath('TRON', 2 ** 31)).toThrow(RangeError);
    expect(() => derivationPath('TRON', -1)).toThrow(RangeError);
  });
});
