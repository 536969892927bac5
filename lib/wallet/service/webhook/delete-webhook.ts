// webhook/delete (docs/wallet-api.md "Endpoints and events"): the endpoint goes, and with it (ON
// DELETE CASCADE) its deliveries, so nothing more is sent to it; the events themselves stay, with
// their other deliveries.
import { and, eq } from 'drizzle-orm';
import type { OperationParams } from '@/lib/wallet/contract/operations';
import type { AuthenticatedApp, Executor } from '../context';
import { webhookEndpoints } from '../db/schema';
import { webhookNotFound } from './webhook-records';
import { webhookDelete } from '@/lib/wallet/contract/operations/webhook-delete';
import { bindHandler } from '../bind-handler';

export async function deleteWebhook(options: {
  db: Executor;
  app: AuthenticatedApp;
  params: OperationParams<'webhookDelete'>;
}): Promise<{ endpointId: number }> {
  const { db, app, params } = options;
  const [deleted] = await db
    .delete(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, params.endpointId), eq(webhookEndpoints.appId, app.id)))
    .returning({ id: webhookEndpoints.id });
  if (!deleted) throw webhookNotFound(params.endpointId);
  return { endpointId: deleted.id };
}

/** webhookDelete's handler (lib/wallet/contract/operations/webhook-delete.ts). */
export const webhookDeleteHandler = bindHandler(webhookDelete, deleteWebhook);
