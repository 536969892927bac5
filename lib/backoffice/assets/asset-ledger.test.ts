import { describe, expect, it } from 'vitest';
import { LEDGER_TYPES } from '@/lib/wallet/contract/schemas';
import {
  assetExportHref,
  assetIdFromSegment,
  assetPageHref,
  assetPath,
  csvAmount,
  LEDGER_TYPE_LABELS,
  ledgerCsvFilename,
  parseLedgerType,
  ledgerCsvLine,
  ledgerCsvPreamble,
  ledgerTypeLabel,
} from './asset-ledger';

const entry = {
  entryId: 41,
  type: 'CARD_FEE' as const,
  amount: -12.5,
  balanceAfter: 99987.5,
  cardId: 7,
  transferId: null,
  counterAssetId: null,
  counterAppUserId: 'u-7',
  createdAt: '2026-05-01T09:30:00.000Z',
};

describe('ledger types', () => {
  it('names every type of the contract in plain words', () => {
    expect(Object.keys(LEDGER_TYPE_LABELS).sort()).toEqual([...LEDGER_TYPES].sort());
    expect(LEDGER_TYPES.map(ledgerTypeLabel)).toEqual([
      'Opening balance',
      'Deposit',
      'Card fee',
      'Transfer in',
      'Transfer out',
      'Card balance returned',
      'Card purchase',
      'Merchant refund',
      'Chain deposit',
      'Dispute won',
    ]);
    expect(ledgerTypeLabel('SOMETHING_NEW')).toBe('SOMETHING_NEW');
  });
});

describe('addresses', () => {
  it('names the owner of a user asset, and keeps it and the paging in page links', () => {
    expect(assetPath(7)).toBe('/assets/7');
    expect(assetPath(7, 'u@1')).toBe('/assets/7?user=u%401');
    const all = { owner: null, type: null };
    expect(assetPageHref(7, all, { page: 1, size: 20 })).toBe('/assets/7');
    expect(assetPageHref(7, { owner: 'u-1', type: null }, { page: 3, size: 10 })).toBe(
      '/assets/7?user=u-1&size=10&page=3',
    );
    expect(assetPageHref(7, { owner: 'u-1', type: 'CARD_FEE' }, { page: 2, size: 20 })).toBe(
      '/assets/7?user=u-1&type=CARD_FEE&page=2',
    );
    expect(assetExportHref(7, all)).toBe('/assets/7/export');
    expect(assetExportHref(7, { owner: 'u-1', type: null })).toBe('/assets/7/export?user=u-1');
    expect(assetExportHref(7, { owner: null, type: 'CREDIT' })).toBe('/assets/7/export?type=CREDIT');
  });

  it('reads the type filter: blank is every type, anything but a ledger type is invalid', () => {
    expect(parseLedgerType(undefined)).toEqual({ type: null, valid: true });
    expect(parseLedgerType(' ')).toEqual({ type: null, valid: true });
    expect(parseLedgerType('CARD_FEE')).toEqual({ type: 'CARD_FEE', valid: true });
    for (const bad of ['card_fee', 'FEE', 'CARD_FEE,CREDIT']) {
      expect(parseLedgerType(bad)).toEqual({ type: null, valid: false });
    }
  });

  it('reads only a positive whole asset ID from the route', () => {
    expect(assetIdFromSegment('7')).toBe(7);
    expect(assetIdFromSegment('2147483647')).toBe(2147483647);
    for (const bad of ['0', '07', '-1', '1.5', '1e3', 'abc', '2147483648', '']) {
      expect(assetIdFromSegment(bad)).toBeNull();
    }
  });
});

describe('ledger CSV', () => {
  it('writes one line per entry: codes, signed plain decimals at the asset places, ISO times', () => {
    expect(ledgerCsvPreamble()).toBe(
      '\uFEFFEntry ID,Time (UTC),Type,Amount,Balance after,Currency,Card ID,Transfer ID\r\n',
    );
    expect(ledgerCsvLine(entry, { currency: 'USD', decimalPlaces: 2 })).toBe(
      '41,2026-05-01T09:30:00.000Z,CARD_FEE,-12.50,99987.50,USD,7,\r\n',
    );
    expect(
      ledgerCsvLine(
        { ...entry, type: 'TRANSFER_IN', amount: 1.5, balanceAfter: 3, cardId: null, transferId: 9 },
        { currency: 'USDT', decimalPlaces: 6 },
      ),
    ).toBe('41,2026-05-01T09:30:00.000Z,TRANSFER_IN,1.500000,3.000000,USDT,,9\r\n');
  });

  it('keeps a negative amount a number, and still defuses formula starts elsewhere', () => {
    expect(csvAmount(-12.5, 2)).toBe('-12.50');
    expect(ledgerCsvLine({ ...entry, createdAt: '=cmd()' }, { currency: 'USD', decimalPlaces: 2 })).toBe(
      "41,'=cmd(),CARD_FEE,-12.50,99987.50,USD,7,\r\n",
    );
  });

  it('names the file by asset and UTC day', () => {
    expect(ledgerCsvFilename(7, new Date('2026-05-01T23:59:59Z'))).toBe('asset-7-ledger-20260501.csv');
    expect(ledgerCsvFilename(7, new Date('2026-05-01T00:00:00Z'), 'CARD_FEE')).toBe(
      'asset-7-ledger-card-fee-20260501.csv',
    );
  });
});
