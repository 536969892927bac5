import { describe, expect, it } from 'vitest';
import { DECLINE_REASONS } from '@/lib/wallet/contract/enums';
import { DECLINE_REASON_OPTIONS, DECLINE_REASON_TEXT, explainDecline } from './decline-reasons';

describe('decline reasons in words', () => {
  it('has a label, a sentence and a next step for every reason of the contract, in its order', () => {
    expect(DECLINE_REASON_OPTIONS.map((o) => o.value)).toEqual([...DECLINE_REASONS]);
    for (const reason of DECLINE_REASONS) {
      const text = DECLINE_REASON_TEXT[reason];
      expect(text.label.length).toBeGreaterThan(3);
      expect(text.what).toMatch(/\.$/);
      expect(text.next).toMatch(/\.$/);
    }
    expect(new Set(DECLINE_REASON_OPTIONS.map((o) => o.label)).size).toBe(DECLINE_REASONS.length);
  });

  it('names the blocked merchant category by its group, and the blocked country by its name', () => {
    expect(explainDecline('MCC_BLOCKED', { mcc: '7995', country: 'MT' }).what).toBe(
      'Gambling merchants (Betting, casinos and lotteries, MCC 7995) are blocked on this card.',
    );
    expect(explainDecline('MCC_BLOCKED', { mcc: '1520', country: 'US' }).what).toBe(
      'Merchants of category MCC 1520 are blocked on this card.',
    );
    expect(explainDecline('COUNTRY_BLOCKED', { mcc: '5812', country: 'DE' }).what).toBe(
      'Purchases from merchants in Germany are blocked on this card.',
    );
    expect(explainDecline('LIMIT_DAILY', { mcc: '5812', country: 'US' })).toEqual(
      DECLINE_REASON_TEXT.LIMIT_DAILY,
    );
  });
});
