// Signed calls to the e2e server's wallet API, for seeding users, addresses and cards and for
// checking results (e.g. that a double submit charged once).
import { randomBytes } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import {
  walletOperations,
  type OperationData,
  type WalletOperationName,
} from '../../lib/wallet/contract/operations';
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
