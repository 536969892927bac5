// Signed calls to the wallet API for tests, with knobs to break each part of the signature.
import { randomBytes } from 'node:crypto';
import { walletOperations, type WalletOperationName } from '@/lib/wallet/contract/operations';
import { rfc3986, signRequest } from '@/lib/wallet/contract/signature';
import { TEST_AGENCY } from './wallet-db';

export type Envelope<T = unknown> = { code: number; msg: string; data?: T };

export type CallOptions = {
  secret?: string;
  agencyCode?: string;
  appId?: string;
  timestamp?: number | string;
  nonce?: string;
  /** Replace the computed sign (or omit it with null). */
  sign?: string | null;
  /** Sign with another method or path than the one the request goes to. */
  signMethod?: string;
  signPath?: string;
  /** Appended to the query string after signing, verbatim. */
  extraQuery?: string;
  /** Override the HTTP method used to send. */
  method?: string;
};

export function freshNonce(): string {
  return randomBytes(12).toString('base64url');
}

/** Builds the full signed URL of a call. Parameters with undefined values are left out. */
export function signedUrl(
  baseUrl: string,
  operation: WalletOperationName,
  params: Record<string, string | number | boolean | undefined>,
  options: CallOptions = {},
): string {
  const op = walletOperations[operation];
  const pairs: [string, string][] = [
    ['agencyCode', options.agencyCode ?? TEST_AGENCY.agencyCode],
    ['appId', options.appId ?? TEST_AGENCY.appId],
    ['timestamp', String(options.timestamp ?? Date.now())],
    ['nonce', options.nonce ?? freshNonce()],
  ];
  for (const [name, value] of Object.entries(params)) {
    if (value === undefined) continue;
    const index = pairs.findIndex(([n]) => n === name);
    if (index >= 0) pairs.splice(index, 1);
    pairs.push([name, String(value)]);
  }
  const computed = signRequest(
    options.secret ?? TEST_AGENCY.appSecret,
    options.signMethod ?? op.method,
    options.signPath ?? op.path,
    pairs,
  );
  const sign = options.sign === undefined ? computed : options.sign;
  if (sign !== null) pairs.push(['sign', sign]);
  let query = pairs.map(([n, v]) => `${rfc3986(n)}=${rfc3986(v)}`).join('&');
  if (options.extraQuery) query += `&${options.extraQuery}`;
  return `${baseUrl}${op.path}?${query}`;
}

export async function callWallet<T = unknown>(
  baseUrl: string,
  operation: WalletOperationName,
  params: Record<string, string | number | boolean | undefined>,
  options: CallOptions = {},
): Promise<{ status: number; body: Envelope<T>; text: string }> {
  const url = signedUrl(baseUrl, operation, params, options);
  const response = await fetch(url, { method: options.method ?? walletOperations[operation].method });
  const text = await response.text();
  let body: Envelope<T>;
  try {
    body = JSON.parse(text) as Envelope<T>;
  } catch {
    body = { code: -1, msg: `non-JSON body: ${text.slice(0, 200)}` };
  }
  return { status: response.status, body, text };
}

/** Valid 4.1 parameters for a user; override any field. */
export function kycParams(appUserId: string, overrides: Record<string, string | undefined> = {}) {
  return {
    appUserId,
    email: `${appUserId}@example.com`,
    firstName: 'Jane',
    lastName: "O'Connor",
    birthday: '1990-04-12',
    mobile: '1-4155550100',
    region: 'United States',
    documentType: 'PASSPORT',
    documentNo: 'X1234567',
    photos: 'https://files.example.com/doc-front.png,https://files.example.com/doc-back.png',
    ...overrides,
  };
}
