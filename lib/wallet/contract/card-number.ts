// Card numbers: Luhn validation and generation of numbers and CVVs, and the mask every reply
// carries (the whole number is sealed at rest: lib/wallet/service/card/card-secrets.ts).
import { randomInt } from 'node:crypto';

export function luhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export function luhnCheckDigit(partial: string): string {
  for (let d = 0; d <= 9; d++) if (luhnValid(`${partial}${d}`)) return String(d);
  throw new Error('unreachable: one check digit always fits');
}

/** A random 16-digit, Luhn-valid number under the given 6-digit BIN. */
export function generateCardNumber(bin: string): string {
  let body = bin;
  while (body.length < 15) body += String(randomInt(10));
  return body + luhnCheckDigit(body);
}

/**
 * What every reply carries of a card number (docs/wallet-api.md "Card numbers"): the first six,
 * '*' per hidden digit, the last four (`411111******1234`).
 */
export function maskCardNumber(cardNumber: string): string {
  return maskedCardNumber({
    first6: cardNumber.slice(0, 6),
    last4: cardNumber.slice(-4),
    length: cardNumber.length,
  });
}

/** The same mask from what is stored beside the sealed number (its first six, last four, length). */
export function maskedCardNumber(card: { first6: string; last4: string; length: number }): string {
  return `${card.first6}${'*'.repeat(Math.max(0, card.length - 10))}${card.last4}`;
}

export { MASKED_CARD_NUMBER_PATTERN } from './patterns';

/** A card's CVV: three random digits, drawn at issuance (a replacement draws its own). */
export function generateCvv(): string {
  return String(randomInt(1000)).padStart(3, '0');
}
