// Limits on failed sign-ins, per account and per client address, kept in the database so that
// every instance enforces the same count. A window of failures locks further attempts, even
// with the right password, until the oldest failure in the window ages out.
import 'server-only';
import { and, asc, eq, gt, lt, sql } from 'drizzle-orm';
import type { BackofficeDatabase as Database } from '@/lib/backoffice/db';
import { signInFailures } from '@/lib/backoffice/db/schema';

export const THROTTLE_WINDOW_MS = 15 * 60_000;
export const MAX_ACCOUNT_FAILURES = 5;
export const MAX_ADDRESS_FAILURES = 20;

export type ThrottleKeys = { account: string; address: string };

/** When the caller may try again (ms from now), or 0 if not locked. */
export async function lockedFor(db: Database, keys: ThrottleKeys, now = Date.now()): Promise<number> {
  const since = new Date(now - THROTTLE_WINDOW_MS);
  const checks = [
    { scope: 'account' as const, key: keys.account, max: MAX_ACCOUNT_FAILURES },
    { scope: 'address' as const, key: keys.address, max: MAX_ADDRESS_FAILURES },
  ];
  let wait = 0;
  for (const { scope, key, max } of checks) {
    const rows = await db
      .select({ createdAt: signInFailures.createdAt })
      .from(signInFailures)
      .where(
        and(
          eq(signInFailures.scope, scope),
          eq(signInFailures.key, key),
          gt(signInFailures.createdAt, since),
        ),
      )
      .orderBy(asc(signInFailures.createdAt))
      .limit(max);
    if (rows.length >= max) {
      const oldest = rows[0]!.createdAt.getTime();
      wait = Math.max(wait, oldest + THROTTLE_WINDOW_MS - now);
    }
  }
  return wait;
}

export async function recordFailure(db: Database, keys: ThrottleKeys): Promise<void> {
  await db.insert(signInFailures).values([
    { scope: 'account', key: keys.account },
    { scope: 'address', key: keys.address },
  ]);
  // Old rows are useless: trim them now and then, on the failure path only.
  if (Math.random() < 0.05) {
    await db.delete(signInFailures).where(lt(signInFailures.createdAt, sql`now() - interval '1 day'`));
  }
}

/** A successful sign-in forgives the account's failures (not the address's). */
export async function clearAccountFailures(db: Database, account: string): Promise<void> {
  await db
    .delete(signInFailures)
    .where(and(eq(signInFailures.scope, 'account'), eq(signInFailures.key, account)));
}
