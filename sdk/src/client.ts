// The runtime of the wallet API's SDK (docs/integrator-guide.md "The SDK"): a client that signs
// every call in one place (docs/wallet-api.md "Signature", with the very functions the service
// verifies with) and answers the reply's envelope. Bundled by scripts/build-sdk.ts with the
// operation table of the OpenAPI document (__WALLET_OPERATIONS__) into a package with no
// dependency; its types (index.d.ts) are generated from the same document.
import { emptiedParams, signedQuery as buildSignedQuery } from '../../lib/wallet/contract/signed-query';
import { verifyWebhook as verify } from '../../lib/wallet/contract/webhook-signature';

/** Each operation's method, path and the parameters it clears when given empty (`x-clearable`). */
declare const __WALLET_OPERATIONS__: Record<string, [method: string, path: string, clearable?: string[]]>;
declare const __WALLET_API_VERSION__: string;

export const operations = __WALLET_OPERATIONS__;
export const apiVersion = __WALLET_API_VERSION__;

type Fetch = (
  url: string,
  init: { method: string; headers: Record<string, string> },
) => Promise<{ json(): Promise<unknown> }>;

export type WalletClientOptions = {
  baseUrl: string;
  agencyCode: string;
  appId: string;
  secret: string;
  fetch?: Fetch;
  now?: () => number;
};

/**
 * The query string of a signed call: its parameters and the five of the signature
 * (docs/wallet-api.md "Signature"). `emptied` names parameters to send as `name=`, outside the
 * signature: a clearable parameter its caller gave empty.
 */
export function signedQuery(options: {
  secret: string;
  method: string;
  path: string;
  agencyCode: string;
  appId: string;
  params?: Record<string, string | number | boolean | undefined | null>;
  timestamp?: number;
  nonce?: string;
  emptied?: readonly string[];
}): string {
  return buildSignedQuery(options);
}

export function createWalletClient(options: WalletClientOptions) {
  const base = options.baseUrl.replace(/\/+$/, '');
  const send: Fetch = options.fetch ?? ((url, init) => fetch(url, init));
  async function call(name: string, params: Record<string, unknown> = {}): Promise<unknown> {
    const operation = operations[name];
    if (!operation) throw new TypeError(`unknown wallet operation: ${name}`);
    const [method, path, clearable] = operation;
    const query = signedQuery({
      secret: options.secret,
      method,
      path,
      agencyCode: options.agencyCode,
      appId: options.appId,
      params: params as Record<string, string | number | boolean | undefined>,
      timestamp: (options.now ?? Date.now)(),
      // What the caller gave is what is sent: an empty clearable parameter removes its setting.
      emptied: emptiedParams(params, clearable),
    });
    const response = await send(`${base}${path}?${query}`, {
      method,
      headers: { accept: 'application/json' },
    });
    return response.json();
  }
  const client: Record<string, unknown> = { call };
  for (const name of Object.keys(operations)) {
    client[name] = (params?: Record<string, unknown>) => call(name, params);
  }
  return client;
}

/** Where the cardholder's operations are (docs/wallet-api.md "The walletToken"). */
const CARDHOLDER_PATH = '/wallet/api/me/';

/**
 * The cardholder's client (docs/integrator-guide.md "Showing a card to its holder"), for the
 * user's own device: the me/* operations only, each sent with the user's walletToken as its
 * bearer and no signature (no agency secret on a device). Answers the reply's envelope, a 401
 * (code 2005: the token is missing, unknown or rotated) included.
 */
export function createCardholderClient(options: { baseUrl: string; walletToken: string; fetch?: Fetch }) {
  const base = options.baseUrl.replace(/\/+$/, '');
  const send: Fetch = options.fetch ?? ((url, init) => fetch(url, init));
  async function call(name: string, params: Record<string, unknown> = {}): Promise<unknown> {
    const operation = operations[name];
    if (!operation || !operation[1].startsWith(CARDHOLDER_PATH)) {
      throw new TypeError(`not a cardholder's operation: ${name}`);
    }
    const [method, path] = operation;
    const query = new URLSearchParams(
      Object.entries(params)
        .filter(([, value]) => value !== undefined && value !== null && value !== '')
        .map(([key, value]) => [key, String(value)]),
    ).toString();
    const response = await send(`${base}${path}${query ? `?${query}` : ''}`, {
      method,
      headers: { accept: 'application/json', authorization: `Bearer ${options.walletToken}` },
    });
    return response.json();
  }
  const client: Record<string, unknown> = { call };
  for (const [name, [, path]] of Object.entries(operations)) {
    if (path.startsWith(CARDHOLDER_PATH))
      client[name] = (params?: Record<string, unknown>) => call(name, params);
  }
  return client;
}

/**
 * Whether a webhook delivery (or a decision request) is genuine (docs/integrator-guide.md
 * "Events and webhooks"): `previousSignature` is the Wallet-Signature-Previous header, sent for
 * 24 hours after a secret rotation; either header verifying with `secret` is enough.
 */
export function verifyWebhook(options: {
  secret: string;
  rawBody: string;
  timestamp: string | undefined;
  signature: string | undefined;
  previousSignature?: string | undefined;
  toleranceMs?: number;
}): boolean {
  return verify(options);
}
