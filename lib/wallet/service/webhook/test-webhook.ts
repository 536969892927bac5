// webhook/test (docs/wallet-api.md "Endpoints and events"): a new event of type `ping` (`data`
// {endpointId}) written with one delivery, to that endpoint only (an endpoint subscribed to `*`
// elsewhere does not get another's test), due at once, and the worker woken when it commits. The
// event is listed by event/list like any other, so its deliveries and body can be looked at.
import { and, eq } from 'drizzle-orm';
import type { OperationParams } from '@/lib/wallet/contract/operations';
import type { OperationData } from '@/lib/wallet/contract/operations';
import type { AuthenticatedApp, Executor } from '../context';
import { eventDeliveries, events, webhookEndpoints } from '../db/schema';
import { newEvent, noteQueuedDeliveries } from '../event/record-event';
import { toDelivery } from '../event/delivery-records';
import { webhookNotFound } from './webhook-records';
import { webhookTest } from '@/lib/wallet/contract/operations/webhook-test';
import { bindHandler } from '../bind-handler';

export async function testWebhook(options: {
  db: Executor;
  app: AuthenticatedApp;
  params: OperationParams<'webhookTest'>;
}): Promise<OperationData<'webhookTest'>> {
  const { db, app, params } = options;
  const [endpoint] = await db
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, params.endpointId), eq(webhookEndpoints.appId, app.id)));
  if (!endpoint) throw webhookNotFound(params.endpointId);
  const event = newEvent({ app, type: 'ping', data: { endpointId: endpoint.id } });
  const [stored] = await db
    .insert(events)
    .values({
      publicId: event.id,
      appId: app.id,
      type: event.type,
      body: event.body,
      createdAt: new Date(event.createdAt),
    })
    .returning({ id: events.id });
  if (!stored) throw new Error('event insert returned no row');
  const [row] = await db
    .insert(eventDeliveries)
    .values({ eventId: stored.id, endpointId: endpoint.id, nextAttemptAt: new Date(event.createdAt) })
    .returning();
  if (!row) throw new Error('delivery insert returned no row');
  noteQueuedDeliveries(db, 1);
  return { ...toDelivery(row), eventId: event.id };
}

/** webhookTest's handler (lib/wallet/contract/operations/webhook-test.ts). */
export const webhookTestHandler = bindHandler(webhookTest, testWebhook);
