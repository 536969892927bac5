// Values no log line, page, RSC payload or back-office response may ever carry whole: a card
// number and a document number used by e2e/sentinel.spec.ts, searched for across the run.
import { luhnCheckDigit } from '../../lib/wallet/contract/card-number';

const body = '499273987160042';
export const SENTINEL_CARD_NUMBER = `${body}${luhnCheckDigit(body)}`;
export const SENTINEL_DOCUMENT_NO = 'SNTL7719302X';

/** Pieces that would betray an unmasked value even when split or partly masked. */
export function sentinelLeaks(text: string): string[] {
  const leaks: string[] = [];
  if (text.includes(SENTINEL_CARD_NUMBER)) leaks.push('whole card number');
  // Masking shows the BIN and the last four; any 12-digit run of the number shows more than
  // that, and is too long to occur by chance (in a timestamp, say).
  for (let i = 0; i + 12 <= SENTINEL_CARD_NUMBER.length; i++) {
    if (text.includes(SENTINEL_CARD_NUMBER.slice(i, i + 12))) {
      leaks.push(`card number digits ${i + 1}-${i + 12}`);
      break;
    }
  }
  if (text.includes(SENTINEL_DOCUMENT_NO)) leaks.push('whole document number');
  if (text.includes(SENTINEL_DOCUMENT_NO.slice(0, 8))) leaks.push('document number prefix');
  return leaks;
}
