import { describe, expect, it } from 'vitest';
import { createSecretBox } from '../secrets/secret-box';
import { maskCardNumber, newCardSecretColumns, openCardSecrets, sealedCardColumns } from './card-secrets';

const KEY = 'b'.repeat(64);
const OTHER_KEY = 'e'.repeat(64);

describe('sealedCardColumns', () => {
  it('seals the number and CVV together, beside only the first six, last four, length and fingerprint', () => {
    const box = createSecretBox(KEY);
    const columns = sealedCardColumns(box, { cardNumber: '4532015112830366', cvv: '042' });
    expect(columns).toEqual({
      sealedSecrets: expect.stringMatching(/^sb1\./),
      first6: '453201',
      last4: '0366',
      numberLength: 16,
      fingerprint: box.fingerprint('card number', '4532015112830366'),
    });
    expect(columns.sealedSecrets).not.toContain('4532015112830366');
    expect(columns.fingerprint).toMatch(/^[\w-]{43}$/);
    expect(openCardSecrets(box, columns.sealedSecrets)).toEqual({
      cardNumber: '4532015112830366',
      cvv: '042',
    });
    expect(() => openCardSecrets(createSecretBox(OTHER_KEY), columns.sealedSecrets)).toThrow(
      /master key this process does not have/,
    );
  });

  it('draws a 3-digit CVV for each new card', () => {
    const box = createSecretBox(KEY);
    const cvvs = Array.from(
      { length: 200 },
      () => openCardSecrets(box, newCardSecretColumns(box, '4532015112830366').sealedSecrets).cvv,
    );
    for (const cvv of cvvs) expect(cvv).toMatch(/^\d{3}$/);
    expect(new Set(cvvs).size).toBeGreaterThan(50);
  });
});

describe('the card-number fingerprint', () => {
  it('is the same for the same number under one key, and differs across numbers and keys', () => {
    const box = createSecretBox(KEY);
    const a = box.fingerprint('card number', '4532015112830366');
    expect(box.fingerprint('card number', '4532015112830366')).toBe(a);
    expect(box.fingerprint('card number', '4532015112830374')).not.toBe(a);
    expect(createSecretBox(OTHER_KEY).fingerprint('card number', '4532015112830366')).not.toBe(a);
    // Keyed: not the number's plain SHA-256, and not another purpose's.
    expect(box.fingerprint('another purpose', '4532015112830366')).not.toBe(a);
  });

  it("a rotating box gives the current key's first, then the previous key's", () => {
    const rotating = createSecretBox(OTHER_KEY, [KEY]);
    expect(rotating.fingerprints('card number', '4532015112830366')).toEqual([
      createSecretBox(OTHER_KEY).fingerprint('card number', '4532015112830366'),
      createSecretBox(KEY).fingerprint('card number', '4532015112830366'),
    ]);
  });
});

describe('maskCardNumber', () => {
  it('shows the first six and last four, one * per hidden digit', () => {
    expect(maskCardNumber('4111111111111234')).toBe('411111******1234');
    expect(maskCardNumber('453201511283')).toBe('453201**1283');
    expect(maskCardNumber('4532015112830366123')).toBe('453201*********6123');
  });
});
