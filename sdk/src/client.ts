// The runtime of the wallet API's SDK (docs/integrator-guide.md "The SDK"): a client that signs
// every call in one place (docs/wallet-api.md "Signature", with the very functions the service
// verifies with) and answers the reply's envelope. Bundled by scripts/build-sdk.ts with the
// operation table of the OpenAPI document (__WALLET_OPERATIONS__) into a package with no
// dependency; its types (index.d.ts) are generated from the same document.
import { randomBytes } from 'node:crypto';
import { canonicalQuery, signRequest } from '../../lib/wallet/contract/signature';
import { verifyWebhook as verify } from '../../lib/wallet/contract/webhook-signature';

declare const __WALLET_OPERATIONS__: Record<string, [method: string, path: string]>;
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

/** The query string of a signed call: its parameters and the five of the signature. */
export function signedQuery(options: {
  secret: string;
  method: string;
  path: string;
  agencyCode: string;
  appId: string;
  params?: Record<string, string | number | boolean | undefined | null>;
  timestamp?: number;
  nonce?: string;
}): string {
  const pairs: [string, string][] = [
    ['agencyCode', options.agencyCode],
    ['appId', options.appId],
    ['timestamp', String(options.timestamp ?? Date.now())],
    ['nonce', options.nonce ?? randomBytes(16).toString('base64url')],
  ];
  for (const [name, value] of Object.entries(options.params ?? {})) {
    if (value !== undefined && value !== null) pairs.push([name, String(value)]);
  }
  const sign = signRequest(options.secret, options.method, options.path, pairs);
  return `${canonicalQuery(pairs)}&sign=${sign}`;
}

export function createWalletClient(options: WalletClientOptions) {
  const base = options.baseUrl.replace(/\/+$/, '');
  const send: Fetch = options.fetch ?? ((url, init) => fetch(url, init));
  async function call(name: string, params: Record<string, unknown> = {}): Promise<unknown> {
    const operation = operations[name];
    if (!operation) throw new TypeError(`unknown wallet operation: ${name}`);
    const [method, path] = operation;
    const query = signedQuery({
      secret: options.secret,
      method,
      path,
      agencyCode: options.agencyCode,
      appId: options.appId,
      params: params as Record<string, string | number | boolean | undefined>,
      timestamp: (options.now ?? Date.now)(),
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

/** Whether a webhook delivery is genuine (docs/integrator-guide.md "Webhooks"). */
export function verifyWebhook(options: {
  secret: string;
  rawBody: string;
  timestamp: string | undefined;
  signature: string | undefined;
  toleranceMs?: number;
}): boolean {
  return verify(options);
}
