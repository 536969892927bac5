// event/redeliver (docs/wallet-api.md "Endpoints and events"): the event's delivery to the endpoint
// queued to be tried at once, with a fresh retry schedule: a FAILED or DELIVERED one again, or a
// new one for an endpoint the event was not first sent to. A claim in flight is dropped, so the
// attempt made now counts.
import { and, eq, sql } from 'drizzle-orm';
import type { OperationParams } from '@/lib/wallet/contract/operations';
import type { Delivery } from '@/lib/wallet/contract/schemas';
import type { AuthenticatedApp, Executor } from '../context';
import { eventDeliveries, events, webhookEndpoints } from '../db/schema';
import { webhookNotFound } from '../webhook/webhook-records';
import { eventNotFound, toDelivery } from './delivery-records';
import { eventRedeliver } from '@/lib/wallet/contract/operations/event-redeliver';
import { bindHandler } from '../bind-handler';

export async function redeliverEvent(options: {
  db: Executor;
  app: AuthenticatedApp;
  params: OperationParams<'eventRedeliver'>;
}): Promise<Delivery> {
  const { db, app, params } = options;
  const [event] = await db
    .select({ id: events.id })
    .from(events)
    .where(and(eq(events.publicId, params.eventId), eq(events.appId, app.id)));
  if (!event) throw eventNotFound(params.eventId);
  const [endpoint] = await db
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, params.endpointId), eq(webhookEndpoints.appId, app.id)));
  if (!endpoint) throw webhookNotFound(params.endpointId);
  const queued = {
    status: 'PENDING',
    failuresInRound: 0,
    nextAttemptAt: sql`now()`,
    claimedUntil: null,
    claimToken: null,
  };
  const [row] = await db
    .insert(eventDeliveries)
    .values({ eventId: event.id, endpointId: endpoint.id, ...queued })
    .onConflictDoUpdate({ target: [eventDeliveries.eventId, eventDeliveries.endpointId], set: queued })
    .returning();
  if (!row) throw new Error('delivery upsert returned no row');
  return toDelivery(row);
}

/** eventRedeliver's handler (lib/wallet/contract/operations/event-redeliver.ts). */
export const eventRedeliverHandler = bindHandler(eventRedeliver, redeliverEvent);
