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
