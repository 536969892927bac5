// Between the two steps of a two-factor sign-in on the sign-in form: once the password was right,
// the server keeps a record (backoffice.sign_in_pending, 5 minutes) naming the account and its
// session version, and the browser holds an HttpOnly cookie with the record's random token (only
// its SHA-256 is stored); the form then asks for the code alone, so the password is never sent
// back to the page or kept in it. The record proves only that the password was right; the code
// step is a throttled attempt of its own (auth-options.ts authorizeSecondFactor), a new session
// version (a sign-out, a password change) voids it, and the sign-in it ends spends it in one
// conditional DELETE: a copy of the cookie, used after the sign-in or beside it, signs nobody in.
import 'server-only';
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lt } from 'drizzle-orm';
import { cookies } from 'next/headers';
import type { BackofficeDatabase as Database } from '@/lib/backoffice/db';
import { signInPending } from '@/lib/backoffice/db/schema';
import { servedOverHttps } from '@/lib/env';

export const PENDING_SIGN_IN_SECONDS = 5 * 60;
const NAME = `${servedOverHttps ? '__Secure-' : ''}card-wallet.two-factor`;

export type PendingSignIn = { staffId: number; sessionVersion: number };
/** A pending sign-in found by its token, which spends it (spendPendingSignIn). */
export type OpenPendingSignIn = PendingSignIn & { token: string };

const hashOf = (token: string) =>
  createHash('sha256').update(`card-wallet sign-in pending\n${token}`).digest('hex');

/** Keeps `pending` for 5 minutes and returns its token (256 random bits, base64url). */
export async function createPendingSignIn(
  db: Database,
  pending: PendingSignIn,
  now = Date.now(),
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(signInPending).values({
    tokenHash: hashOf(token),
    staffId: pending.staffId,
    sessionVersion: pending.sessionVersion,
    expiresAt: new Date(now + PENDING_SIGN_IN_SECONDS * 1000),
  });
  // Records whose five minutes are over are of no use: trimmed now and then.
  if (Math.random() < 0.05) await db.delete(signInPending).where(lt(signInPending.expiresAt, new Date(now)));
  return token;
}

/** The pending sign-in a token names, when kept and not expired; null otherwise. */
export async function openPendingSignIn(
  db: Database,
  token: string | undefined,
  now = Date.now(),
): Promise<OpenPendingSignIn | null> {
  if (!token || !/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  const [row] = await db
    .select()
    .from(signInPending)
    .where(and(eq(signInPending.tokenHash, hashOf(token)), gt(signInPending.expiresAt, new Date(now))))
    .limit(1);
  return row ? { staffId: row.staffId, sessionVersion: row.sessionVersion, token } : null;
}

/**
 * Spends a pending sign-in: true for the one caller whose DELETE took the (unexpired) record,
 * false for every other, however many use the token at once.
 */
export async function spendPendingSignIn(db: Database, token: string, now = Date.now()): Promise<boolean> {
  const spent = await db
    .delete(signInPending)
    .where(and(eq(signInPending.tokenHash, hashOf(token)), gt(signInPending.expiresAt, new Date(now))))
    .returning({ staffId: signInPending.staffId });
  return spent.length === 1;
}

/** Keeps `pending` and gives this response's browser its cookie (a server action). */
export async function setPendingSignIn(db: Database, pending: PendingSignIn): Promise<void> {
  (await cookies()).set(NAME, await createPendingSignIn(db, pending), {
    httpOnly: true,
    sameSite: 'lax',
    secure: servedOverHttps,
    path: '/',
    maxAge: PENDING_SIGN_IN_SECONDS,
  });
}

/** This request's pending sign-in, if its cookie names one. */
export async function readPendingSignIn(db: Database): Promise<OpenPendingSignIn | null> {
  return openPendingSignIn(db, (await cookies()).get(NAME)?.value);
}

export async function clearPendingSignIn(): Promise<void> {
  (await cookies()).delete(NAME);
}
