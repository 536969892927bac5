// Card numbers: Luhn validation and generation, and the masks the back-office shows.
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
