// Slowing password guessing without letting a stranger lock anyone out. Failures are counted in
// the database (so every instance agrees) over a 15-minute window, in three scopes: one account
// from one address, one account from anywhere, and one address for any account. In each scope a
// few failures cost nothing; after them, each further failure makes the next attempt wait,
// doubling from 1 second up to the scope's cap. An attempt made sooner is refused without its
// password being checked, and says how long to wait; once the wait is over the right password
// works again. The account-wide cap is low (30 s): someone guessing from many addresses slows
// the account's owner by half a minute at most, and can never lock them out.
//
// Numbers (docs/security.md): from one address, 3 free failures per account, then 1, 2, 4... s,
// capped at 60 s (about 60 guesses an hour at best); from anywhere, 10 free failures per account,
// capped at 30 s (120 an hour); from one address over every account, 20 free, capped at 5 min.
import 'server-only';
import { and, eq, gt, like, lt, or, sql } from 'drizzle-orm';
import type { BackofficeDatabase as Database } from '@/lib/backoffice/db';
import { signInFailures } from '@/lib/backoffice/db/schema';

export const THROTTLE_WINDOW_MS = 15 * 60_000;

export type ThrottleScope = 'pair' | 'account' | 'address';

/** Per scope: failures in the window that cost nothing, and the cap of the doubling delay. */
export const THROTTLE_RULES: Readonly<Record<ThrottleScope, { free: number; capMs: number }>> = {
  pair: { free: 3, capMs: 60_000 },
  account: { free: 10, capMs: 30_000 },
  address: { free: 20, capMs: 5 * 60_000 },
};

export type ThrottleKeys = { account: string; address: string };

function keyOf(scope: ThrottleScope, keys: ThrottleKeys): string {
  return scope === 'pair' ? `${keys.account}|${keys.address}` : keys[scope];
}

/** The wait (ms) that `failures` failures in the window impose after the last of them. */
export function delayAfter(scope: ThrottleScope, failures: number): number {
  const { free, capMs } = THROTTLE_RULES[scope];
  if (failures <= free) return 0;
  return Math.min(1000 * 2 ** (failures - free - 1), capMs);
}

const SCOPES = ['pair', 'account', 'address'] as const satisfies readonly ThrottleScope[];

/** How long (ms from now) the caller must wait before an attempt is heard; 0 when it may try now. */
export async function waitBeforeAttempt(db: Database, keys: ThrottleKeys, now = Date.now()): Promise<number> {
  // One statement for the three scopes: each (scope, key) is a range of the (scope, key, time) index.
  const rows = await db
    .select({
      scope: signInFailures.scope,
      failures: sql<number>`count(*)::int`,
      last: sql<Date | string>`max(${signInFailures.createdAt})`,
    })
    .from(signInFailures)
    .where(
      and(
        or(
          ...SCOPES.map((scope) =>
            and(eq(signInFailures.scope, scope), eq(signInFailures.key, keyOf(scope, keys))),
          ),
        ),
        gt(signInFailures.createdAt, new Date(now - THROTTLE_WINDOW_MS)),
      ),
    )
    .groupBy(signInFailures.scope);
  let wait = 0;
  for (const row of rows) {
    const last = new Date(row.last).getTime();
    wait = Math.max(wait, last + delayAfter(row.scope, Number(row.failures)) - now);
  }
  return wait;
}

export async function recordFailure(db: Database, keys: ThrottleKeys): Promise<void> {
  await db.insert(signInFailures).values(SCOPES.map((scope) => ({ scope, key: keyOf(scope, keys) })));
  // Old rows are useless: trim them now and then, on the failure path only.
  if (Math.random() < 0.05) {
    await db.delete(signInFailures).where(lt(signInFailures.createdAt, sql`now() - interval '1 day'`));
  }
}

/**
 * A successful sign-in forgives the account's failures, from every address (the owner proved
 * who they are), but not the address's own count over other accounts.
 */
export async function clearAccountFailures(db: Database, account: string): Promise<void> {
  const escaped = account.replace(/[\\%_]/g, (c) => `\\${c}`);
  await db
    .delete(signInFailures)
    .where(
      or(
        and(eq(signInFailures.scope, 'account'), eq(signInFailures.key, account)),
        and(eq(signInFailures.scope, 'pair'), like(signInFailures.key, `${escaped}|%`)),
      ),
    );
}
