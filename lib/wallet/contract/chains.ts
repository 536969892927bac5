// The chains deposits arrive on (docs/deposits-and-kyt.md "Chains"), without zod: the forms of an
// address and a transaction hash on each, the addresses' checksums (EIP-55 on ETHEREUM,
// base58check on TRON), the forms an address is kept and shown in, and the confirmations a deposit
// waits for. The service's checks, the parameter schemas and the back-office's forms read them from
// here. Only well-kept libraries do the hashing and base58 (@noble/hashes, @scure/base).
import { sha256 } from '@noble/hashes/sha2.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { createBase58check } from '@scure/base';
import type { DepositChain } from './enums';

/** Confirmations a deposit waits for before it is screened (docs/deposits-and-kyt.md "Chains"). */
export const REQUIRED_CONFIRMATIONS: Readonly<Record<DepositChain, number>> = { ETHEREUM: 12, TRON: 19 };

/** The token deposited on every chain, credited 1:1 to the user's USD wallet asset. */
export const DEPOSIT_TOKEN = 'USDT';
/** The token's decimal places: a deposit's amount has at most these. */
export const DEPOSIT_TOKEN_DECIMALS = 6;

const BASE58 = '[1-9A-HJ-NP-Za-km-z]';

/** An address on each chain, as a parameter may write it (an Ethereum one in any case). */
const ADDRESS_PATTERNS: Readonly<Record<DepositChain, RegExp>> = {
  ETHEREUM: /^0x[0-9a-fA-F]{40}$/,
  TRON: new RegExp(`^T${BASE58}{33}$`),
};

const TX_HASH_PATTERNS: Readonly<Record<DepositChain, RegExp>> = {
  ETHEREUM: /^0x[0-9a-fA-F]{64}$/,
  TRON: /^[0-9a-fA-F]{64}$/,
};

/** The rule an address of the wrong form breaks, in the words of docs/deposits-and-kyt.md "Chains". */
export const ADDRESS_RULES: Readonly<Record<DepositChain, string>> = {
  ETHEREUM: 'must be an ETHEREUM address: 0x and 40 hex characters',
  TRON: "must be a TRON address: 'T' and 33 base58 characters",
};

/** The rule an address of the right form but a wrong checksum breaks. */
export const ADDRESS_CHECKSUM_RULES: Readonly<Record<DepositChain, string>> = {
  ETHEREUM: 'must be an ETHEREUM address with a valid EIP-55 checksum (or in one case)',
  TRON: 'must be a TRON address with a valid base58check checksum and version byte 0x41',
};

export const TX_HASH_RULES: Readonly<Record<DepositChain, string>> = {
  ETHEREUM: 'must be an ETHEREUM txHash: 0x and 64 hex characters',
  TRON: 'must be a TRON txHash: 64 hex characters',
};

/** TRON's address version byte: its addresses start with 'T'. */
export const TRON_VERSION_BYTE = 0x41;

const base58check = createBase58check(sha256);

/**
 * EIP-55: the address with each hex letter upper-cased where the keccak-256 of its lower-case hex
 * has a nibble of 8 or more: the form wallets show, and the one the service answers.
 */
export function eip55(address: string): string {
  const hex = address.slice(2).toLowerCase();
  const hash = bytesToHex(keccak_256(utf8ToBytes(hex)));
  let out = '0x';
  for (let i = 0; i < hex.length; i++) out += parseInt(hash[i]!, 16) >= 8 ? hex[i]!.toUpperCase() : hex[i]!;
  return out;
}

/** The TRON address of an account's 20 bytes: base58check of the version byte and those bytes. */
export function tronAddress(account: Uint8Array): string {
  if (account.length !== 20) throw new RangeError('a TRON account is 20 bytes');
  const payload = new Uint8Array(21);
  payload[0] = TRON_VERSION_BYTE;
  payload.set(account, 1);
  return base58check.encode(payload);
}

/** A mixed-case Ethereum address carries an EIP-55 checksum; all-lower or all-upper carries none. */
function ethereumChecksumHolds(address: string): boolean {
  const hex = address.slice(2);
  if (hex === hex.toLowerCase() || hex === hex.toUpperCase()) return true;
  return eip55(address) === address;
}

/** TRON: base58check of the version byte 0x41 and 20 bytes. */
function tronChecksumHolds(address: string): boolean {
  try {
    const payload = base58check.decode(address);
    return payload.length === 21 && payload[0] === TRON_VERSION_BYTE;
  } catch {
    return false; // the checksum does not match
  }
}

/** Why `text` is no address of `chain` (a rule, read after the field's name), or undefined. */
export function addressProblem(chain: DepositChain, text: string): string | undefined {
  if (!ADDRESS_PATTERNS[chain].test(text)) return ADDRESS_RULES[chain];
  const holds = chain === 'ETHEREUM' ? ethereumChecksumHolds(text) : tronChecksumHolds(text);
  return holds ? undefined : ADDRESS_CHECKSUM_RULES[chain];
}

/**
 * The address in its stored form (Ethereum's in lower case, so addresses compare whatever their
 * case), or undefined when it is not an address of the chain, checksum included.
 */
export function chainAddress(chain: DepositChain, text: string): string | undefined {
  if (addressProblem(chain, text) !== undefined) return undefined;
  return chain === 'ETHEREUM' ? text.toLowerCase() : text;
}

/** A stored address as the service answers it: Ethereum's in its EIP-55 form, TRON's as it is. */
export function shownAddress(chain: DepositChain, stored: string): string {
  return chain === 'ETHEREUM' ? eip55(stored) : stored;
}

/** The chain whose address form `text` has, if any (its checksum not checked: chainAddress does). */
export function chainOfAddress(text: string): DepositChain | undefined {
  if (ADDRESS_PATTERNS.ETHEREUM.test(text)) return 'ETHEREUM';
  if (ADDRESS_PATTERNS.TRON.test(text)) return 'TRON';
  return undefined;
}

/** The transaction hash in its stored form (lower-case hex), or undefined when malformed. */
export function chainTxHash(chain: DepositChain, text: string): string | undefined {
  return TX_HASH_PATTERNS[chain].test(text) ? text.toLowerCase() : undefined;
}

/** The largest logIndex and confirmations a parameter may give. */
export const MAX_LOG_INDEX = 1_000_000;
export const MAX_CONFIRMATIONS = 1_000_000;
