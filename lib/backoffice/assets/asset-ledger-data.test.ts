import { describe, expect, it } from 'vitest';
import { WalletNotFoundError, WalletServiceError } from '@/lib/backoffice/wallet-client';
import type { Asset, LedgerEntry, LedgerPage } from '@/lib/wallet/contract/schemas';
import { findAsset, LEDGER_EXPORT_PAGE_SIZE, walkLedger } from './asset-ledger-data';

const asset = (assetId: number, appUserId = ''): Asset => ({
  agencyCode: 'DEMO',
  appId: 'demo-app',
  appUserId,
  assetId,
  assetName: `Asset ${assetId}`,
  balance: 10,
  currency: 'USD',
  decimalPlaces: 2,
  defaultAsset: 0,
  icon: '',
  symbol: '$',
  type: appUserId ? 'WALLET' : 'CARD_MARGIN',
});

function client(options: { agency?: Asset[]; user?: Record<string, Asset[]>; ledger?: LedgerPage[] }) {
  const calls: string[] = [];
  return {
    calls,
    agencyAssetList: async () => {
      calls.push('agency');
      return options.agency ?? [];
    },
    userAssetList: async ({ appUserId }: { appUserId: string }) => {
      calls.push(`user ${appUserId}`);
      const list = options.user?.[appUserId];
      if (!list) {
        throw new WalletNotFoundError({
          operation: 'userAssetList',
          detail: 'test',
          code: 3001,
          staffMessage: 'No such user.',
        });
      }
      return list;
    },
    assetLedger: async ({
      pageNum,
      pageSize,
      type,
    }: {
      pageNum?: number | string;
      pageSize?: number | string;
      type?: string;
    }) => {
      calls.push(`ledger ${String(pageNum)} ${String(pageSize)}${type ? ` ${type}` : ''}`);
      const page = options.ledger?.[Number(pageNum) - 1];
      if (!page) throw new Error(`unexpected page ${String(pageNum)}`);
      return page;
    },
  };
}

type FakeClient = Parameters<typeof findAsset>[2];

describe('findAsset', () => {
  it('finds an agency asset without asking about any user', async () => {
    const fake = client({ agency: [asset(1), asset(2)] });
    expect(await findAsset(2, 'u-1', fake as unknown as FakeClient)).toEqual({
      kind: 'found',
      asset: asset(2),
      owner: { kind: 'agency' },
    });
    expect(fake.calls).toEqual(['agency']);
  });

  it("finds a user's asset only among the named user's", async () => {
    const fake = client({ agency: [asset(1)], user: { 'u-1': [asset(5, 'u-1')] } });
    expect(await findAsset(5, 'u-1', fake as unknown as FakeClient)).toMatchObject({
      kind: 'found',
      owner: { kind: 'user', appUserId: 'u-1' },
    });
    expect(await findAsset(6, 'u-1', fake as unknown as FakeClient)).toEqual({ kind: 'not-found' });
    // No user named, an invalid one, or an unknown one: not found.
    expect(await findAsset(5, null, fake as unknown as FakeClient)).toEqual({ kind: 'not-found' });
    expect(await findAsset(5, 'not valid!', fake as unknown as FakeClient)).toEqual({ kind: 'not-found' });
    expect(await findAsset(5, 'u-2', fake as unknown as FakeClient)).toEqual({ kind: 'not-found' });
  });

  it('reports a wallet failure in words', async () => {
    const failing = {
      agencyAssetList: async () => {
        throw new WalletServiceError({
          operation: 'agencyAssetList',
          detail: 'test',
          code: 5000,
          staffMessage: 'The wallet service had an unexpected problem.',
        });
      },
    };
    expect(await findAsset(1, null, failing as unknown as FakeClient)).toEqual({
      kind: 'error',
      staffMessage: 'The wallet service had an unexpected problem.',
      name: 'WalletServiceError',
      code: 5000,
    });
  });
});

const entry = (entryId: number): LedgerEntry => ({
  entryId,
  type: 'CREDIT',
  amount: 1,
  balanceAfter: entryId,
  cardId: null,
  counterAssetId: null,
  counterAppUserId: null,
  transferId: null,
  createdAt: '2026-05-01T00:00:00.000Z',
});

describe('walkLedger', () => {
  it('reads every page of the largest size, skipping entries pushed down by new ones', async () => {
    const fake = client({
      ledger: [
        { dataTotal: 4, haveNext: true, list: [entry(4), entry(3)] },
        // An entry written meanwhile pushed 3 onto the second page.
        { dataTotal: 5, haveNext: true, list: [entry(3), entry(2)] },
        { dataTotal: 5, haveNext: false, list: [entry(1)] },
      ],
    });
    const batches: number[][] = [];
    for await (const batch of walkLedger({ assetId: 9, type: null }, fake as unknown as FakeClient)) {
      batches.push(batch.map((e) => e.entryId));
    }
    expect(batches).toEqual([[4, 3], [2], [1]]);
    expect(fake.calls).toEqual([1, 2, 3].map((n) => `ledger ${n} ${LEDGER_EXPORT_PAGE_SIZE}`));
  });

  it('asks for the one type when filtered', async () => {
    const fake = client({ ledger: [{ dataTotal: 1, haveNext: false, list: [entry(1)] }] });
    const batches: number[][] = [];
    for await (const batch of walkLedger({ assetId: 9, type: 'CARD_FEE' }, fake as unknown as FakeClient)) {
      batches.push(batch.map((e) => e.entryId));
    }
    expect(batches).toEqual([[1]]);
    expect(fake.calls).toEqual([`ledger 1 ${LEDGER_EXPORT_PAGE_SIZE} CARD_FEE`]);
  });

  it('ends on an empty page', async () => {
    const fake = client({ ledger: [{ dataTotal: 0, haveNext: true, list: [] }] });
    const batches: unknown[] = [];
    for await (const batch of walkLedger({ assetId: 9, type: null }, fake as unknown as FakeClient))
      batches.push(batch);
    expect(batches).toEqual([]);
  });
});
