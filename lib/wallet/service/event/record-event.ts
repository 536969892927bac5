// The outbox (docs/wallet-api.md "Events and webhooks"): an event is written by the domain function
// that makes the change, in the caller's transaction, with one delivery row per endpoint of the app
// subscribed to its type. A change that rolls back takes its event with it; a committed one has its
// deliveries queued for the worker (delivery-worker.ts), which survives restarts because the queue
// is the table. One statement: the event and its fan-out cost the transaction one round trip. A
// transaction whose events queued a delivery is noted (queuedDeliveries), so that the worker is
// woken once it commits, and only then.
// `data` is parsed by the type's schema first, which keeps only the fields the contract lists: a
// record passed with more (a whole card number, a document number) loses them here, whatever the
// caller did.
import { randomBytes } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { rawRows } from '@/lib/db/open';
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

/** The transaction handles whose events queued at least one delivery. */
const queuedIn = new WeakSet<object>();

/** Notes that `db` (the open transaction) queued `deliveries` deliveries. */
export function noteQueuedDeliveries(db: object, deliveries: number): void {
  if (deliveries > 0) queuedIn.add(db);
}

/** Whether the events written through this transaction handle queued a delivery. */
export function queuedDeliveries(db: object): boolean {
  return queuedIn.has(db);
}

export type NewEvent = { appKey: number; id: string; type: EventType; body: string; createdAt: string };

/**
 * The event and its deliveries, one statement (also what bench/floor-server.ts sends): a row per
 * delivery queued comes back.
 */
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
       and (endpoint.events = '*' or ${event.type} = any(string_to_array(endpoint.events, ',')))
    returning endpoint_id`;
}

/**
 * An event as it is written: a new id and its body, `data` parsed by the type's schema. For a
 * statement that writes the event with other rows (asset/transfer's TRANSFER_WRITE).
 */
export function newEvent<T extends EventType>(options: {
  app: AuthenticatedApp;
  type: T;
  /** The event's data; fields beyond the type's schema are dropped. */
  data: EventData<T> & Record<string, unknown>;
  now?: Date;
}): NewEvent {
  const { app, type, data } = options;
  const createdAt = options.now ?? new Date();
  const id = newEventId();
  const body = eventBody({ id, type, createdAt, app, data: eventDataSchemas[type].parse(data) });
  return { appKey: app.id, id, type, body, createdAt: createdAt.toISOString() };
}

export async function recordEvent<T extends EventType>(options: {
  db: Executor;
  app: AuthenticatedApp;
  type: T;
  /** The event's data; fields beyond the type's schema are dropped. */
  data: EventData<T> & Record<string, unknown>;
  now?: Date;
}): Promise<string> {
  const event = newEvent(options);
  const queued = await rawRows(options.db, eventInsert(event));
  noteQueuedDeliveries(options.db, queued.length);
  return event.id;
}
