// A wallet result code as staff read it wherever the back-office shows one (the audit log's
// summaries and column, the approvals): "code 4009 (the card's status does not allow this
// change)". The meaning is the contract's (lib/wallet/contract/result-codes.ts), never written
// again here. Pure and client-safe.
import { resultCodeMeaningOf } from '@/lib/wallet/contract/result-codes';

export function resultCodeWords(code: number): string {
  return `code ${code} (${resultCodeMeaningOf(code) ?? 'a code the back-office does not know'})`;
}
