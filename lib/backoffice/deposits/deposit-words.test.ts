// Deposits in words (deposit-words.ts): every reason of the contract's enum reads in its words, and
// one this build does not know yet (a newer wallet's) in plain case rather than vanishing; USDT
// amounts exactly as sent.
import { describe, expect, it } from 'vitest';
import { RISK_REASONS, RISK_REASON_WORDS } from '@/lib/wallet/contract/enums';
import { riskReasonText, usdtDecimal, usdtText } from './deposit-words';

describe('riskReasonText', () => {
  it("every reason of the enum reads in the contract's words", () => {
    for (const reason of RISK_REASONS) expect(riskReasonText(reason)).toBe(RISK_REASON_WORDS[reason]);
  });

  it('a reason without words yet reads as its name in plain case', () => {
    expect(riskReasonText('MIXER_EXPOSURE')).toBe('Mixer exposure');
  });
});

describe('USDT amounts', () => {
  it('as text: 2 to 6 decimals, grouped; as a decimal: exact, no trailing zeros', () => {
    expect(usdtText(20000)).toBe('20,000.00 USDT');
    expect(usdtText(1234.567891)).toBe('1,234.567891 USDT');
    expect(usdtDecimal(20000)).toBe('20000');
    expect(usdtDecimal(0.000001)).toBe('0.000001');
    expect(usdtDecimal(1234.5)).toBe('1234.5');
  });
});
