// Webhook delivery signing (docs/wallet-api.md "Webhook delivery"), shared by the service's
// delivery worker (signing), the tests' receivers and the receiver example of docs/webhooks.md
// (verifying): the signature is the lowercase hex HMAC-SHA256, with the endpoint's secret, of
// `timestamp + "." + raw body`.
import { hmacHex, signaturesMatch } from './signature';

export const WEBHOOK_HEADERS = {
  eventId: 'Wallet-Event-Id',
  timestamp: 'Wallet-Timestamp',
  signature: 'Wallet-Signature',
} as const;

export function signWebhook(secret: string, timestamp: number | string, rawBody: string): string {
  return hmacHex(secret, `${timestamp}.${rawBody}`);
}

/**
 * Whether a delivery is genuine: the signature matches the raw body and timestamp, and the
 * timestamp is within `toleranceMs` of `now` (a replayed old delivery is refused).
 */
export function verifyWebhook(options: {
  secret: string;
  rawBody: string;
  timestamp: string | undefined;
  signature: string | undefined;
  toleranceMs?: number;
  now?: number;
}): boolean {
  const { secret, rawBody, timestamp, signature } = options;
  if (!timestamp || !signature || !/^\d{1,15}$/.test(timestamp)) return false;
  const skew = Math.abs((options.now ?? Date.now()) - Number(timestamp));
  if (skew > (options.toleranceMs ?? 5 * 60_000)) return false;
  return signaturesMatch(signWebhook(secret, timestamp, rawBody), signature);
}
