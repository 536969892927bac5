// The per-app rate limit (docs/security.md "Rate limit"): each app may send `rps` requests per
// second on average, with bursts of up to twice that, counted over every instance: an app's
// requests in the current and the previous second together stay under 2 x rps. The service asks
// it only for a correctly signed call, before the call's nonce is spent (handle-request.ts).
//
// Shared without a shared lock: each instance reserves permits in wallet.rate_counters, one row
// per app, second and instance, and spends them from memory. A request that finds no permit waits
// for its instance's one reservation in flight, or starts one, sized to the requests waiting at
// that moment (at most a grant, a twentieth of the window); when it resolves, the waiters take
// what it granted, and those left over reserve again, for as long as the window has room. So a
// burst within the window, arriving all at once on any number of instances, is served whole.
// Under a steady load an instance also reserves ahead: a twentieth of what it admitted for the app
// in the second before (at most a grant), so a reservation's round trip is paid once per twentieth
// of a second's requests instead of once per handful of concurrent ones (bench/RESULTS.md, the
// signed reads: with 8 connections a reservation covered about two requests). A burst after a
// quiet second reserves only for its waiters, as before.
//
// The error, per window: over, by at most one grant per instance beyond the first (reservations
// racing near the top each see the window before the others' rows); under, by the permits of a
// reservation that resolves after its second ended (they stay counted in that second's row), at
// most one grant per instance per second boundary, and by what an instance reserved ahead and did
// not use (at most a twentieth of its previous second's requests, and a grant). tests/pg/rate-limit.test.ts holds both, with
// two instances on one PostgreSQL.
import { randomUUID } from 'node:crypto';
import type { DatabaseHandle } from '@/lib/db/open';
import { serviceNow } from '../clock';
import { RATE_PRUNE, RATE_RESERVE } from '../db/statements';

export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export type RateLimiter = {
  check(appKey: string): Promise<RateDecision>;
  close(): Promise<void>;
};

type Permits = {
  second: number;
  /** Reserved and not yet taken. */
  left: number;
  /** Requests waiting on this second's reservation. */
  waiting: number;
  reserving?: Promise<void>;
  /** The window had no more room: refuse without a round trip until the next second. */
  full: boolean;
  /** Permits taken in this second. */
  taken: number;
  /** Reserved ahead with each reservation: a twentieth of the previous second's taken. */
  ahead: number;
};

export function createRateLimiter(options: {
  engine: DatabaseHandle;
  rps: number;
  instance?: string;
  now?: () => number;
}): RateLimiter {
  const { engine } = options;
  const instance = options.instance ?? randomUUID();
  const now = options.now ?? serviceNow;
  const windowLimit = 2 * options.rps;
  const grant = Math.max(1, Math.ceil(windowLimit / 20));
  const apps = new Map<string, Permits>();
  let lastPrune = 0;

  async function reserve(appKey: string, permits: Permits): Promise<void> {
    // What is waiting now, or under a steady load what a twentieth of a second brings: a permit
    // reserved for no one is lost to the other instances, so ahead only as far as the load shows.
    const wanted = Math.max(1, Math.min(grant, Math.max(permits.waiting, permits.ahead)));
    const [row] = await engine.query<{ n: number }>(
      RATE_RESERVE.text,
      [appKey, permits.second, instance, wanted, windowLimit],
      RATE_RESERVE.name,
    );
    const n = Number(row?.n ?? 0);
    permits.left += n;
    // Less than asked: the window is full for this second.
    if (n < wanted) permits.full = true;
    if (permits.second - lastPrune >= 60) {
      lastPrune = permits.second;
      void engine.query(RATE_PRUNE.text, [permits.second - 60], RATE_PRUNE.name).catch(() => undefined);
    }
  }

  function take(permits: Permits): boolean {
    if (permits.left <= 0) return false;
    permits.left--;
    permits.taken++;
    return true;
  }

  const refused: RateDecision = { allowed: false, retryAfterSeconds: 1 };
  const allowed: RateDecision = { allowed: true };

  function permitsOf(appKey: string, second: number): Permits {
    let permits = apps.get(appKey);
    if (!permits || permits.second !== second) {
      // A new second: last second's unspent permits lapse (they stay counted in its row).
      const previous = permits?.second === second - 1 ? permits.taken : 0;
      permits = { second, left: 0, waiting: 0, full: false, taken: 0, ahead: Math.ceil(previous / 20) };
      apps.set(appKey, permits);
      if (apps.size > 10_000) apps.delete(apps.keys().next().value as string);
    }
    return permits;
  }

  return {
    async check(appKey) {
      // Each pass either takes a permit, is refused, or waits for a reservation that adds permits
      // to the window's count or finds it full: the window's bound ends the loop.
      for (;;) {
        const permits = permitsOf(appKey, Math.floor(now() / 1000));
        if (take(permits)) return allowed;
        if (permits.full) return refused;
        permits.waiting++;
        try {
          permits.reserving ??= reserve(appKey, permits).finally(() => {
            permits.reserving = undefined;
          });
          await permits.reserving;
        } finally {
          permits.waiting--;
        }
      }
    },
    async close() {
      apps.clear();
    },
  };
}
