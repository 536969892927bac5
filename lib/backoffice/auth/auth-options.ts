// next-auth configuration: e-mail and password sign-in (Credentials, so JWT sessions), the
// second factor of an account with two-factor sign-in (two-factor.ts), the throttle on attempts
// (with the device cookie that exempts a known browser from the address's count), and session
// versions. The JWT carries the staff id and the account's session version (and `enrol` when the
// agency requires two factors the account has not set up); every request re-reads the account
// (current-staff.ts), so a sign-out, disabling or role change ends all of that account's sessions
// at once.
import 'server-only';
import { eq, sql } from 'drizzle-orm';
import type { NextAuthOptions, Session } from 'next-auth';
import type { JWT } from 'next-auth/jwt';
import CredentialsProvider from 'next-auth/providers/credentials';
import { z } from 'zod';
import { authSecret, env, servedOverHttps } from '@/lib/env';
import { getDb, type BackofficeDatabase } from '@/lib/backoffice/db';
import { staff, type StaffRole } from '@/lib/backoffice/db/schema';
import { recordAudit } from '@/lib/backoffice/audit/record-audit';
import { PEER_ADDRESS_HEADER } from '@/lib/backoffice/auth/peer-address';
import { AFTER_SIGN_IN, safeCallbackPath } from './callback-url';
import { dummyPasswordHash, verifyPassword } from './password';
import { rememberDevice, trustedDevice } from './device-cookie';
import {
  claimAttempt,
  forgiveAttempt,
  recordFailure,
  type HeardClaim,
  type ThrottleKeys,
} from './sign-in-throttle';
import { twoFactorRequiredFor, verifySecondFactor } from './two-factor';
import { readSettings } from '@/lib/backoffice/settings/read-settings';
import { spendPendingSignIn, type OpenPendingSignIn, type PendingSignIn } from './two-factor-pending';

export const SESSION_MAX_AGE_SECONDS = 8 * 60 * 60;

/** Error codes the sign-in form turns into sentences. */
export const SignInError = {
  invalid: 'invalid-credentials',
  /** Followed by ":<seconds>", the wait before the next attempt is heard. */
  wait: 'wait',
  disabled: 'account-disabled',
  /** The password was right; the account signs in with two factors: its code is asked for. */
  twoFactor: 'two-factor-required',
  /** The two-factor code (or recovery code) was wrong. */
  wrongCode: 'invalid-code',
  /** The second step came too late (or its account changed): start again with the password. */
  expired: 'sign-in-expired',
} as const;

/**
 * A sign-in refused: its code (SignInError; "wait:<seconds>" for a wait) is the message too,
 * because next-auth's credentials endpoint passes only an error's message on.
 */
export class SignInRefusal extends Error {
  /** `pending`: the account whose code is asked for (two-factor-required, invalid-code). */
  constructor(
    readonly code: string,
    readonly pending?: PendingSignIn,
  ) {
    super(code);
    this.name = 'SignInRefusal';
  }
}

const credentialsSchema = z.object({
  email: z.string().trim().min(1).max(254),
  password: z.string().min(1).max(200),
  /** The two-factor code or a recovery code, for an account that has two-factor sign-in. */
  code: z.string().trim().max(40).optional(),
});

/**
 * The client's address for the per-address limit. Behind N trusted proxies it is the address the
 * outermost of them saw: the N-th X-Forwarded-For entry from the right (entries further left
 * come from the client and prove nothing). Reached directly, it is the socket's address
 * (peer-address.ts), whatever X-Forwarded-For the client sends.
 */
export function clientAddress(
  headers: Record<string, string | string[] | undefined> | undefined,
  trustedProxyHops = env.TRUSTED_PROXY_HOPS,
): string {
  const header = (name: string) => {
    const raw = headers?.[name];
    return Array.isArray(raw) ? raw.join(',') : (raw ?? '');
  };
  if (trustedProxyHops > 0) {
    const hops = header('x-forwarded-for')
      .split(',')
      .map((h) => h.trim())
      .filter(Boolean);
    return hops.at(-trustedProxyHops) ?? 'unknown';
  }
  return header(PEER_ADDRESS_HEADER).trim() || 'unknown';
}

/**
 * The member of staff a session token stands for: null once the session has ended.
 * `mustEnrolTwoFactor`: when they signed in, the agency required two-factor sign-in of them and
 * they had not set it up; until they do, pages send them to /account and every action but
 * enrolling refuses. Sessions started before the requirement are left alone: it applies from
 * the next sign-in.
 */
export type SessionStaff = {
  id: number;
  email: string;
  name: string;
  role: StaffRole;
  mustEnrolTwoFactor?: boolean;
};

/**
 * A token counts only while its account is active and its session version is current, so a
 * sign-out, disabling or role change ends every session of the account at once: for the pages
 * (current-staff.ts) and for next-auth's own /api/auth/session alike.
 */
export async function staffOfToken(token: JWT): Promise<SessionStaff | null> {
  if (typeof token.staffId !== 'number' || typeof token.sv !== 'number') return null;
  const db = await getDb();
  const [row] = await db.select().from(staff).where(eq(staff.id, token.staffId)).limit(1);
  if (!row || row.status !== 'active' || row.sessionVersion !== token.sv) return null;
  const current: SessionStaff = { id: row.id, email: row.email, name: row.name, role: row.role };
  if (token.enrol === true && !row.totpEnabledAt) current.mustEnrolTwoFactor = true;
  return current;
}

export type AuthorizedStaff = {
  id: string;
  email: string;
  name: string;
  role: StaffRole;
  sessionVersion: number;
  /** The agency requires two-factor sign-in of them and they have not set it up (the `enrol` claim). */
  mustEnrolTwoFactor?: true;
};

type StaffRow = typeof staff.$inferSelect;
type Headers = Record<string, string | string[] | undefined> | undefined;

const actorOf = (row: StaffRow) => ({ id: row.id, email: row.email, role: row.role });

/** Counts the attempt before anything is checked, or refuses it unheard while a wait runs. */
async function claimOrRefuse(db: BackofficeDatabase, keys: ThrottleKeys, email: string): Promise<HeardClaim> {
  const claim = await claimAttempt(db, keys);
  if (claim.heard) return claim;
  const seconds = Math.ceil(claim.waitMs / 1000);
  await recordAudit(db, {
    actor: { id: null, email, role: null },
    action: 'auth.sign_in',
    targetType: 'session',
    outcome: 'denied',
    summary: `Sign-in refused: ${seconds} s to wait after failed attempts`,
  });
  throw new SignInRefusal(`${SignInError.wait}:${seconds}`);
}

/**
 * The second factor of an enrolled account, in the attempt already claimed: none given asks for
 * it (the attempt stays counted: a right password alone forgives nothing here), a wrong one is a
 * failure like a wrong password.
 */
async function checkSecondFactor(
  db: BackofficeDatabase,
  keys: ThrottleKeys,
  claim: HeardClaim,
  row: StaffRow,
  code: string | undefined,
): Promise<void> {
  const pending = { staffId: row.id, sessionVersion: row.sessionVersion };
  if (!code) {
    await recordFailure(db, keys, claim);
    throw new SignInRefusal(SignInError.twoFactor, pending);
  }
  if (await verifySecondFactor(db, row, code)) return;
  await recordFailure(db, keys, claim);
  await recordAudit(db, {
    actor: actorOf(row),
    action: 'auth.sign_in',
    targetType: 'session',
    outcome: 'failure',
    summary: 'Sign-in failed: wrong two-factor code',
  });
  throw new SignInRefusal(SignInError.wrongCode, pending);
}

async function finishSignIn(
  db: BackofficeDatabase,
  keys: ThrottleKeys,
  claim: HeardClaim,
  row: StaffRow,
): Promise<AuthorizedStaff> {
  await forgiveAttempt(db, keys, claim);
  await db.update(staff).set({ lastSignInAt: new Date() }).where(eq(staff.id, row.id));
  await recordAudit(db, {
    actor: actorOf(row),
    action: 'auth.sign_in',
    targetType: 'session',
    outcome: 'success',
    summary: row.totpEnabledAt ? 'Signed in (with two factors)' : 'Signed in',
  });
  const account: AuthorizedStaff = {
    id: String(row.id),
    email: row.email,
    name: row.name,
    role: row.role,
    sessionVersion: row.sessionVersion,
  };
  if (!row.totpEnabledAt && twoFactorRequiredFor(row.role, (await readSettings(db)).twoFactorRequiredFor)) {
    account.mustEnrolTwoFactor = true;
  }
  return account;
}

const keysOf = (email: string, headers: Headers): ThrottleKeys => ({
  account: email,
  address: clientAddress(headers),
  device: trustedDevice(headers, email),
});

/**
 * E-mail and password (and, for an account with two-factor sign-in, its code) in one attempt:
 * next-auth's credentials endpoint and the sign-in form's first step.
 */
export async function authorizeCredentials(credentials: unknown, headers: Headers): Promise<AuthorizedStaff> {
  const parsed = credentialsSchema.safeParse(credentials);
  if (!parsed.success) throw new SignInRefusal(SignInError.invalid);
  const email = parsed.data.email.toLowerCase();
  const db = await getDb();
  const keys = keysOf(email, headers);

  // Counted before the password is checked (so simultaneous guesses see each other), or, too
  // soon after failures, refused unheard (the password is not checked) with the wait.
  const claim = await claimOrRefuse(db, keys, email);

  const [row] = await db
    .select()
    .from(staff)
    .where(sql`lower(${staff.email}) = ${email}`)
    .limit(1);
  const valid = row?.passwordHash
    ? await verifyPassword(parsed.data.password, row.passwordHash)
    : (await verifyPassword(parsed.data.password, await dummyPasswordHash()), false);

  if (!row || !valid) {
    await recordFailure(db, keys, claim);
    await recordAudit(db, {
      actor: row ? actorOf(row) : { id: null, email, role: null },
      action: 'auth.sign_in',
      targetType: 'session',
      outcome: 'failure',
      summary: 'Sign-in failed: wrong e-mail or password',
    });
    throw new SignInRefusal(SignInError.invalid);
  }
  if (row.status !== 'active') {
    // The password was right: the claim is forgiven.
    await forgiveAttempt(db, keys, claim);
    await recordAudit(db, {
      actor: actorOf(row),
      action: 'auth.sign_in',
      targetType: 'session',
      outcome: 'denied',
      summary: 'Sign-in refused: the account is disabled',
    });
    throw new SignInRefusal(SignInError.disabled);
  }
  if (row.totpEnabledAt) await checkSecondFactor(db, keys, claim, row, parsed.data.code || undefined);
  return finishSignIn(db, keys, claim, row);
}

/**
 * The sign-in form's second step: the code for an account whose password was right moments ago
 * (its pending sign-in, two-factor-pending.ts, names the account and its session version). A new
 * attempt, claimed in the throttle like any other. A right code signs in only by spending the
 * pending sign-in (one conditional DELETE): a copy of its cookie used after it, or beside it with
 * another right code, is refused and counted as a failure: as expired, or, when the other's later
 * code was checked first, as a used code (a code is good once, and no older one after it).
 */
export async function authorizeSecondFactor(
  pending: OpenPendingSignIn,
  code: string,
  headers: Headers,
): Promise<AuthorizedStaff> {
  const db = await getDb();
  const [row] = await db.select().from(staff).where(eq(staff.id, pending.staffId)).limit(1);
  if (
    !row ||
    row.status !== 'active' ||
    row.sessionVersion !== pending.sessionVersion ||
    !row.totpEnabledAt
  ) {
    throw new SignInRefusal(SignInError.expired);
  }
  const email = row.email.toLowerCase();
  const keys = keysOf(email, headers);
  const claim = await claimOrRefuse(db, keys, email);
  await checkSecondFactor(db, keys, claim, row, code.trim().slice(0, 40) || undefined);
  if (!(await spendPendingSignIn(db, pending.token))) {
    await recordFailure(db, keys, claim);
    await recordAudit(db, {
      actor: actorOf(row),
      action: 'auth.sign_in',
      targetType: 'session',
      outcome: 'denied',
      summary: 'Sign-in refused: its password step was already used or has expired',
    });
    throw new SignInRefusal(SignInError.expired);
  }
  return finishSignIn(db, keys, claim, row);
}

/** Ends every session of the account: their JWTs carry the old version. */
export async function endAllSessions(staffId: number): Promise<void> {
  const db = await getDb();
  await db
    .update(staff)
    .set({ sessionVersion: sql`${staff.sessionVersion} + 1` })
    .where(eq(staff.id, staffId));
}

let options: NextAuthOptions | undefined;

/** Built on first use, not at import: `next build` evaluates this module and has no secret. */
export function getAuthOptions(): NextAuthOptions {
  options ??= {
    secret: authSecret(),
    // docs/architecture.md "Embedded default": an https:// APP_URL makes the cookies Secure (and
    // __Secure- prefixed).
    useSecureCookies: servedOverHttps,
    session: { strategy: 'jwt', maxAge: SESSION_MAX_AGE_SECONDS },
    jwt: { maxAge: SESSION_MAX_AGE_SECONDS },
    pages: { signIn: '/login', error: '/login' },
    providers: [
      CredentialsProvider({
        name: 'E-mail and password',
        credentials: {
          email: { label: 'E-mail', type: 'email' },
          password: { label: 'Password', type: 'password' },
        },
        authorize: async (credentials, req) => {
          const account = await authorizeCredentials(credentials, req.headers);
          await rememberDevice(req.headers, account.email);
          return account;
        },
      }),
    ],
    callbacks: {
      // next-auth's own redirects (after its sign-in and sign-out endpoints): this origin only.
      redirect({ url, baseUrl }) {
        return new URL(safeCallbackPath(url, baseUrl) ?? AFTER_SIGN_IN, baseUrl).href;
      },
      jwt({ token, user }) {
        if (user) {
          const u = user as unknown as AuthorizedStaff;
          token.staffId = Number(u.id);
          token.role = u.role;
          token.sv = u.sessionVersion;
          if (u.mustEnrolTwoFactor) token.enrol = true;
        }
        return token;
      },
      // An ended session answers nothing, not even its old name and e-mail: the token still
      // decodes (a JWT cannot be revoked), but its account says it no longer counts.
      async session({ session, token }) {
        const current = await staffOfToken(token);
        if (!current) return {} as Session;
        return { ...session, staff: current };
      },
    },
    events: {
      async signOut({ token }) {
        if (typeof token?.staffId !== 'number') return;
        await endAllSessions(token.staffId);
        const db = await getDb();
        await recordAudit(db, {
          actor: {
            id: token.staffId,
            email: String(token.email ?? ''),
            role: (token.role as StaffRole) ?? null,
          },
          action: 'auth.sign_out',
          targetType: 'session',
          outcome: 'success',
          summary: 'Signed out (every session of the account ended)',
        });
      },
    },
  };
  return options;
}
