// Webhook delivery signing (docs/wallet-api.md "Webhook delivery"), shared by the service's
// delivery worker (signing), the tests' receivers and the receiver example of docs/webhooks.md
// (verifying): the signature is the lowercase hex HMAC-SHA256, with the endpoint's secret, of
// `timestamp + "." + raw body`. For 24 hours after a secret is rotated (webhook/rotateSecret,
// decision/set with rotateSecret=true) the old secret signs Wallet-Signature-Previous too, so a
// receiver still holding it keeps verifying while the new one is deployed.
import { hmacHex, signaturesMatch } from './signature';

export const WEBHOOK_HEADERS = {
  eventId: 'Wallet-Event-Id',
  timestamp: 'Wallet-Timestamp',
  signature: 'Wallet-Signature',
  previousSignature: 'Wallet-Signature-Previous',
} as const;

/** How long a rotated-out secret keeps signing Wallet-Signature-Previous. */
export const SECRET_OVERLAP_MS = 24 * 3_600_000;

export function signWebhook(secret: string, timestamp: number | string, rawBody: string): string {
  return hmacHex(secret, `${timestamp}.${rawBody}`);
}

/**
 * Whether a delivery is genuine: the signature (or, during a rotation's overlap, the previous
 * signature: the receiver may hold either secret) matches the raw body and timestamp, and the
 * timestamp is within `toleranceMs` of `now` (a replayed old delivery is refused).
 */
export function verifyWebhook(options: {
  secret: string;
  rawBody: string;
  timestamp: string | undefined;
  signature: string | undefined;
  /** Wallet-Signature-Previous, when the request carries it. */
  previousSignature?: string | undefined;
  toleranceMs?: number;
  now?: number;
}): boolean {
  const { secret, rawBody, timestamp } = options;
  if (!timestamp || !/^\d{1,15}$/.test(timestamp)) return false;
  const skew = Math.abs((options.now ?? Date.now()) - Number(timestamp));
  if (skew > (options.toleranceMs ?? 5 * 60_000)) return false;
  const expected = signWebhook(secret, timestamp, rawBody);
  return [options.signature, options.previousSignature].some(
    (signature) => !!signature && signaturesMatch(expected, signature),
  );
}
