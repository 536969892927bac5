// The built-in screener's rules, one by one and together (docs/deposits-and-kyt.md "KYT").
import { describe, expect, it } from 'vitest';
import { screenByRules } from './rules-screener';
import { holds, type ScreenedDeposit, type ScreeningContext } from './screener';

const M = 1_000_000; // millionths per USDT
const FROM = '0x1111111111111111111111111111111111111111';
const deposit = (amount: number, fromAddress = FROM): ScreenedDeposit => ({
  depositId: 1,
  chain: 'ETHEREUM',
  txHash: `0x${'a'.repeat(64)}`,
  logIndex: 0,
  fromAddress,
  address: '0x2222222222222222222222222222222222222222',
  amount,
});
const context = (over: Partial<ScreeningContext> = {}): ScreeningContext => ({
  rules: { blockedAddresses: [], reviewAddresses: [], reviewAmount: 1000 * M, severeAmount: 10_000 * M },
  firstDeposit: false,
  last24Hours: 0,
  ...over,
});

describe('screenByRules', () => {
  it('LOW with no reason', () => {
    expect(screenByRules(deposit(5 * M), context({ last24Hours: 5 * M }))).toEqual({
      level: 'LOW',
      reasons: [],
    });
  });

  it('BLOCKED_ADDRESS is SEVERE, REVIEW_ADDRESS HIGH', () => {
    const rules = { ...context().rules, blockedAddresses: [FROM] };
    expect(screenByRules(deposit(M), context({ rules }))).toEqual({
      level: 'SEVERE',
      reasons: ['BLOCKED_ADDRESS'],
    });
    const review = { ...context().rules, reviewAddresses: [FROM] };
    expect(screenByRules(deposit(M), context({ rules: review }))).toEqual({
      level: 'HIGH',
      reasons: ['REVIEW_ADDRESS'],
    });
  });

  it('amounts: at reviewAmount MEDIUM, at severeAmount HIGH (with the review reason too), a millionth under neither', () => {
    expect(screenByRules(deposit(1000 * M - 1), context()).reasons).toEqual([]);
    expect(screenByRules(deposit(1000 * M), context())).toEqual({
      level: 'MEDIUM',
      reasons: ['AMOUNT_OVER_REVIEW'],
    });
    expect(screenByRules(deposit(10_000 * M), context())).toEqual({
      level: 'HIGH',
      reasons: ['AMOUNT_OVER_SEVERE', 'AMOUNT_OVER_REVIEW'],
    });
  });

  it('FIRST_DEPOSIT_LARGE from a tenth of reviewAmount, on the first deposit only', () => {
    expect(screenByRules(deposit(100 * M), context({ firstDeposit: true }))).toEqual({
      level: 'MEDIUM',
      reasons: ['FIRST_DEPOSIT_LARGE'],
    });
    expect(screenByRules(deposit(100 * M - 1), context({ firstDeposit: true })).reasons).toEqual([]);
    expect(screenByRules(deposit(100 * M), context({ firstDeposit: false })).reasons).toEqual([]);
  });

  it('VELOCITY when the 24 h total, this one included, reaches reviewAmount', () => {
    expect(screenByRules(deposit(10 * M), context({ last24Hours: 1000 * M }))).toEqual({
      level: 'MEDIUM',
      reasons: ['VELOCITY'],
    });
    expect(screenByRules(deposit(10 * M), context({ last24Hours: 1000 * M - 1 })).reasons).toEqual([]);
  });

  it('VELOCITY_SEVERE (HIGH, held) when the same 24 h total reaches severeAmount: deposits structured under it', () => {
    // The twelfth of twelve deposits of 9,999.99: each under severeAmount, together far over it.
    const structured = 9_999_990_000; // 9,999.99 in millionths
    expect(screenByRules(deposit(structured), context({ last24Hours: 12 * structured }))).toEqual({
      level: 'HIGH',
      reasons: ['AMOUNT_OVER_REVIEW', 'VELOCITY', 'VELOCITY_SEVERE'],
    });
    expect(screenByRules(deposit(M), context({ last24Hours: 10_000 * M }))).toEqual({
      level: 'HIGH',
      reasons: ['VELOCITY', 'VELOCITY_SEVERE'],
    });
    expect(screenByRules(deposit(M), context({ last24Hours: 10_000 * M - 1 }))).toEqual({
      level: 'MEDIUM',
      reasons: ['VELOCITY'],
    });
  });

  it('the level is the highest reason; HIGH and SEVERE hold, LOW and MEDIUM do not', () => {
    const rules = { ...context().rules, blockedAddresses: [FROM], reviewAddresses: [FROM] };
    const verdict = screenByRules(
      deposit(20_000 * M),
      context({ rules, firstDeposit: true, last24Hours: 20_000 * M }),
    );
    expect(verdict).toEqual({
      level: 'SEVERE',
      reasons: [
        'BLOCKED_ADDRESS',
        'REVIEW_ADDRESS',
        'AMOUNT_OVER_SEVERE',
        'AMOUNT_OVER_REVIEW',
        'FIRST_DEPOSIT_LARGE',
        'VELOCITY',
        'VELOCITY_SEVERE',
      ],
    });
    expect([holds('LOW'), holds('MEDIUM'), holds('HIGH'), holds('SEVERE')]).toEqual([
      false,
      false,
      true,
      true,
    ]);
  });
});
