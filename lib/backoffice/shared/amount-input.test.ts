import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AMOUNT_PATTERN } from '@/lib/wallet/contract/money';
import { parseAmountInput } from './amount-input';
import { prefixesOf, typedAmount } from './amount-typing.test-support';

describe('parseAmountInput', () => {
  it.each([
    ['1,500.00', '1500.00'],
    ['1500', '1500'],
    ['$25', '25'],
    ['$ 1,500.50', '1500.50'],
    ['25 USD', '25'],
    ['US$1,000,000', '1000000'],
    ['1 500.00', '1500.00'],
    ['0025.5', '25.5'],
    ['.50', '0.50'],
    ['25.', '25'],
    ['  12.345678 ', '12.345678'],
  ])('reads %j as %j, an amount the contract takes', (typed, amount) => {
    expect(parseAmountInput(typed)).toEqual({ ok: true, amount });
    expect(AMOUNT_PATTERN.test(amount)).toBe(true);
  });

  it.each([
    ['', 'Enter an amount.'],
    ['$', 'Enter an amount in numbers, e.g. 1,500.00.'],
    ['ten', 'Enter an amount in numbers, e.g. 1,500.00.'],
    ['1.500,00', 'Put commas only between thousands, e.g. 1,500.00.'],
    ['15,00', 'Use a point for cents, e.g. 25.50: a comma separates thousands.'],
    ['1,50,000', 'Put commas only between thousands, e.g. 1,500.00.'],
    ['-25', 'Enter the amount without a minus sign: money only moves one way here.'],
    ['$-25', 'Enter the amount without a minus sign: money only moves one way here.'],
    ['0.00', 'Enter an amount above zero.'],
    ['1.2345678', 'Use at most 6 decimals.'],
    ['1234567890123456', 'That amount is too large.'],
  ])('refuses %j: %s', (typed, message) => {
    expect(parseAmountInput(typed)).toEqual({ ok: false, message });
  });

  it('takes 0 where zero means "off" (a threshold)', () => {
    expect(parseAmountInput('0', { allowZero: true })).toEqual({ ok: true, amount: '0' });
    expect(parseAmountInput('$0.00', { allowZero: true })).toEqual({ ok: true, amount: '0.00' });
  });

  it('reads every amount format people type as the amount it means', () => {
    fc.assert(
      fc.property(typedAmount, ({ typed, amount }) => {
        expect(parseAmountInput(typed)).toEqual({ ok: true, amount });
      }),
    );
  });

  // Issue 40: a field is read at every key, so "1,5", "$", "25." and "US" must be answers too.
  it('answers every prefix of every typed amount: an amount the contract takes, or a sentence', () => {
    fc.assert(
      fc.property(typedAmount, fc.boolean(), ({ typed }, allowZero) => {
        for (const prefix of prefixesOf(typed)) {
          const read = parseAmountInput(prefix, { allowZero });
          if (read.ok) expect(read.amount).toMatch(AMOUNT_PATTERN);
          else expect(read.message).toMatch(/^[A-Z].+\.$/);
        }
      }),
    );
  });
});
