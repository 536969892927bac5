// Shaping stored webhook endpoints into the contract's record (never with the secret), and the
// endpoint's not-found error (4012).
import { ResultCode, WalletError } from '@/lib/wallet/contract/result-codes';
import type { WebhookEndpoint } from '@/lib/wallet/contract/schemas';
import type { webhookEndpoints } from '../db/schema';

export function toWebhookEndpoint(row: typeof webhookEndpoints.$inferSelect): WebhookEndpoint {
  return {
    endpointId: row.id,
    url: row.url,
    events: row.events.split(','),
    description: row.description,
    createdAt: row.createdAt.toISOString(),
  };
}

export function webhookNotFound(endpointId: number): WalletError {
  return new WalletError(
    ResultCode.WEBHOOK_NOT_FOUND,
    `Webhook endpoint ${endpointId} does not exist under this app.`,
  );
}
