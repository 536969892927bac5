// Which way a wallet call failed, read off the client's error classes, for the audit log's words
// (audit-labels.ts walletFailureWords). Server-only: the classes live with the wallet client.
import 'server-only';
import {
  WalletInputError,
  WalletProtocolError,
  WalletUnavailableError,
  isWalletClientError,
} from '@/lib/backoffice/wallet-client';
import { walletFailureWords, type WalletFailure } from './audit-labels';

export function walletFailureOf(error: unknown): WalletFailure {
  if (!isWalletClientError(error)) return { kind: 'unexpected' };
  // A success envelope whose data broke the contract carries code 0: the wallet acted, but the
  // back-office cannot tell what it answered.
  if (error.code !== null && error.code !== 0) return { kind: 'answered', code: error.code };
  if (error instanceof WalletUnavailableError) return { kind: 'unreachable' };
  if (error instanceof WalletProtocolError) return { kind: 'not-understood' };
  if (error instanceof WalletInputError) return { kind: 'not-sent' };
  return { kind: 'unreachable' };
}

/** The failure as words for a summary, e.g. "refused, code 4009 (the card's status ...)". */
export function describeWalletFailure(error: unknown): string {
  return walletFailureWords(walletFailureOf(error));
}
