// The outbox (docs/wallet-api.md "Events and webhooks"): an event is written by the domain function
// that makes the change, in the caller's transaction, with one delivery row per endpoint of the app
// subscribed to its type. A change that rolls back takes its event with it; a committed one has its
// deliveries queued for the worker (delivery-worker.ts), which survives restarts because the queue
// is the table. One statement: the event and its fan-out cost the transaction one round trip.
// `data` is parsed by the type's schema first, which keeps only the fields the contract lists: a
// record passed with more (a whole card number, a document number) loses them here, whatever the
// caller did.
import { randomBytes } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { eventDataSchemas, type EventData, type EventType } from '@/lib/wallet/contract/schemas';
import type { AuthenticatedApp, Executor } from '../context';
import { eventDeliveries, events, webhookEndpoints } from '../db/schema';

/** evt_ and 24 URL-safe characters (144 random bits). */
export function newEventId(): string {
  return `evt_${randomBytes(18).toString('base64url')}`;
}

/** The delivered body: the event as JSON, in the field order of docs/wallet-api.md "Events and webhooks". */
export function eventBody(event: {
  id: string;
  type: EventType;
  createdAt: Date;
  app: Pick<AuthenticatedApp, 'agencyCode' | 'appId'>;
  data: unknown;
}): string {
  return JSON.stringify({
    id: event.id,
    type: event.type,
    createdAt: event.createdAt.toISOString(),
    agencyCode: event.app.agencyCode,
    appId: event.app.appId,
    data: event.data,
  });
}

export type NewEvent = { appKey: number; id: string; type: EventType; body: string; createdAt: string };

/** The event and its deliveries, one statement (also what bench/floor-server.ts sends). */
export function eventInsert(event: NewEvent): SQL {
  return sql`
    with event as (
      insert into ${events} (public_id, app_id, type, body, created_at)
      values (${event.id}, ${event.appKey}, ${event.type}, ${event.body}, ${event.createdAt}::timestamptz)
      returning id
    )
    insert into ${eventDeliveries} (event_id, endpoint_id, next_attempt_at)
    select event.id, endpoint.id, ${event.createdAt}::timestamptz
      from event, ${webhookEndpoints} endpoint
     where endpoint.app_id = ${event.appKey}
       and (endpoint.events = '*' or ${event.type} = any(string_to_array(endpoint.events, ',')))`;
}

export async function recordEvent<T extends EventType>(options: {
  db: Executor;
  app: AuthenticatedApp;
  type: T;
  /** The event's data; fields beyond the type's schema are dropped. */
  data: EventData<T> & Record<string, unknown>;
  now?: Date;
}): Promise<string> {
  const { db, app, type, data } = options;
  const createdAt = options.now ?? new Date();
  const id = newEventId();
  const body = eventBody({ id, type, createdAt, app, data: eventDataSchemas[type].parse(data) });
  await db.execute(eventInsert({ appKey: app.id, id, type, body, createdAt: createdAt.toISOString() }));
  return id;
}
