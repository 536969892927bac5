// The benchmarked wallet calls, each a factory of freshly signed requests (DESIGN §2: a new
// timestamp and nonce, and the HMAC over the canonical query, for every single request), so the
// service's nonce check passes and the cost of signing sits on the client as it would in life.
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
 * The seeded population (scripts/seed-large.ts): users seed-1..seed-N, e-mail <id>@seed.example.com;
 * cards are issued from the agency's asset in the cheapest virtual category.
 */
export type Population = { users: number; prefix: string; agencyAssetId: number; categoryId: number };

const randomUser = (p: Population) => `${p.prefix}-${1 + randomInt(p.users)}`;

export type ReadKey = 'list-first' | 'list-deep' | 'list-email' | 'assets' | 'user-cards';
export type OpKey = ReadKey | 'issue';

export const OPERATIONS: Record<OpKey, { label: string; section: string }> = {
  'list-first': { label: '4.2 all cards by user, first page', section: '4.2' },
  'list-deep': { label: '4.2 all cards by user, deep page', section: '4.2' },
  'list-email': { label: '4.2 filtered by email', section: '4.2' },
  assets: { label: '4.5 agency asset list', section: '4.5' },
  'user-cards': { label: '4.6 user card list', section: '4.6' },
  issue: { label: '4.3 card issuance (agency pays)', section: '4.3' },
};

export const READ_KEYS: readonly ReadKey[] = [
  'list-first',
  'list-deep',
  'list-email',
  'assets',
  'user-cards',
];

/** The deepest full page of 20 users: OFFSET pagination's worst case for this population. */
export const deepPage = (p: Population) => Math.max(1, Math.floor(p.users / 20));

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
