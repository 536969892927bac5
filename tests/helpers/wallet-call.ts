// Signed calls to the wallet API for tests, with knobs to break each part of the signature.
import { randomBytes } from 'node:crypto';
import { walletOperations, type WalletOperationName } from '@/lib/wallet/contract/operations';
import { encodeQuery, requestPairs } from '@/lib/wallet/contract/signed-query';
import { signRequest } from '@/lib/wallet/contract/signature';
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
  /**
   * A cardholder's operation (me/*): the walletToken sent as its bearer; the query then carries
   * only the parameters, unsigned (docs/wallet-api.md "The walletToken").
   */
  walletToken?: string;
};

/**
 * The operations an agency's server signs: every one but the cardholder's (me/*, docs/wallet-api.md
 * "The walletToken"), which carry the user's walletToken as a bearer instead.
 */
export function signedOperationNames(): WalletOperationName[] {
  return (Object.keys(walletOperations) as WalletOperationName[]).filter(
    (name) => walletOperations[name].auth !== 'walletToken',
  );
}

export function freshNonce(): string {
  return randomBytes(12).toString('base64url');
}

/**
 * Builds the full signed URL of a call (lib/wallet/contract/signed-query.ts), with the knobs
 * above to break any part of it. Parameters with undefined values are left out.
 */
export function signedUrl(
  baseUrl: string,
  operation: WalletOperationName,
  params: Record<string, string | number | boolean | undefined>,
  options: CallOptions = {},
): string {
  const op = walletOperations[operation];
  if (op.auth === 'walletToken') {
    const plain = new URLSearchParams(
      Object.entries(params)
        .filter(([, value]) => value !== undefined)
        .map(([name, value]) => [name, String(value)]),
    ).toString();
    return `${baseUrl}${op.path}?${plain}${options.extraQuery ? `&${options.extraQuery}` : ''}`;
  }
  const pairs = requestPairs({
    agencyCode: options.agencyCode ?? TEST_AGENCY.agencyCode,
    appId: options.appId ?? TEST_AGENCY.appId,
    timestamp: options.timestamp ?? Date.now(),
    nonce: options.nonce ?? freshNonce(),
    params,
  });
  const computed = signRequest(
    options.secret ?? TEST_AGENCY.appSecret,
    options.signMethod ?? op.method,
    options.signPath ?? op.path,
    pairs,
  );
  const sign = options.sign === undefined ? computed : options.sign;
  let query = encodeQuery(sign === null ? pairs : [...pairs, ['sign', sign]]);
  if (options.extraQuery) query += `&${options.extraQuery}`;
  return `${baseUrl}${op.path}?${query}`;
}

export async function callWallet<T = unknown>(
  baseUrl: string,
  operation: WalletOperationName,
  params: Record<string, string | number | boolean | undefined>,
  options: CallOptions = {},
): Promise<{ status: number; body: Envelope<T>; text: string; headers: Headers }> {
  const url = signedUrl(baseUrl, operation, params, options);
  const response = await fetch(url, {
    method: options.method ?? walletOperations[operation].method,
    ...(options.walletToken ? { headers: { authorization: `Bearer ${options.walletToken}` } } : {}),
  });
  const text = await response.text();
  let body: Envelope<T>;
  try {
    body = JSON.parse(text) as Envelope<T>;
  } catch {
    body = { code: -1, msg: `non-JSON body: ${text.slice(0, 200)}` };
  }
  return { status: response.status, body, text, headers: response.headers };
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

/** Valid 4.7 parameters for a delivery address of `appUserId`; override any field. */
export function addressParams(
  appUserId: string,
  overrides: Record<string, string | boolean | undefined> = {},
) {
  return {
    appUserId,
    country: 'US',
    city: 'Austin',
    street: '1 Congress Ave',
    firstName: 'Jane',
    lastName: 'Doe',
    mobile: '1-5125550100',
    ...overrides,
  };
}

/** Codes whose failure names the parameter at fault in `data.field` (docs/wallet-api.md). */
export const FIELD_CODES: ReadonlySet<number> = new Set([1001, 1002, 1003, 3002]);

/**
 * What a failure's envelope may hold beyond {code, msg}: `data: {field}` (plus `rule` for
 * 1002) for the codes that name a parameter, nothing otherwise. (Those codes may come without
 * data when no parameter can be named: an undecodable name, a clash found only by the index.)
 * Returns a reason, or null.
 */
export function failureDataProblem(body: Envelope): string | null {
  if (!('data' in body)) return null;
  if (!FIELD_CODES.has(body.code)) return `code ${body.code} carries data`;
  const data = body.data as Record<string, unknown> | null;
  if (typeof data !== 'object' || data === null) return 'data is not an object';
  const keys = Object.keys(data).sort().join(',');
  const allowed = body.code === 1002 ? ['field', 'field,rule'] : ['field'];
  if (!allowed.includes(keys)) return `data has keys ${keys}`;
  if (typeof data.field !== 'string' || data.field === '') return 'data.field is not a name';
  if ('rule' in data && (typeof data.rule !== 'string' || !/^(must|is) /.test(data.rule)))
    return 'data.rule is not a rule';
  return null;
}
