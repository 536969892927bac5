import { describe, expect, it } from 'vitest';
import { checkTransfer, toTransferAsset, transferSchema, type TransferAsset } from './card-programme-forms';

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
  it('refuses another currency', () => {
    expect(checkTransfer('1', wallet, { ...card, currency: 'EUR' })).toEqual({
      ok: false,
      message: 'Money moves only in one currency (USD → EUR).',
    });
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
