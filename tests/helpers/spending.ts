// Card spending in tests (docs/card-spending.md): a user with an ACTIVE virtual card funded with
// a known balance, and purchases on it, over the signed API like every other test.
import { expect } from 'vitest';
import { creditAsset } from '@/lib/wallet/service/asset/credit-asset';
import type { Authorization } from '@/lib/wallet/contract/schemas';
import { callWallet, kycParams, type Envelope } from './wallet-call';
import type { TestDatabase } from './wallet-db';

export type FundedCard = { appUserId: string; cardId: number; cardAssetId: number };

let seq = 0;

/** A new user with an ACTIVE virtual card (category 1) holding `fundedMinor` cents. */
export async function fundedCard(
  baseUrl: string,
  db: TestDatabase,
  fundedMinor: number,
  prefix = 'sp',
): Promise<FundedCard> {
  const appUserId = `${prefix}-${process.pid}-${++seq}`;
  expect((await callWallet(baseUrl, 'registerAndKyc', kycParams(appUserId))).body.code).toBe(0);
  const card = await callWallet<{ cardId: number }>(baseUrl, 'agencyApplyUserCard', {
    appUserId,
    paymentAssetId: db.agencyAssetId,
    categoryId: 1,
    embossedName: 'JANE DOE',
  });
  expect(card.body.code, card.body.msg).toBe(0);
  const cardId = card.body.data!.cardId;
  const detail = await callWallet<{ cardAssetId: number }>(baseUrl, 'cardDetail', { appUserId, cardId });
  const cardAssetId = detail.body.data!.cardAssetId;
  if (fundedMinor > 0) await creditAsset({ db: db.db, assetId: cardAssetId, amountMinor: fundedMinor });
  return { appUserId, cardId, cardAssetId };
}

export const purchase = (overrides: Record<string, string | number | undefined> = {}) => ({
  amount: '10.00',
  merchantName: 'Corner Cafe',
  mcc: '5812',
  merchantCountry: 'US',
  ...overrides,
});

/** simulate/authorize on `cardId`, expecting code 0; the authorization. */
export async function authorize(
  baseUrl: string,
  cardId: number,
  overrides: Record<string, string | number | undefined> = {},
): Promise<Authorization> {
  const r = await callWallet<Authorization>(baseUrl, 'simulateAuthorize', { cardId, ...purchase(overrides) });
  expect(r.body.code, r.body.msg).toBe(0);
  return r.body.data!;
}

export type Result<T = unknown> = { status: number; body: Envelope<T>; text: string };

/** A success's data: HTTP 200 and code 0 asserted first (the reply's msg shown when not). */
export function ok<T>(r: Result<T>): T;
/** The same, of a reply typed unknown, as the caller's `T`. */
export function ok<T>(r: Result<unknown>): T;
export function ok<T>(r: Result<T>): T {
  expect(r.status).toBe(200);
  expect(r.body, r.body.msg).toMatchObject({ code: 0, msg: 'success' });
  return r.body.data as T;
}
