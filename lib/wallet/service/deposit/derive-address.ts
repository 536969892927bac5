// Deposit addresses (docs/deposits-and-kyt.md "deposit/address"): BIP-32 derivation from the app's
// seed, one path per chain (BIP-44 coin types 60 for Ethereum, 195 for Tron) and the user's
// internal id as the index, so the same user and chain always give the same address. Only
// well-kept libraries touch the cryptography: @scure/bip32, @noble/curves, @noble/hashes,
// @scure/base. The service never needs the private keys: whoever sweeps deposits derives them
// from the same seed.
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { HDKey } from '@scure/bip32';
import { tronAddress } from '@/lib/wallet/contract/chains';
import type { DepositChain } from '@/lib/wallet/contract/enums';

/** BIP-44 coin types (SLIP-44). */
const COIN_TYPE: Readonly<Record<DepositChain, number>> = { ETHEREUM: 60, TRON: 195 };

/** The derivation path of a user's address on a chain. */
export function derivationPath(chain: DepositChain, index: number): string {
  if (!Number.isSafeInteger(index) || index < 0 || index >= 2 ** 31) {
    throw new RangeError('the derivation index must be a whole number below 2^31');
  }
  return `m/44'/${COIN_TYPE[chain]}'/0'/0/${index}`;
}

/** The 20 bytes both chains hash a public key to: the last 20 of keccak-256 of the point's x and y. */
function accountBytes(compressedPublicKey: Uint8Array): Uint8Array {
  const uncompressed = secp256k1.Point.fromBytes(compressedPublicKey).toBytes(false);
  return keccak_256(uncompressed.subarray(1)).subarray(12);
}

/**
 * The address of `index` under `seed` on `chain` in its stored form: 0x + 40 lower-case hex (the
 * API shows it in EIP-55 form, chains.ts shownAddress), or T + 33 base58.
 */
export function deriveDepositAddress(seed: Uint8Array, chain: DepositChain, index: number): string {
  const key = HDKey.fromMasterSeed(seed).derive(derivationPath(chain, index));
  if (!key.publicKey) throw new Error('derived key has no public key');
  const account = accountBytes(key.publicKey);
  if (chain === 'ETHEREUM') return `0x${bytesToHex(account)}`;
  return tronAddress(account);
}
