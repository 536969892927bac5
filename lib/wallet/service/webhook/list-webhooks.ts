// webhook/list (docs/wallet-api.md "Endpoints and events"): the app's endpoints, oldest first,
// without their secrets.
import { asc, eq } from 'drizzle-orm';
import type { WebhookEndpoint } from '@/lib/wallet/contract/schemas';
import type { AuthenticatedApp, Executor } from '../context';
import { webhookEndpoints } from '../db/schema';
import { toWebhookEndpoint } from './webhook-records';
import { webhookList } from '@/lib/wallet/contract/operations/webhook-list';
import { bindHandler } from '../bind-handler';

export async function listWebhooks(options: {
  db: Executor;
  app: AuthenticatedApp;
}): Promise<WebhookEndpoint[]> {
  const rows = await options.db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.appId, options.app.id))
    .orderBy(asc(webhookEndpoints.id));
  return rows.map(toWebhookEndpoint);
}

/** webhookList's handler (lib/wallet/contract/operations/webhook-list.ts). */
export const webhookListHandler = bindHandler(webhookList, listWebhooks);
