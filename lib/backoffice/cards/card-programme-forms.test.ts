import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { prefixesOf, typedAmount } from '@/lib/backoffice/shared/amount-typing.test-support';
import {
  checkTransfer,
  toTransferAsset,
  transferSchema,
  transferWillWait,
  type TransferAsset,
} from './card-programme-forms';

const wallet: TransferAsset = {
  assetId: 7,
  label: 'Wallet (USD)',
  currency: 'USD',
  decimalPlaces: 2,
  balanceMinor: 1250,
};
const card: TransferAsset = {
  assetId: 9,
  label: 'card •••• 3771',
  currency: 'USD',
  decimalPlaces: 2,
  balanceMinor: 0,
};

describe('checkTransfer: refused before the call', () => {
  it('gives both balances after, in minor units', () => {
    expect(checkTransfer('12.5', wallet, card)).toEqual({
      ok: true,
      amount: '12.5',
      amountMinor: 1250,
      fromAfterMinor: 0,
      toAfterMinor: 1250,
    });
  });
  it('refuses more than the balance, naming it', () => {
    expect(checkTransfer('12.51', wallet, card)).toEqual({
      ok: false,
      message: 'Amount must be at most the balance of Wallet (USD): 12.50 USD.',
    });
  });
  it("refuses more decimals than the asset's", () => {
    expect(checkTransfer('1.001', wallet, card)).toEqual({
      ok: false,
      message: 'Amount must have at most 2 decimals in USD.',
    });
  });
  it('states what is wrong with an amount in plain words', () => {
    expect(checkTransfer('0', wallet, card)).toEqual({ ok: false, message: 'Enter an amount above zero.' });
    expect(checkTransfer('-5', wallet, card)).toEqual({
      ok: false,
      message: 'Enter the amount without a minus sign: money only moves one way here.',
    });
    expect(checkTransfer('$1,0', wallet, card)).toEqual({
      ok: false,
      message: 'Use a point for cents, e.g. 25.50: a comma separates thousands.',
    });
    expect(checkTransfer('  ', wallet, card)).toEqual({ ok: false, message: 'Enter an amount.' });
  });
  it('refuses an amount past any balance as over the balance, not as too many decimals', () => {
    expect(checkTransfer('999,999,999,999,999.99', wallet, card)).toEqual({
      ok: false,
      message: 'Amount must be at most the balance of Wallet (USD): 12.50 USD.',
    });
  });
  it('refuses another currency', () => {
    expect(checkTransfer('1', wallet, { ...card, currency: 'EUR' })).toEqual({
      ok: false,
      message: 'Money moves only in one currency (USD → EUR).',
    });
  });
});

// Issue 40 item 1: typing "25.50" key by key into Top up from the agency threw at "25." (the
// typed text, not the checked amount, went to the comparison) and the page fell over.
describe('transferWillWait: what the dialog works out at every key', () => {
  const agency: TransferAsset = {
    assetId: 3,
    label: 'Card margin (agency)',
    currency: 'USD',
    decimalPlaces: 2,
    balanceMinor: 10_000_000_00,
    agency: true,
  };
  const waits = (typed: string, waitsFrom: string | null = '1000') =>
    transferWillWait(checkTransfer(typed, agency, card), agency, waitsFrom);

  it('reads the amount as typed, grouped or with its currency', () => {
    expect(waits('25.')).toBe(false);
    expect(waits('1,500.00')).toBe(true);
    expect(waits('$1,000')).toBe(true);
    expect(waits('999.99 USD')).toBe(false);
    expect(waits('1,5')).toBe(false);
    expect(waits('1,500.00', null)).toBe(false);
    expect(transferWillWait(checkTransfer('1,500.00', wallet, card), wallet, '1000')).toBe(false);
  });

  it('answers every prefix of every typed amount, with the balances after when it is an amount', () => {
    fc.assert(
      fc.property(typedAmount, fc.constantFrom('0', '25', '1000.00', null), ({ typed }, waitsFrom) => {
        for (const prefix of prefixesOf(typed)) {
          const check = checkTransfer(prefix, agency, card);
          expect(typeof transferWillWait(check, agency, waitsFrom)).toBe('boolean');
          if (check.ok) expect(check.fromAfterMinor + check.toAfterMinor).toBe(agency.balanceMinor);
          else expect(check.message).toMatch(/^[A-Z].+\.$/);
        }
      }),
    );
  });
});

describe('toTransferAsset', () => {
  it('turns the API balance into integer minor units', () => {
    expect(
      toTransferAsset({ assetId: 1, balance: 100000.1, currency: 'USD', decimalPlaces: 2 }, 'x').balanceMinor,
    ).toBe(10000010);
  });
});

describe('transferSchema', () => {
  const valid = {
    kind: 'top-up',
    appUserId: 'u-1',
    cardId: 9,
    fromAssetId: '7',
    toAssetId: 9,
    amount: '25.00',
    requestId: 'e3b0c442-98fc-4c14-9afb-4c8996fb9242',
  };
  it('accepts a top-up', () => {
    expect(transferSchema.parse(valid)).toEqual({ ...valid, fromAssetId: 7 });
  });
  it('names the field and the rule', () => {
    const result = transferSchema.safeParse({ ...valid, fromAssetId: '', amount: '1.2.3' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['fromAssetId', 'Choose where the money comes from.'],
      ['amount', 'Enter an amount in numbers, e.g. 1,500.00.'],
    ]);
  });
  it('normalises an amount as people type it before the call', () => {
    expect(transferSchema.parse({ ...valid, amount: '1,500.00' }).amount).toBe('1500.00');
    expect(transferSchema.parse({ ...valid, amount: '$25' }).amount).toBe('25');
  });
});
