// event/list (docs/wallet-api.md "Endpoints and events"): the app's events (the last 30 days: older
// ones are pruned), newest first, optionally of one type and about one card (the body's
// data.cardId: the back-office's list of a card's detail views), each with the state of its
// deliveries.
// Paged by cursor (keyset on the id: the events older than the last one shown, stable while new
// ones arrive) or, for existing callers, by pageNum (offset); every page gives the cursor of the
// next.
// The total is counted on the (app, type, id) or (app, id) index: bounded by the 30 days of events
// kept; a card's filter reads the bodies those rows hold (no index of its own: asked with a type,
// as the back-office does, it reads that type's 30 days only).
import { and, asc, count, desc, eq, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { encodeEventCursor } from '@/lib/wallet/contract/paging';
import type { OperationParams } from '@/lib/wallet/contract/operations';
import type { EventPage, EventWithDeliveries, WalletEvent } from '@/lib/wallet/contract/schemas';
import type { AuthenticatedApp, Executor } from '../context';
import { eventDeliveries, events } from '../db/schema';
import { toDelivery } from './delivery-records';
import { eventList } from '@/lib/wallet/contract/operations/event-list';
import { bindHandler } from '../bind-handler';

export async function listEvents(options: {
  db: Executor;
  app: AuthenticatedApp;
  params: OperationParams<'eventList'>;
}): Promise<EventPage> {
  const { db, app, params } = options;
  const where: SQL | undefined = and(
    eq(events.appId, app.id),
    params.type === undefined ? undefined : eq(events.type, params.type),
    params.cardId === undefined
      ? undefined
      : sql`(${events.body}::jsonb -> 'data' ->> 'cardId') = ${String(params.cardId)}`,
  );
  const [counted] = await db.select({ n: count() }).from(events).where(where);
  const total = counted?.n ?? 0;
  // One row more than the page: whether another page follows, without a second count.
  const fetched =
    params.cursor === undefined
      ? await db
          .select({ id: events.id, body: events.body })
          .from(events)
          .where(where)
          .orderBy(desc(events.id))
          .limit(params.pageSize + 1)
          .offset((params.pageNum - 1) * params.pageSize)
      : await db
          .select({ id: events.id, body: events.body })
          .from(events)
          .where(and(where, lt(events.id, params.cursor)))
          .orderBy(desc(events.id))
          .limit(params.pageSize + 1);
  const haveNext = fetched.length > params.pageSize;
  const rows = fetched.slice(0, params.pageSize);
  const deliveries =
    rows.length === 0
      ? []
      : await db
          .select()
          .from(eventDeliveries)
          .where(
            inArray(
              eventDeliveries.eventId,
              rows.map((r) => r.id),
            ),
          )
          .orderBy(asc(eventDeliveries.endpointId));
  const list: EventWithDeliveries[] = rows.map((row) => ({
    ...(JSON.parse(row.body) as WalletEvent),
    deliveries: deliveries.filter((d) => d.eventId === row.id).map(toDelivery),
  }));
  const last = rows.at(-1);
  return {
    dataTotal: total,
    haveNext,
    list,
    nextCursor: haveNext && last ? encodeEventCursor(last.id) : null,
  };
}

/** eventList's handler (lib/wallet/contract/operations/event-list.ts). */
export const eventListHandler = bindHandler(eventList, listEvents);
