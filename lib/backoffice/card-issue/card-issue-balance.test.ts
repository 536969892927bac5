import { describe, expect, it } from 'vitest';
import { feeCoverage } from './card-issue-balance';

const usd = (balance: number) => ({ balance, currency: 'USD', decimalPlaces: 2 });
const fee = (amount: number) => ({ fee: amount, currency: 'USD', decimalPlaces: 2 });

describe('feeCoverage', () => {
  it('gives the balance before and after the fee, in minor units', () => {
    expect(feeCoverage(usd(30), fee(25))).toEqual({
      kind: 'covered',
      balanceMinor: 3000,
      feeMinor: 2500,
      afterMinor: 500,
      balance: '$30.00',
      fee: '$25.00',
      after: '$5.00',
      missing: '$0.00',
    });
  });

  it('has no float error', () => {
    const coverage = feeCoverage(usd(0.3), fee(0.1));
    expect(coverage).toMatchObject({ kind: 'covered', afterMinor: 20, after: '$0.20' });
    expect(feeCoverage(usd(100000.5), fee(10))).toMatchObject({ afterMinor: 9999050, after: '$99,990.50' });
  });

  it('covers a fee equal to the balance, leaving zero', () => {
    expect(feeCoverage(usd(5), fee(5))).toMatchObject({ kind: 'covered', afterMinor: 0, after: '$0.00' });
  });

  it('reports what is missing when the balance is short', () => {
    expect(feeCoverage(usd(4.99), fee(5))).toMatchObject({
      kind: 'short',
      afterMinor: -1,
      balance: '$4.99',
      fee: '$5.00',
      after: '$0.00',
      missing: '$0.01',
    });
  });

  it('compares at the finer scale when the decimal places differ', () => {
    const coverage = feeCoverage(
      { balance: 1.005, currency: 'USD', decimalPlaces: 3 },
      { fee: 1, currency: 'USD', decimalPlaces: 2 },
    );
    expect(coverage).toMatchObject({ kind: 'covered', afterMinor: 5, after: '$0.005' });
  });

  it('refuses an asset in another currency', () => {
    expect(feeCoverage({ balance: 50, currency: 'EUR', decimalPlaces: 2 }, fee(5))).toEqual({
      kind: 'other-currency',
      balance: '€50.00',
      fee: '$5.00',
    });
  });
});
