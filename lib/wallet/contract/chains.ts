// The chains deposits arrive on (docs/deposits-and-kyt.md "Chains"), without zod: the forms of an
// address and a transaction hash on each, and the confirmations a deposit waits for. The service's
// checks, the parameter schemas and the back-office's forms read them from here.
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

/** The rule an address breaks, in the words of docs/deposits-and-kyt.md "Chains". */
export const ADDRESS_RULES: Readonly<Record<DepositChain, string>> = {
  ETHEREUM: 'must be an ETHEREUM address: 0x and 40 hex characters',
  TRON: "must be a TRON address: 'T' and 33 base58 characters",
};

export const TX_HASH_RULES: Readonly<Record<DepositChain, string>> = {
  ETHEREUM: 'must be an ETHEREUM txHash: 0x and 64 hex characters',
  TRON: 'must be a TRON txHash: 64 hex characters',
};

/**
 * The address in its stored form (Ethereum's in lower case, as deposit addresses are given),
 * or undefined when it is not an address of the chain.
 */
export function chainAddress(chain: DepositChain, text: string): string | undefined {
  if (!ADDRESS_PATTERNS[chain].test(text)) return undefined;
  return chain === 'ETHEREUM' ? text.toLowerCase() : text;
}

/** The chain whose address form `text` has, if any. */
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
