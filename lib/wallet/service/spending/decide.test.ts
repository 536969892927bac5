// The decision order of docs/card-spending.md "Decision order", check by check, and the UTC
// windows the running totals are kept in.
import { describe, expect, it } from 'vitest';
import { cardExpired, declineReasonOf, NO_CONTROLS, type DecisionInput } from './decide';
import { clearCeiling } from './clear-authorization';
import { windowResets, windowsOf } from './spend-totals';

const NOW = new Date('2026-11-25T21:00:00.000Z');
const base: DecisionInput = {
  cardStatus: 'ACTIVE',
  expireMonth: '11',
  expireYear: '2029',
  cardCurrency: 'USD',
  currency: 'USD',
  mcc: '5812',
  merchantCountry: 'US',
  amount: 10_00,
  controls: NO_CONTROLS,
  spent: { day: 0, month: 0, allTime: 0 },
  available: 100_00,
  now: NOW,
};
const with_ = (over: Partial<DecisionInput>) => ({ ...base, ...over });
const limits = (over: Partial<DecisionInput['controls']>) => ({ ...NO_CONTROLS, ...over });

describe('declineReasonOf', () => {
  it('checks a given CVV, then a given expiry, after CARD_EXPIRED and before CURRENCY_NOT_SUPPORTED', () => {
    expect(declineReasonOf(with_({ cvvMatches: true, expiryMatches: true }))).toBeNull();
    expect(declineReasonOf(with_({ cvvMatches: false, expiryMatches: false, currency: 'EUR' }))).toBe(
      'CVV_MISMATCH',
    );
    expect(declineReasonOf(with_({ cvvMatches: true, expiryMatches: false, currency: 'EUR' }))).toBe(
      'EXPIRY_MISMATCH',
    );
    expect(declineReasonOf(with_({ cvvMatches: false, expireYear: '2025' }))).toBe('CARD_EXPIRED');
    expect(declineReasonOf(with_({ cvvMatches: false, cardStatus: 'LOCKED' }))).toBe('CARD_NOT_ACTIVE');
  });

  it('approves when every check passes, exactly at each bound', () => {
    expect(declineReasonOf(base)).toBeNull();
    expect(
      declineReasonOf(
        with_({
          amount: 10_00,
          available: 10_00,
          spent: { day: 90_00, month: 190_00, allTime: 290_00 },
          controls: limits({ perTransaction: 10_00, daily: 100_00, monthly: 200_00, allTime: 300_00 }),
        }),
      ),
    ).toBeNull();
  });

  it.each([
    ['CARD_NOT_ACTIVE', with_({ cardStatus: 'LOCKED' })],
    ['CARD_NOT_ACTIVE', with_({ cardStatus: 'PENDING' })],
    ['CARD_NOT_ACTIVE', with_({ cardStatus: 'CANCELLED' })],
    ['CARD_EXPIRED', with_({ expireMonth: '10', expireYear: '2026' })],
    ['CURRENCY_NOT_SUPPORTED', with_({ currency: 'EUR' })],
    ['MCC_BLOCKED', with_({ controls: limits({ blockedMcc: ['5812'] }) })],
    ['COUNTRY_BLOCKED', with_({ controls: limits({ blockedCountries: ['US'] }) })],
    ['LIMIT_PER_TRANSACTION', with_({ controls: limits({ perTransaction: 9_99 }) })],
    [
      'LIMIT_DAILY',
      with_({ controls: limits({ daily: 100_00 }), spent: { day: 90_01, month: 0, allTime: 0 } }),
    ],
    [
      'LIMIT_MONTHLY',
      with_({ controls: limits({ monthly: 100_00 }), spent: { day: 0, month: 90_01, allTime: 0 } }),
    ],
    [
      'LIMIT_ALL_TIME',
      with_({ controls: limits({ allTime: 100_00 }), spent: { day: 0, month: 0, allTime: 90_01 } }),
    ],
    ['INSUFFICIENT_FUNDS', with_({ available: 9_99 })],
  ])('%s alone', (reason, input) => {
    expect(declineReasonOf(input)).toBe(reason);
  });

  it('the first failing check wins', () => {
    const everything = with_({
      cardStatus: 'LOCKED',
      expireYear: '2020',
      currency: 'EUR',
      available: 0,
      controls: limits({
        blockedMcc: ['5812'],
        blockedCountries: ['US'],
        perTransaction: 1,
        daily: 1,
        monthly: 1,
        allTime: 1,
      }),
    });
    expect(declineReasonOf(everything)).toBe('CARD_NOT_ACTIVE');
    expect(declineReasonOf({ ...everything, cardStatus: 'ACTIVE' })).toBe('CARD_EXPIRED');
    expect(declineReasonOf({ ...everything, cardStatus: 'ACTIVE', expireYear: '2030' })).toBe(
      'CURRENCY_NOT_SUPPORTED',
    );
  });
});

describe('cardExpired', () => {
  it('is valid through the last instant of its month, UTC', () => {
    expect(cardExpired('11', '2026', new Date('2026-11-30T23:59:59.999Z'))).toBe(false);
    expect(cardExpired('11', '2026', new Date('2026-12-01T00:00:00.000Z'))).toBe(true);
    expect(cardExpired('12', '2026', new Date('2026-12-31T12:00:00.000Z'))).toBe(false);
    expect(cardExpired('12', '2026', new Date('2027-01-01T00:00:00.000Z'))).toBe(true);
  });
});

describe('windows and ceilings', () => {
  it('keys a moment by its UTC day and month', () => {
    expect(windowsOf(new Date('2026-11-30T23:59:59.999Z'))).toEqual({
      day: 'D2026-11-30',
      month: 'M2026-11',
      allTime: 'ALL',
    });
    expect(windowsOf(new Date('2026-12-01T00:00:00.000Z'))).toEqual({
      day: 'D2026-12-01',
      month: 'M2026-12',
      allTime: 'ALL',
    });
  });

  it('resets at the next UTC midnight and the first of next month', () => {
    expect(windowResets(new Date('2026-12-31T10:00:00Z'))).toEqual({
      day: new Date('2027-01-01T00:00:00Z'),
      month: new Date('2027-01-01T00:00:00Z'),
    });
  });

  it('clears at most 120 % of the hold, rounded down to the minor unit', () => {
    expect(clearCeiling(10_00)).toBe(12_00);
    expect(clearCeiling(1)).toBe(1);
    expect(clearCeiling(9)).toBe(10);
  });
});
