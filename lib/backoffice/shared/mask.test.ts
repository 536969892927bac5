import { describe, expect, it } from 'vitest';
import { maskCardLast4, maskCardNumber, maskDocumentNo } from './mask';

describe('masks', () => {
  it('shows a card number as BIN and last four only', () => {
    expect(maskCardNumber('4532017637718704')).toBe('453201 •••••• 8704');
    expect(maskCardNumber('4532017637718704')).not.toContain('763771');
    expect(maskCardLast4('4532017637718704')).toBe('•••• 8704');
  });

  it('keeps 19-digit numbers masked in the middle', () => {
    expect(maskCardNumber('4532017637718704123')).toBe('453201 ••••••••• 4123');
  });

  it('shows only the last four characters of a document number, fewer of a short one', () => {
    expect(maskDocumentNo('X1234567')).toBe('••••4567');
    expect(maskDocumentNo('1234567')).toBe('••••567');
    expect(maskDocumentNo('AB12')).toBe('••••12');
    expect(maskDocumentNo('A1')).toBe('••••');
  });
});
