// Slowing password (and two-factor code) guessing without letting a stranger lock anyone out.
// Every attempt is counted BEFORE its password is checked: one transaction locks the attempt's
// counters (a row per scope and key, in the database, so every instance agrees), refuses the
// attempt if any of them still imposes a wait, and otherwise counts it and sets the next wait.
// Simultaneous attempts therefore queue on the rows and each sees the ones before it, and an
// attempt beyond the free ones holds its scopes until it is settled, however slow its check: 40
// guesses sent at once are 3 free checks, a 4th, and 36 refusals. A counted attempt that turns out
// right clears what its own address or device spent (forgiveAttempt), so a success on one device
// never clears what other addresses spent; a wrong one stays counted, and its wait is then set to run from the end of the check
// (recordFailure), as from the last failure.
//
// Scopes: one account from one address ('pair'), one account from anywhere ('account') and one
// address for any account ('address'). A browser with a valid device cookie for the account
// (device-cookie.ts) is counted in its own 'device' scope instead: people behind the same
// address (an office's NAT) or a guesser elsewhere cannot slow it; a stolen cookie buys no
// more guesses than one address gets.
//
// The count is taken before the check, not made independent of time: 40 guesses are 4 checks when
// they are heard within the second the fourth one's wait runs; a server too busy to hear them all
// by then checks a further one after each wait in turn, never outside the schedule
// (docs/security.md "Sign-in throttle").
//
// In each scope a few failures cost nothing; after them each further one makes the next attempt
// wait, doubling from 1 second up to the scope's cap. A scope's count starts again after a
// window (15 min) without a failure. Numbers (docs/security.md "Sign-in throttle"): per pair and
// per device 3 free, capped at 60 s; per account 10 free, capped at 30 s (a guesser on many
// addresses slows the owner by half a minute at most); per address 20 free, capped at 5 min.
import 'server-only';
import { and, eq, lt, or, sql } from 'drizzle-orm';
import type { BackofficeDatabase as Database } from '@/lib/backoffice/db';
import { signInThrottle } from '@/lib/backoffice/db/schema';

export const THROTTLE_WINDOW_MS = 15 * 60_000;

export type ThrottleScope = 'pair' | 'account' | 'address' | 'device';

/** Per scope: failures in the window that cost nothing, and the cap of the doubling delay. */
export const THROTTLE_RULES: Readonly<Record<ThrottleScope, { free: number; capMs: number }>> = {
  pair: { free: 3, capMs: 60_000 },
  device: { free: 3, capMs: 60_000 },
  account: { free: 10, capMs: 30_000 },
  address: { free: 20, capMs: 5 * 60_000 },
};

/**
 * Who is attempting: the account (lower-cased e-mail) and the client address; `device` is the id
 * of a valid device cookie for this account, when the browser presented one.
 */
export type ThrottleKeys = { account: string; address: string; device?: string | null };

type Counter = { scope: ThrottleScope; key: string };

/** The counters an attempt is claimed in, in lock order (scope, then key). */
export function countersOf(keys: ThrottleKeys): Counter[] {
  if (keys.device) return [{ scope: 'device', key: `${keys.account}|${keys.device}` }];
  return [
    { scope: 'account', key: keys.account },
    { scope: 'address', key: keys.address },
    { scope: 'pair', key: `${keys.account}|${keys.address}` },
  ];
}

/** The wait (ms) that `failures` failures in the window impose after the last of them. */
export function delayAfter(scope: ThrottleScope, failures: number): number {
  const { free, capMs } = THROTTLE_RULES[scope];
  if (failures <= free) return 0;
  return Math.min(1000 * 2 ** (failures - free - 1), capMs);
}

/** How long an attempt beyond the free ones may take to be checked before others are heard again. */
export const CHECK_HOLD_MS = 60_000;

/**
 * A heard attempt, to be settled by recordFailure or forgiveAttempt. `holdUntil`: when the attempt
 * went beyond a scope's free ones, that scope hears no other attempt until it settles (or until
 * then, should its process die): however slow the check, attempts sent alongside it wait.
 */
export type HeardClaim = { heard: true; holdUntil: Date | null };
export type AttemptClaim = HeardClaim | { heard: false; waitMs: number };

/**
 * Claims an attempt: counts it as a failure in each of its scopes and says it may be checked, or,
 * when a scope still imposes a wait (or is checking an attempt beyond its free ones), counts
 * nothing and says how long (ms) to wait.
 */
export async function claimAttempt(
  db: Database,
  keys: ThrottleKeys,
  now = Date.now(),
): Promise<AttemptClaim> {
  const counters = countersOf(keys);
  const matches = or(
    ...counters.map((c) => and(eq(signInThrottle.scope, c.scope), eq(signInThrottle.key, c.key))),
  );
  const claim = await db.transaction(async (tx): Promise<AttemptClaim> => {
    // The rows must exist to be locked; inserted in lock order, so two claims never deadlock.
    await tx
      .insert(signInThrottle)
      .values(counters.map((c) => ({ ...c, failures: 0 })))
      .onConflictDoNothing();
    const rows = await tx
      .select()
      .from(signInThrottle)
      .where(matches)
      .orderBy(signInThrottle.scope, signInThrottle.key)
      .for('update');
    const waitMs = Math.max(0, ...rows.map((r) => (r.nextAttemptAt ? r.nextAttemptAt.getTime() - now : 0)));
    const checking = rows.some((r) => r.checkingUntil && r.checkingUntil.getTime() > now);
    // Still checking the attempt before: its wait is not known yet; at least a second.
    if (waitMs > 0 || checking) return { heard: false, waitMs: Math.max(waitMs, checking ? 1000 : 0) };
    const holdUntil = new Date(now + CHECK_HOLD_MS);
    let held = false;
    for (const row of rows) {
      const current = row.lastFailureAt && row.lastFailureAt.getTime() > now - THROTTLE_WINDOW_MS;
      const failures = (current ? row.failures : 0) + 1;
      const delay = delayAfter(row.scope, failures);
      held ||= delay > 0;
      await tx
        .update(signInThrottle)
        .set({
          failures,
          lastFailureAt: new Date(now),
          nextAttemptAt: new Date(now + delay),
          checkingUntil: delay > 0 ? holdUntil : null,
        })
        .where(and(eq(signInThrottle.scope, row.scope), eq(signInThrottle.key, row.key)));
    }
    return { heard: true, holdUntil: held ? holdUntil : null };
  });
  // Counters quiet for a day are useless: trim them now and then.
  if (claim.heard && Math.random() < 0.05) {
    await db.delete(signInThrottle).where(lt(signInThrottle.lastFailureAt, new Date(now - 24 * 3600_000)));
  }
  return claim;
}

/** Lifts this attempt's own hold (not one a later attempt set). */
const releasedHold = (claim: HeardClaim) =>
  claim.holdUntil
    ? sql`case when ${signInThrottle.checkingUntil} = ${claim.holdUntil.toISOString()}::timestamptz then null else ${signInThrottle.checkingUntil} end`
    : sql`${signInThrottle.checkingUntil}`;

/**
 * A claimed attempt that did not sign in (a wrong password or code, or a right password still
 * waiting for its code): its scopes' waits run from now, the end of the (slow) check, as they
 * would from the last failure, rather than from the claim; its hold is lifted. Never shortens a
 * wait.
 */
export async function recordFailure(
  db: Database,
  keys: ThrottleKeys,
  claim: HeardClaim,
  now = Date.now(),
): Promise<void> {
  for (const counter of countersOf(keys)) {
    const { free, capMs } = THROTTLE_RULES[counter.scope];
    const delayMs = sql`case when ${signInThrottle.failures} <= ${free} then 0
      else least(1000 * power(2, ${signInThrottle.failures} - ${free} - 1), ${capMs}) end`;
    await db
      .update(signInThrottle)
      .set({
        lastFailureAt: new Date(now),
        nextAttemptAt: sql`greatest(${signInThrottle.nextAttemptAt}, ${new Date(now).toISOString()}::timestamptz + ${delayMs} * interval '1 millisecond')`,
        checkingUntil: releasedHold(claim),
      })
      .where(and(eq(signInThrottle.scope, counter.scope), eq(signInThrottle.key, counter.key)));
  }
}

/**
 * A right password (or code) clears what its own address (or known device) spent on the account,
 * and nothing else: the counter of this account from this address, or from this device, is
 * cleared, and the account's count over every address loses what this address had spent on it
 * (this attempt included). What other addresses and devices spent stays, so the owner signing in
 * every few seconds gives a guesser elsewhere nothing (docs/security.md "Sign-in throttle"). The
 * address's count over every account gets this one attempt back: an office signing in all
 * morning is not a guesser. An attempt from a known device was counted on the device alone.
 */
export async function forgiveAttempt(db: Database, keys: ThrottleKeys, claim: HeardClaim): Promise<void> {
  if (keys.device) {
    const key = `${keys.account}|${keys.device}`;
    await db
      .delete(signInThrottle)
      .where(and(eq(signInThrottle.scope, 'device'), eq(signInThrottle.key, key)));
    return;
  }
  const pairKey = `${keys.account}|${keys.address}`;
  const [pair] = await db
    .delete(signInThrottle)
    .where(and(eq(signInThrottle.scope, 'pair'), eq(signInThrottle.key, pairKey)))
    .returning({ failures: signInThrottle.failures });
  await giveBack(db, { scope: 'account', key: keys.account }, Math.max(1, pair?.failures ?? 0), claim);
  await giveBack(db, { scope: 'address', key: keys.address }, 1, claim);
}

/**
 * Takes `attempts` back from a shared counter (never below 0): its wait is then what its remaining
 * count says, from its last failure; this claim's hold on it is lifted.
 */
async function giveBack(db: Database, counter: Counter, attempts: number, claim: HeardClaim): Promise<void> {
  await db.transaction(async (tx) => {
    const where = and(eq(signInThrottle.scope, counter.scope), eq(signInThrottle.key, counter.key));
    const [row] = await tx.select().from(signInThrottle).where(where).for('update');
    if (!row || row.failures === 0) return;
    const failures = Math.max(0, row.failures - attempts);
    const last = row.lastFailureAt?.getTime() ?? 0;
    await tx
      .update(signInThrottle)
      .set({
        failures,
        nextAttemptAt: new Date(last + delayAfter(counter.scope, failures)),
        checkingUntil: row.checkingUntil?.getTime() === claim.holdUntil?.getTime() ? null : row.checkingUntil,
      })
      .where(where);
  });
}
