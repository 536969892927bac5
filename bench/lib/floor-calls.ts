// The calls that prove the floor fair (bench/lib/verify-floor.ts): the same list is made to the
// service's own request handler under bench/capture-sql.ts and to the floor under its trace, so
// that both sides' statements are recorded for exactly the same requests.
import { createHash } from 'node:crypto';
import type { WalletOperationName } from '@/lib/wallet/contract/operations';
import { DEPOSIT_AMOUNT, DEPOSIT_CHAIN, DEPOSIT_CONFIRMATIONS, DEPOSIT_FROM } from './deposit-params';
import { ledgerDeepPage, TRANSFER_AMOUNT, type Population } from './wallet-requests';

export type FloorCall = {
  key: string;
  operation: WalletOperationName;
  /**
   * A write gets a fresh requestId per call (each side issues its own card, makes its own
   * transfer). `previous`: the `data` the same server answered to the call before this one (a
   * clear names the authorization its side's authorize just made).
   */
  params: (tag: string, previous?: unknown) => Record<string, string | number>;
};

/** What both sides run once, before any request: the category catalogue loaded into memory. */
export const STARTUP_KEY = 'start-up (category catalogue)';

/** The first call of a fresh process also prunes old nonces and requestIds (once a minute). */
export const WARM_UP_KEY = 'warm-up (with nonce pruning)';

export function floorCalls(p: Population, deepPage: number): FloorCall[] {
  const user = `${p.prefix}-1`;
  return [
    { key: WARM_UP_KEY, operation: 'agencyAssetList', params: () => ({}) },
    {
      key: 'cardListAllByUser',
      operation: 'cardListAllByUser',
      params: () => ({ pageNum: 1, pageSize: 20 }),
    },
    {
      key: 'cardListAllByUser (deep)',
      operation: 'cardListAllByUser',
      params: () => ({ pageNum: deepPage, pageSize: 20 }),
    },
    {
      key: 'cardListAllByUser (email)',
      operation: 'cardListAllByUser',
      params: () => ({ email: `${user}@seed.example.com`, pageNum: 1, pageSize: 20 }),
    },
    { key: 'agencyAssetList', operation: 'agencyAssetList', params: () => ({}) },
    { key: 'userCardList', operation: 'userCardList', params: () => ({ appUserId: user }) },
    {
      key: 'agencyApplyUserCard',
      operation: 'agencyApplyUserCard',
      params: (tag) => ({
        appUserId: user,
        paymentAssetId: p.agencyAssetId,
        categoryId: p.categoryId,
        embossedName: 'BENCH USER',
        requestId: `bench-check-${tag}-${Date.now()}`,
      }),
    },
    {
      key: 'assetTransfer',
      operation: 'assetTransfer',
      params: (tag) => ({
        fromAssetId: p.agencyAssetId,
        toAssetId: p.walletAssets[0]![0],
        amount: TRANSFER_AMOUNT,
        requestId: `bench-check-transfer-${tag}-${Date.now()}`,
      }),
    },
    {
      key: 'userSearch (last four)',
      operation: 'userSearch',
      params: () => ({ q: p.last4s[0]!, pageSize: 1 }),
    },
    {
      key: 'userSearch (prefix)',
      operation: 'userSearch',
      params: () => ({ q: `${p.prefix}-1`, pageSize: 20 }),
    },
    {
      key: 'assetLedger',
      operation: 'assetLedger',
      params: () => ({ assetId: p.agencyAssetId, pageNum: 1, pageSize: 20 }),
    },
    {
      key: 'assetLedger (deep)',
      operation: 'assetLedger',
      params: () => ({ assetId: p.agencyAssetId, pageNum: ledgerDeepPage(p), pageSize: 20 }),
    },
    // A deposit credited in one call (bench/lib/deposits.ts), when this size measures deposits.
    ...(p.depositAddresses?.length
      ? [
          {
            key: 'simulateDeposit',
            operation: 'simulateDeposit',
            params: (tag: string) => ({
              chain: DEPOSIT_CHAIN,
              address: p.depositAddresses![0]!,
              txHash: `0x${createHash('sha256').update(`bench-check-deposit-${tag}-${Date.now()}`).digest('hex')}`,
              amount: DEPOSIT_AMOUNT,
              fromAddress: DEPOSIT_FROM,
              confirmations: DEPOSIT_CONFIRMATIONS,
            }),
          } satisfies FloorCall,
        ]
      : []),
    ...spendingCalls(p),
  ];
}

/** The amount each benchmarked authorization asks for (major units of the card's USD). */
export const AUTHORIZE_AMOUNT = '0.01';

/** simulate/authorize (approved) on a funded card, then simulate/clear of that authorization. */
function spendingCalls(p: Population): FloorCall[] {
  const cardId = p.spendCards?.[0];
  if (cardId === undefined) return [];
  return [
    {
      key: 'simulateAuthorize',
      operation: 'simulateAuthorize',
      params: (tag) => authorizeParams(cardId, `bench-check-authorize-${tag}-${Date.now()}`),
    },
    {
      key: 'simulateClear',
      operation: 'simulateClear',
      params: (tag, previous) => ({
        authorizationId: (previous as { authorizationId: number }).authorizationId,
        requestId: `bench-check-clear-${tag}-${Date.now()}`,
      }),
    },
  ];
}

/** A purchase the rules approve on a funded card with no controls. */
export function authorizeParams(cardId: number, requestId: string): Record<string, string | number> {
  return {
    cardId,
    amount: AUTHORIZE_AMOUNT,
    merchantName: 'BENCH COFFEE',
    mcc: '5814',
    merchantCountry: 'US',
    requestId,
  };
}

/** One recorded statement: `[name] text` for a named prepared statement, else the text. */
export function traceEntry(text: string, name?: string): string {
  return name ? `[${name}] ${text}` : text;
}
