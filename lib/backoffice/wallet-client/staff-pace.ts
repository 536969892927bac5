// Each member of staff's share of the back-office's wallet budget (docs/security.md "Rate limit").
// The back-office signs with a key of its own, which the service counts on a budget of its own
// (WALLET_BACKOFFICE_RATE_LIMIT_RPS), so staff never spend the agency's server's budget, nor it
// theirs. Within that budget, this keeps one member of staff (every tab and browser of their
// account: a share per person, so signing in twice does not double it) from starving the others:
// each may send a quarter of the budget per second on average, bursts up to twice that, counted
// as the service counts (this second and the one before together). A call over the share waits
// for room, a second at a time, up to MAX_WAIT_MS (so a long export or a page that names fifty
// people is paced rather than cut short); one still over it then is not sent, and the client
// answers it with a "slow down" sentence instead (errors.ts staffPaceError).
//
// Counted in the database (backoffice.staff_call_counts), so every back-office instance sees
// one share per person: one statement per call, which adds the call to this second's row only
// while the row and the second before stay under the share. Concurrent calls of one person wait
// on their row for the moment the statement takes (no one else's); the count is exact.
import 'server-only';
import type { DatabaseHandle } from '@/lib/db/open';
import type { WalletOperationName } from '@/lib/wallet/contract/operations';
import { staffPaceError } from './errors';

/** Each member of staff may use this fraction of the back-office's budget. */
export const STAFF_SHARE_OF_BUDGET = 1 / 4;

/**
 * How long a call over the share waits for room before it is refused: the window's length and the
 * spread of the retries, so that a lone caller (an export's pages, one after another) always
 * finds room by then; only calls competing with the same person's others are refused.
 */
export const MAX_WAIT_MS = 2100;

/** A member of staff's calls per second (bursts up to twice that); 0: no limit. */
export function staffRps(backofficeRps: number): number {
  if (backofficeRps <= 0) return 0;
  return Math.max(1, Math.floor(backofficeRps * STAFF_SHARE_OF_BUDGET));
}

/** The key a member of staff's calls are counted under, or a call made outside a session's. */
export function staffKey(staffId: number | null): string {
  return staffId === null ? 'no-session' : `staff:${staffId}`;
}

const COUNT_CALL = {
  name: 'backoffice_staff_call_count',
  text: `with previous as (
  select coalesce(sum(calls), 0)::int as n from backoffice.staff_call_counts
  where staff_key = $1 and second = $2::bigint - 1
)
insert into backoffice.staff_call_counts as c (staff_key, second, calls)
select $1, $2, 1 from previous where previous.n < $3::int
on conflict (staff_key, second) do update set calls = c.calls + 1
  where c.calls + (select n from previous) < $3::int
returning c.calls`,
} as const;

const PRUNE = {
  name: 'backoffice_staff_call_prune',
  text: `delete from backoffice.staff_call_counts where second < $1`,
} as const;

export type StaffPace = {
  /**
   * Counts one call of `key` once it is within the share, waiting for room up to the pace's
   * maxWaitMs; false when there was none by then (a refused call is not counted).
   */
  admit(key: string): Promise<boolean>;
};

export function createStaffPace(options: {
  engine: DatabaseHandle;
  /** Calls per second per member of staff (staffRps). */
  rps: number;
  /** Default MAX_WAIT_MS; 0 refuses at once. */
  maxWaitMs?: number;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}): StaffPace {
  const { engine } = options;
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const maxWaitMs = options.maxWaitMs ?? MAX_WAIT_MS;
  const window = 2 * options.rps;
  let lastPrune = 0;

  async function countIn(key: string, second: number): Promise<boolean> {
    const rows = await engine.query<{ calls: number }>(
      COUNT_CALL.text,
      [key, second, window],
      COUNT_CALL.name,
    );
    // Counts older than a minute are of no use: at most once a minute per process, off the path.
    if (second - lastPrune >= 60) {
      lastPrune = second;
      void engine.query(PRUNE.text, [second - 60], PRUNE.name).catch(() => undefined);
    }
    return rows.length > 0;
  }

  return {
    async admit(key) {
      const deadline = now() + maxWaitMs;
      for (;;) {
        const at = now();
        if (await countIn(key, Math.floor(at / 1000))) return true;
        // Room comes back only with a new second: wait for it, a little spread so that one
        // person's waiting calls do not all ask at its first instant.
        const nextSecond = (Math.floor(at / 1000) + 1) * 1000 + Math.floor(Math.random() * 50);
        if (nextSecond > deadline) return false;
        await sleep(nextSecond - now());
      }
    },
  };
}

/**
 * The client's `admit` (create-wallet-client.ts): counts each call on the caller's share, and
 * refuses one over it with the "slow down" error, unsent.
 */
export function admitWithinShare(
  pace: StaffPace,
  keyOfCaller: () => Promise<string>,
): (operation: WalletOperationName) => Promise<void> {
  return async (operation) => {
    if (!(await pace.admit(await keyOfCaller()))) throw staffPaceError(operation);
  };
}
