// The webhook delivery worker (docs/wallet-api.md "Webhook delivery"), run by every instance of the
// service: it claims due deliveries in the database (FOR UPDATE SKIP LOCKED, then a claim that
// outlives the 10 s attempt), so with several instances each attempt is made by one of them; it
// sends them (send-delivery.ts) and records the outcome under its claim token, so a claim that
// lapsed and was taken by another instance is not overwritten. Failures are retried on the schedule
// below (times WALLET_WEBHOOK_RETRY_SCALE), then FAILED. The queue is the table: a restart, or a
// kill -9, loses nothing; an attempt cut off by a crash is made again once its claim lapses.
//
// Woken by `nudge()` (the service calls it after each commit that queued deliveries) within
// `nudgeDelayMs`, so that the commits of those few ms share one claim, and otherwise every
// `pollMs`, which is how it sees retries coming due and the other instances' events. Delivered
// attempts are recorded a batch at a time (those that end within `recordDelayMs` of each other),
// one statement per batch: under load, a delivery costs the database a share of a claim and of an
// update rather than one of each.
// Why no job-queue library: the deliveries must be written in the same transaction as the
// change (PGlite or PostgreSQL, one connection or a pool); pg-boss and graphile-worker need a
// node-postgres pool and LISTEN/NOTIFY, which the embedded engine does not offer.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { rawRows } from '@/lib/db/open';
import type { WalletDatabase } from '../db';
import { eventDeliveries, events, webhookEndpoints } from '../db/schema';
import type { Logger } from '../http/logger';
import { revealSecret } from '../secrets/app-secrets';
import type { SecretBox } from '../secrets/secret-box';
import { DELIVERY_TIMEOUT_MS, type AttemptOutcome, type SendDelivery } from './send-delivery';
import { pruneEvents } from './prune-events';

/**
 * The waits after the 1st, 2nd... failure (docs/wallet-api.md "Webhook delivery"); after the last,
 * the delivery is FAILED.
 */
export const RETRY_SCHEDULE_SECONDS = [10, 60, 300, 1_800, 7_200, 21_600, 43_200, 86_400] as const;

/** The wait (ms) before the next attempt after `failures` failures in a row; undefined: give up. */
export function retryDelayMs(failures: number, scale: number): number | undefined {
  const seconds = RETRY_SCHEDULE_SECONDS[failures - 1];
  return seconds === undefined ? undefined : Math.round(seconds * 1000 * scale);
}

type Claimed = {
  id: number;
  failures_in_round: number;
  public_id: string;
  body: string;
  url: string;
  secret: string;
  /** The endpoint's rotated-out secret while its overlap lasts (secrets/secret-rotation.ts), else null. */
  previous_secret: string | null;
};

export type DeliveryWorker = {
  start(): void;
  /** Looks for due deliveries now (after a commit that may have queued some). */
  nudge(): void;
  /** Stops claiming and waits for the attempts in flight. */
  stop(): Promise<void>;
  /** Claims and attempts what is due, once, and waits for it (tests). */
  drain(): Promise<number>;
};

type DeliveryWorkerOptions = {
  db: WalletDatabase;
  secretBox: SecretBox;
  send: SendDelivery;
  logger: Logger;
  retryScale: number;
  /** Attempts in flight at once, per instance. */
  concurrency?: number;
  pollMs?: number;
  /** How long a claim holds: longer than an attempt can take. */
  claimMs?: number;
  /** How often old events are pruned. */
  pruneEveryMs?: number;
  /** How long a nudge waits, gathering the commits of that time into one claim. */
  nudgeDelayMs?: number;
  /** How long a delivered attempt waits to be recorded with the others that end meanwhile. */
  recordDelayMs?: number;
};

export function createDeliveryWorker(options: DeliveryWorkerOptions): DeliveryWorker {
  const { db, logger } = options;
  const concurrency = options.concurrency ?? 16;
  const pollMs = options.pollMs ?? 1_000;
  const claimMs = options.claimMs ?? DELIVERY_TIMEOUT_MS * 3;
  const pruneEveryMs = options.pruneEveryMs ?? 60 * 60_000;
  const nudgeDelayMs = options.nudgeDelayMs ?? 25;
  const token = randomUUID();
  const recordDelivered = deliveredRecorder(db, token, options.recordDelayMs ?? 25);
  const openSecret = secretOpener(options.secretBox);
  const inFlight = new Set<Promise<void>>();
  let started = false;
  let stopped = false;
  const timer = earliestWake(() => void tick());
  let claiming: Promise<number> | undefined;
  let claimAgain = false;
  /** Whether the last claim stopped for want of room (so a finished attempt should claim again). */
  let roomFull = false;
  let lastPrune = 0;

  function wakeIn(ms: number): void {
    if (started && !stopped) timer.wakeIn(ms);
  }

  async function attempt(row: Claimed): Promise<void> {
    const attempted = await attemptDelivery(options, openSecret, row);
    const delay = await recordOutcome(db, token, row, attempted, options.retryScale, recordDelivered);
    if (delay !== undefined) wakeIn(Math.min(delay, pollMs));
    const { outcome } = attempted;
    logger.debug(
      {
        eventId: row.public_id,
        deliveryId: row.id,
        delivered: outcome.delivered,
        statusCode: outcome.statusCode,
      },
      'webhook attempt',
    );
  }

  /** Claims while there is room and work; returns how many attempts were started. */
  async function claimAndSend(): Promise<number> {
    let count = 0;
    for (;;) {
      const room = concurrency - inFlight.size;
      roomFull = room <= 0;
      if (room <= 0 || stopped) return count;
      const rows = await claimDue(db, token, room, claimMs);
      for (const row of rows) {
        const running: Promise<void> = attempt(row)
          .catch((error: unknown) =>
            logger.warn(
              { deliveryId: row.id, errorName: (error as Error)?.name },
              'webhook outcome not recorded',
            ),
          )
          .finally(() => {
            inFlight.delete(running);
            // A slot is free: more may be due if the last claim had no room for all.
            if (roomFull) wakeIn(0);
          });
        inFlight.add(running);
      }
      count += rows.length;
      if (rows.length < room) return count;
    }
  }

  /** One round: prune when it is time, then claim and send; one round at a time, another after it if asked. */
  async function tick(): Promise<number> {
    if (stopped) return 0;
    if (claiming) {
      claimAgain = true;
      return claiming;
    }
    claiming = (async () => {
      try {
        if (Date.now() - lastPrune >= pruneEveryMs) {
          lastPrune = Date.now();
          const pruned = await pruneEvents(db);
          if (pruned > 0) logger.info({ pruned }, 'old events pruned');
        }
        return await claimAndSend();
      } catch (error) {
        logger.warn(
          { errorName: (error as Error)?.name, message: (error as Error)?.message },
          'webhook claim failed',
        );
        return 0;
      } finally {
        claiming = undefined;
        if (claimAgain) {
          claimAgain = false;
          wakeIn(0);
        } else {
          wakeIn(pollMs);
        }
      }
    })();
    return claiming;
  }

  return {
    start() {
      if (started) return;
      started = true;
      wakeIn(0);
    },
    nudge() {
      wakeIn(nudgeDelayMs);
    },
    async stop() {
      stopped = true;
      timer.clear();
      await claiming;
      await Promise.all([...inFlight]);
    },
    async drain() {
      const n = await tick();
      await Promise.all([...inFlight]);
      return n;
    },
  };
}

/** A timer that runs `run` at the earliest time asked for: a later ask never puts it off. */
function earliestWake(run: () => void): { wakeIn(ms: number): void; clear(): void } {
  let timer: NodeJS.Timeout | undefined;
  let timerDue = Infinity;
  return {
    wakeIn(ms) {
      const due = Date.now() + ms;
      if (timer && timerDue <= due) return;
      clearTimeout(timer);
      timerDue = due;
      timer = setTimeout(() => {
        timer = undefined;
        timerDue = Infinity;
        run();
      }, ms);
      timer.unref();
    },
    clear() {
      clearTimeout(timer);
    },
  };
}

/** Opens an endpoint's sealed signing secret, once per sealed value. */
function secretOpener(secretBox: SecretBox): (sealed: string) => string {
  const secrets = new Map<string, string>();
  return (sealed) => {
    let plain = secrets.get(sealed);
    if (plain === undefined) {
      plain = revealSecret(secretBox, sealed);
      secrets.set(sealed, plain);
    }
    return plain;
  };
}

/**
 * Claims up to `room` due deliveries. The claim holds the endpoint's row too (key share), and
 * skips a delivery whose endpoint a webhook/delete has locked: a claim either commits before
 * the delete takes the endpoint (its attempt may still arrive, docs/wallet-api.md says when),
 * or finds the endpoint locked or gone and claims nothing. So once webhook/delete has answered,
 * no attempt to that endpoint starts.
 */
async function claimDue(
  db: WalletDatabase,
  token: string,
  room: number,
  claimMs: number,
): Promise<Claimed[]> {
  return rawRows<Claimed>(
    db,
    sql`with due as (
          select d.id from ${eventDeliveries} d
            join ${webhookEndpoints} w on w.id = d.endpoint_id
           where d.status = 'PENDING' and d.next_attempt_at <= now()
             and (d.claimed_until is null or d.claimed_until < now())
           order by d.next_attempt_at
           limit ${room}
           for update of d skip locked
           for key share of w skip locked
        ), claimed as (
          update ${eventDeliveries} d
             set claimed_until = now() + ${claimMs} * interval '1 millisecond', claim_token = ${token}
            from due where d.id = due.id
          returning d.id, d.event_id, d.endpoint_id, d.failures_in_round
        )
        select c.id, c.failures_in_round, e.public_id, e.body, w.url, w.secret,
               case when w.previous_secret_until > now() then w.previous_secret end as previous_secret
          from claimed c
          join ${events} e on e.id = c.event_id
          join ${webhookEndpoints} w on w.id = c.endpoint_id`,
  );
}

/** The previous secret to sign with, if it is still live and opens; else nothing (the current signs). */
function previousOf(openSecret: (sealed: string) => string, row: Claimed): { previousSecret?: string } {
  if (!row.previous_secret) return {};
  try {
    return { previousSecret: openSecret(row.previous_secret) };
  } catch {
    return {};
  }
}

/** Sends one claimed delivery; a failure to even try is a failed attempt like any other. */
async function attemptDelivery(
  { send, logger }: DeliveryWorkerOptions,
  openSecret: (sealed: string) => string,
  row: Claimed,
): Promise<{ attemptedAt: Date; outcome: AttemptOutcome }> {
  const attemptedAt = new Date();
  let outcome: AttemptOutcome;
  try {
    outcome = await send({
      url: row.url,
      eventId: row.public_id,
      body: row.body,
      secret: openSecret(row.secret),
      ...previousOf(openSecret, row),
    });
  } catch (error) {
    // A secret no key opens, or a bug: a failed attempt like any other, and said in the log.
    outcome = { delivered: false, statusCode: null, error: 'the delivery could not be made' };
    logger.error({ deliveryId: row.id, errorName: (error as Error)?.name }, 'webhook delivery failed to run');
  }
  return { attemptedAt, outcome };
}

/**
 * Records an attempt under this worker's claim (a claim that lapsed and was taken by another
 * instance is left alone): delivered, or the next attempt on the schedule, or FAILED. Returns the
 * wait before the next attempt, if there is one.
 */
async function recordOutcome(
  db: WalletDatabase,
  token: string,
  row: Claimed,
  { attemptedAt, outcome }: { attemptedAt: Date; outcome: AttemptOutcome },
  retryScale: number,
  recordDelivered: (id: number, at: string, statusCode: number) => Promise<void>,
): Promise<number | undefined> {
  const at = attemptedAt.toISOString();
  if (outcome.delivered) {
    await recordDelivered(row.id, at, outcome.statusCode);
    return undefined;
  }
  const delay = retryDelayMs(row.failures_in_round + 1, retryScale);
  await db.execute(sql`
    update ${eventDeliveries}
       set attempts = attempts + 1, failures_in_round = failures_in_round + 1,
           last_attempt_at = ${at}::timestamptz, last_status_code = ${outcome.statusCode},
           last_error = ${outcome.error.slice(0, 500)},
           status = ${delay === undefined ? 'FAILED' : 'PENDING'},
           next_attempt_at = ${delay === undefined ? null : sql`now() + ${delay} * interval '1 millisecond'`},
           claimed_until = null, claim_token = null
     where id = ${row.id} and claim_token = ${token}`);
  return delay;
}

/**
 * Records a delivered attempt with the others delivered within `delayMs`, in one statement,
 * under this worker's claim; each call resolves once its attempt is recorded. Until then its
 * claim holds it, as during the attempt.
 */
function deliveredRecorder(
  db: WalletDatabase,
  token: string,
  delayMs: number,
): (id: number, at: string, statusCode: number) => Promise<void> {
  let delivered: { id: number; at: string; statusCode: number }[] = [];
  let recorded: Promise<void> | undefined;
  return (id, at, statusCode) => {
    delivered.push({ id, at, statusCode });
    recorded ??= new Promise((resolve) => setTimeout(resolve, delayMs)).then(async () => {
      const batch = delivered;
      delivered = [];
      recorded = undefined;
      // Array literals of numbers and ISO timestamps (nothing in them needs quoting).
      const list = (values: (string | number)[]) => `{${values.join(',')}}`;
      await db.execute(sql`
        update ${eventDeliveries} d
           set status = 'DELIVERED', attempts = d.attempts + 1, last_attempt_at = v.at,
               last_status_code = v.status_code, last_error = null, next_attempt_at = null,
               claimed_until = null, claim_token = null
          from unnest(${list(batch.map((b) => b.id))}::bigint[], ${list(batch.map((b) => b.at))}::timestamptz[],
                      ${list(batch.map((b) => b.statusCode))}::int[]) as v(id, at, status_code)
         where d.id = v.id and d.claim_token = ${token}`);
    });
    return recorded;
  };
}
