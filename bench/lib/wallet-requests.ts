// The benchmarked wallet calls, each a factory of freshly signed requests
// (docs/wallet-api.md "Signature": a new timestamp and nonce, and the HMAC over the canonical
// query, for every single request), so the service's nonce check passes and the cost of signing
// sits on the client as it would in life. Two groups of reads: READ_KEYS, the spec's reads that
// issue 11's targets hold against the floor, and SCALE_KEYS, the extension reads (user/search,
// asset/ledger) whose target is to cost the same at every size; then the two writes, card issuance
// and transfers, each with a fresh requestId.
import { randomInt, randomUUID } from 'node:crypto';
import { walletOperations, type WalletOperationName } from '@/lib/wallet/contract/operations';
import { signedQuery } from '@/lib/wallet/contract/signed-query';
import type { RequestFactory } from './load';

export type WalletApp = { agencyCode: string; appId: string; secret: string };

export function signedPath(
  app: WalletApp,
  operation: WalletOperationName,
  params: Record<string, string | number>,
): { method: 'GET' | 'POST'; path: string } {
  const op = walletOperations[operation];
  return {
    method: op.method,
    path: `${op.path}?${signedQuery({ ...app, method: op.method, path: op.path, params })}`,
  };
}

/**
 * The seeded population (scripts/seed-large.ts): users seed-1..seed-N, e-mail <id>@seed.example.com,
 * each with a USD wallet asset; cards are issued from the agency's asset in the cheapest virtual
 * category (see population.ts, which reads the rest from the seeded database).
 */
export type Population = {
  users: number;
  prefix: string;
  agencyAssetId: number;
  categoryId: number;
  /**
   * The seeded users' WALLET asset ids as runs of consecutive ids, [first id, count] (one run
   * per seeding batch): what a transfer to a random user's wallet draws from.
   */
  walletAssets: [number, number][];
  /** The agency asset's ledger length when the size was set up (its deep page is fixed by it). */
  agencyLedgerLength: number;
  /** The last four digits of a sample of seeded cards (user/search by last four). */
  last4s: string[];
  /** Deposit addresses of seeded users (bench/lib/deposits.ts), when deposits are measured. */
  depositAddresses?: string[];
  /**
   * ACTIVE cards funded for the spending loads (bench/lib/spending.ts): what simulate/authorize
   * draws from (absent until the spending figures set them up).
   */
  spendCards?: number[];
};

const randomUser = (p: Population) => `${p.prefix}-${1 + randomInt(p.users)}`;

/** A seeded user's wallet asset, every one equally likely. */
function randomWalletAsset(p: Population): number {
  let i = randomInt(p.walletAssets.reduce((n, [, count]) => n + count, 0));
  for (const [first, count] of p.walletAssets) {
    if (i < count) return first + i;
    i -= count;
  }
  throw new Error('the population has no wallet assets');
}

/** The spec's signed reads: issue 11's targets hold them against the floor. */
export type CoreReadKey = 'list-first' | 'list-deep' | 'list-email' | 'assets' | 'user-cards';
/** The extension reads measured for size-independence (issue 12): user/search and asset/ledger. */
export type ScaleReadKey = 'search-last4' | 'search-prefix' | 'ledger-first' | 'ledger-deep';
export type ReadKey = CoreReadKey | ScaleReadKey;
export type WriteKey = 'issue' | 'transfer';
export type OpKey = ReadKey | WriteKey;

/** `label` names it in the tables; `plot`, when the label is too long, in growth.svg's legend. */
export const OPERATIONS: Record<OpKey, { label: string; section: string; plot?: string }> = {
  'list-first': { label: '4.2 all cards by user, first page', section: '4.2' },
  'list-deep': { label: '4.2 all cards by user, deep page', section: '4.2' },
  'list-email': { label: '4.2 filtered by email', section: '4.2' },
  assets: { label: '4.5 agency asset list', section: '4.5' },
  'user-cards': { label: '4.6 user card list', section: '4.6' },
  'search-last4': {
    label: 'user/search by a card’s last four digits (page of 1)',
    section: 'user/search',
    plot: 'search by last four',
  },
  'search-prefix': {
    label: 'user/search by an e-mail/appUserId prefix (page of 20)',
    section: 'user/search',
    plot: 'search by prefix',
  },
  'ledger-first': {
    label: 'asset/ledger of the agency asset, first page',
    section: 'asset/ledger',
    plot: 'ledger, first page',
  },
  'ledger-deep': {
    label: 'asset/ledger of the agency asset, deepest page',
    section: 'asset/ledger',
    plot: 'ledger, deepest page',
  },
  issue: { label: '4.3 card issuance (agency pays)', section: '4.3' },
  transfer: {
    label: 'asset/transfer, agency asset → a user’s wallet',
    section: 'asset/transfer',
    plot: 'transfer (agency → wallet)',
  },
};

export const READ_KEYS: readonly CoreReadKey[] = [
  'list-first',
  'list-deep',
  'list-email',
  'assets',
  'user-cards',
];

/**
 * Each returns the same number of users or entries at every seeded size (from 1,000 cards), so
 * that its cost at two sizes compares like with like: a card's last four digits match one card
 * at 1,000 cards and about a hundred at 1,000,000, so that search asks for a page of one; the
 * prefixes seed-1..seed-3 match at least 20 users of any population of 333 or more.
 */
export const SCALE_KEYS: readonly ScaleReadKey[] = [
  'search-last4',
  'search-prefix',
  'ledger-first',
  'ledger-deep',
];

/** The deepest full page of 20 users: OFFSET pagination's worst case for this population. */
export const deepPage = (p: Population) => Math.max(1, Math.floor(p.users / 20));

/** The deepest full page of 20 of the agency asset's ledger (it only grows, so it stays full). */
export const ledgerDeepPage = (p: Population) => Math.max(1, Math.floor(p.agencyLedgerLength / 20));

/** What each transfer moves: the smallest amount of a USD asset (the agency's is funded for the loads). */
export const TRANSFER_AMOUNT = '0.01';

export function requestFactory(app: WalletApp, key: OpKey, p: Population): RequestFactory {
  switch (key) {
    case 'list-first':
      return () => signedPath(app, 'cardListAllByUser', { pageNum: 1, pageSize: 20 });
    case 'list-deep': {
      const page = deepPage(p);
      return () => signedPath(app, 'cardListAllByUser', { pageNum: page, pageSize: 20 });
    }
    case 'list-email':
      return () =>
        signedPath(app, 'cardListAllByUser', {
          email: `${randomUser(p)}@seed.example.com`,
          pageNum: 1,
          pageSize: 20,
        });
    case 'assets':
      return () => signedPath(app, 'agencyAssetList', {});
    case 'user-cards':
      return () => signedPath(app, 'userCardList', { appUserId: randomUser(p) });
    case 'search-last4':
      return () => signedPath(app, 'userSearch', { q: p.last4s[randomInt(p.last4s.length)]!, pageSize: 1 });
    case 'search-prefix':
      return () => signedPath(app, 'userSearch', { q: `${p.prefix}-${1 + randomInt(3)}`, pageSize: 20 });
    case 'ledger-first':
      return () => signedPath(app, 'assetLedger', { assetId: p.agencyAssetId, pageNum: 1, pageSize: 20 });
    case 'ledger-deep': {
      const page = ledgerDeepPage(p);
      return () => signedPath(app, 'assetLedger', { assetId: p.agencyAssetId, pageNum: page, pageSize: 20 });
    }
    case 'transfer':
      return () => {
        const requestId = `bench-${randomUUID()}`;
        const request = signedPath(app, 'assetTransfer', {
          fromAssetId: p.agencyAssetId,
          toAssetId: randomWalletAsset(p),
          amount: TRANSFER_AMOUNT,
          requestId,
        });
        return { ...request, tag: requestId };
      };
    case 'issue':
      return () => {
        const requestId = `bench-${randomUUID()}`;
        const request = signedPath(app, 'agencyApplyUserCard', {
          appUserId: randomUser(p),
          paymentAssetId: p.agencyAssetId,
          categoryId: p.categoryId,
          embossedName: 'BENCH USER',
          requestId,
        });
        return { ...request, tag: requestId };
      };
  }
}
