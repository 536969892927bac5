// Signed calls to the e2e server's wallet API, for seeding users, addresses and cards and for
// checking results (e.g. that a double submit charged once).
import { randomBytes } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import {
  walletOperations,
  type OperationData,
  type WalletOperationName,
} from '../../lib/wallet/contract/operations';
import { luhnValid } from '../../lib/wallet/contract/card-number';
import { signedQuery } from '../../lib/wallet/contract/signed-query';
import { E2E_WALLET } from './env';

export async function callWallet<N extends WalletOperationName>(
  request: APIRequestContext,
  operation: N,
  params: Record<string, string | number | boolean | undefined>,
): Promise<{ code: number; msg: string; data?: OperationData<N> }> {
  const op = walletOperations[operation];
  const query = signedQuery({ ...E2E_WALLET, method: op.method, path: op.path, params });
  const response = await request.fetch(`${op.path}?${query}`, { method: op.method });
  return (await response.json()) as { code: number; msg: string; data?: OperationData<N> };
}

/** A unique id for data a test creates, so tests never collide (also across workers and runs). */
export function uniqueId(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
}

export function kycParams(appUserId: string, overrides: Record<string, string> = {}) {
  return {
    appUserId,
    email: `${appUserId}@example.com`,
    firstName: 'Jane',
    lastName: 'Doe',
    birthday: '1990-04-12',
    mobile: '1-4155550100',
    region: 'United States',
    documentType: 'PASSPORT',
    documentNo: 'X1234567',
    photos: 'https://files.example.com/doc-front.png',
    ...overrides,
  };
}

/** Registers a user through the API; returns their appUserId. */
export async function seedUser(
  request: APIRequestContext,
  overrides: Record<string, string> = {},
): Promise<string> {
  const appUserId = overrides.appUserId ?? uniqueId('e2e');
  const result = await callWallet(request, 'registerAndKyc', kycParams(appUserId, overrides));
  if (result.code !== 0) throw new Error(`seedUser failed: ${result.code} ${result.msg}`);
  return appUserId;
}

/** A valid (Luhn) 16-digit card number ending in `last4`, otherwise random. */
export function cardNumberEndingIn(last4: string): string {
  const prefix = `4${Array.from(randomBytes(10), (b) => b % 10).join('')}`;
  for (let digit = 0; digit <= 9; digit++) {
    const candidate = `${prefix}${digit}${last4}`;
    if (luhnValid(candidate)) return candidate;
  }
  throw new Error('unreachable: one digit always makes the number valid');
}

/** The user's wallet asset (4.5's WALLET entry), as the wallet holds it now. */
export async function userWalletAsset(request: APIRequestContext, appUserId: string) {
  const answer = await callWallet(request, 'userAssetList', { appUserId });
  if (answer.code !== 0) throw new Error(`user/assetList failed: ${answer.code} ${answer.msg}`);
  const wallet = answer.data?.find((asset) => asset.type === 'WALLET');
  if (!wallet) throw new Error(`user ${appUserId} has no wallet asset`);
  return wallet;
}

/** The agency's card-margin asset (it pays for cards and funds users). */
export async function agencyMarginAsset(
  request: APIRequestContext,
): Promise<{ assetId: number; assetName: string; balance: number }> {
  const asset = (await callWallet(request, 'agencyAssetList', {})).data?.find(
    (a) => a.type === 'CARD_MARGIN',
  );
  if (!asset) throw new Error('no CARD_MARGIN asset');
  return asset;
}

/** Issues a card paid by the agency (category 1: virtual, ACTIVE; 3: physical, PENDING). */
export async function seedCard(
  request: APIRequestContext,
  appUserId: string,
  options: { categoryId?: number; cardNumber?: string } = {},
): Promise<{ cardId: number; cardAssetId: number }> {
  const result = await callWallet(request, 'agencyApplyUserCard', {
    appUserId,
    paymentAssetId: (await agencyMarginAsset(request)).assetId,
    categoryId: options.categoryId ?? 1,
    embossedName: 'JANE DOE',
    cardNumber: options.cardNumber,
  });
  if (result.code !== 0 || !result.data) throw new Error(`seedCard failed: ${result.code} ${result.msg}`);
  const detail = await callWallet(request, 'cardDetail', { appUserId, cardId: result.data.cardId });
  if (!detail.data) throw new Error(`card/detail failed: ${detail.code} ${detail.msg}`);
  return { cardId: result.data.cardId, cardAssetId: detail.data.cardAssetId };
}
