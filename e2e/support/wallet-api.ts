// Signed calls to the e2e server's wallet API, for seeding users, addresses and cards and for
// checking results (e.g. that a double submit charged once).
import { randomBytes } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import {
  walletOperations,
  type OperationData,
  type WalletOperationName,
} from '../../lib/wallet/contract/operations';
import { rfc3986, signRequest } from '../../lib/wallet/contract/signature';
import { E2E_WALLET } from './env';

export async function callWallet<N extends WalletOperationName>(
  request: APIRequestContext,
  operation: N,
  params: Record<string, string | number | boolean | undefined>,
): Promise<{ code: number; msg: string; data?: OperationData<N> }> {
  const op = walletOperations[operation];
  const pairs: [string, string][] = [
    ['agencyCode', E2E_WALLET.agencyCode],
    ['appId', E2E_WALLET.appId],
    ['timestamp', String(Date.now())],
    ['nonce', randomBytes(12).toString('base64url')],
  ];
  for (const [name, value] of Object.entries(params))
    if (value !== undefined) pairs.push([name, String(value)]);
  pairs.push(['sign', signRequest(E2E_WALLET.secret, op.method, op.path, pairs)]);
  const query = pairs.map(([n, v]) => `${rfc3986(n)}=${rfc3986(v)}`).join('&');
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
