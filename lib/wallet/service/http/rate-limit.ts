// The rate limit of docs/wallet-api.md "Rate limit": each app may send `rps` requests per second on
// average, with bursts of up to twice that, counted over every instance: an app's requests in the
// current and the previous second together stay under 2 x rps. Checked before any other work (a
// refused request spends no nonce).
//
// Shared without a shared lock: each instance reserves permits in small grants (a twentieth of
// the window) in wallet.rate_counters, one row per app, second and instance, and spends them
// from memory; only the request that finds its instance's grant used up waits for the next
// reservation (one short statement). Two instances reserving at the same moment can overshoot by
// one grant, and a grant left unspent when its second ends is lost: both bound the error to a
// twentieth of the limit per instance (tests/pg/rate-limit.test.ts measures it).
import { randomUUID } from 'node:crypto';
import type { DatabaseHandle } from '@/lib/db/open';
import { RATE_PRUNE, RATE_RESERVE } from '../db/statements';

export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export type RateLimiter = {
  check(appKey: string): Promise<RateDecision>;
  close(): Promise<void>;
};

type Permits = { second: number; left: number; reserving?: Promise<void>; full: boolean };

export function createRateLimiter(options: {
  engine: DatabaseHandle;
  rps: number;
  instance?: string;
  now?: () => number;
}): RateLimiter {
  const { engine } = options;
  const instance = options.instance ?? randomUUID();
  const now = options.now ?? Date.now;
  const windowLimit = 2 * options.rps;
  const grant = Math.max(1, Math.ceil(windowLimit / 20));
  const apps = new Map<string, Permits>();
  let lastPrune = 0;

  async function reserve(appKey: string, permits: Permits): Promise<void> {
    const [row] = await engine.query<{ n: number }>(
      RATE_RESERVE.text,
      [appKey, permits.second, instance, grant, windowLimit],
      RATE_RESERVE.name,
    );
    const n = Number(row?.n ?? 0);
    permits.left += n;
    // The window is full for this second: no more round trips until the next one.
    if (n === 0) permits.full = true;
    if (permits.second - lastPrune >= 60) {
      lastPrune = permits.second;
      void engine.query(RATE_PRUNE.text, [permits.second - 60], RATE_PRUNE.name).catch(() => undefined);
    }
  }

  function take(permits: Permits): boolean {
    if (permits.left <= 0) return false;
    permits.left--;
    return true;
  }

  const refused: RateDecision = { allowed: false, retryAfterSeconds: 1 };
  const allowed: RateDecision = { allowed: true };

  return {
    async check(appKey) {
      const second = Math.floor(now() / 1000);
      let permits = apps.get(appKey);
      if (!permits || permits.second !== second) {
        // A new second: last second's unspent permits lapse (they stay counted in its row).
        permits = { second, left: 0, full: false };
        apps.set(appKey, permits);
        if (apps.size > 10_000) apps.delete(apps.keys().next().value as string);
      }
      if (take(permits)) return allowed;
      if (permits.full) return refused;
      const current = permits;
      current.reserving ??= reserve(appKey, current).finally(() => {
        current.reserving = undefined;
      });
      await current.reserving;
      return take(current) ? allowed : refused;
    },
    async close() {
      apps.clear();
    },
  };
}
