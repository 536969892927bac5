// Two-factor sign-in for staff: a TOTP authenticator app (RFC 6238 through `otpauth`: SHA-1,
// 6 digits, 30 s steps, one step of clock drift either way) plus 10 single-use recovery codes.
// Owns enrolment (a pending secret confirmed by a code, then the recovery codes, shown once),
// turning it off, an admin's reset, and checking a second factor at sign-in. The secret is sealed
// at rest with the master key (secret-box.ts), recovery codes are stored as SHA-256 hashes. A code
// is good once: accepting it moves the account's last step forward in one conditional UPDATE, so
// the same code (or an older one) is refused even when sent twice at once; a recovery code is
// spent by one conditional UPDATE alike. Wrong codes count in the sign-in throttle like wrong
// passwords (the callers claim the attempt first: auth-options.ts, account actions).
import 'server-only';
import { createHash, randomInt } from 'node:crypto';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import type { BackofficeDatabase as Database, BackofficeExecutor as Executor } from '@/lib/backoffice/db';
import { staff, staffRecoveryCodes, type StaffRole } from '@/lib/backoffice/db/schema';
import { recordAudit, type AuditActor } from '@/lib/backoffice/audit/record-audit';
import { StaffFacingError } from '@/lib/backoffice/shared/errors';
import { assertCan } from '@/lib/backoffice/staff/staff-access';
import { readSettings } from '@/lib/backoffice/settings/read-settings';
import type { CurrentStaff } from './current-staff';
import { env, walletMasterKey } from '@/lib/env';
import { createSecretBox, type SecretBox } from '@/lib/secrets/secret-box';

export const TOTP_PERIOD_SECONDS = 30;

let box: SecretBox | undefined;

/** The master key's box (and the previous key's, during a rotation), as the wallet's secrets use. */
function secretBox(): SecretBox {
  box ??= createSecretBox(
    walletMasterKey(),
    env.WALLET_MASTER_KEY_PREVIOUS ? [env.WALLET_MASTER_KEY_PREVIOUS] : [],
  );
  return box;
}
export const RECOVERY_CODE_COUNT = 10;
const ISSUER = 'Card Wallet back-office';

export type TwoFactorRequirement = 'nobody' | 'admins' | 'staff';

/** Whether the agency's setting makes two factors compulsory for this role. */
export function twoFactorRequiredFor(role: StaffRole, requirement: TwoFactorRequirement): boolean {
  return requirement === 'staff' || (requirement === 'admins' && role === 'admin');
}

function totpOf(secretBase32: string, email: string): TOTP {
  return new TOTP({
    issuer: ISSUER,
    label: email,
    algorithm: 'SHA1',
    digits: 6,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(secretBase32),
  });
}

/** A new secret: 160 random bits, base32 (what authenticator apps take typed in). */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The otpauth:// URI an authenticator app reads from the QR code. */
export function totpUri(secretBase32: string, email: string): string {
  return totpOf(secretBase32, email).toString();
}

/** The QR code of the URI as an SVG data URL: shown by an <img>, no script needed. */
export async function qrCodeDataUrl(text: string): Promise<string> {
  const svg = await QRCode.toString(text, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

/** The time step of a right code (this one or a neighbour, for clock drift); null when wrong. */
export function totpStepOf(secretBase32: string, code: string, now = Date.now()): number | null {
  const token = code.replace(/\s+/g, '');
  if (!/^\d{6}$/.test(token)) return null;
  const delta = totpOf(secretBase32, 'check').validate({ token, timestamp: now, window: 1 });
  if (delta === null) return null;
  return Math.floor(now / 1000 / TOTP_PERIOD_SECONDS) + delta;
}

/** The code of the step `now` falls in (tests, and nothing else, compute codes). */
export function totpCodeAt(secretBase32: string, now: number): string {
  return totpOf(secretBase32, 'code').generate({ timestamp: now });
}

/** Ten codes like `k7m2p-x9q4r` (about 50 random bits each, no look-alike characters). */
export function newRecoveryCodes(): string[] {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: 10 }, () => alphabet[randomInt(alphabet.length)]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** What is stored of a recovery code: case, spaces and hyphens do not matter. */
export function hashRecoveryCode(code: string): string {
  const normal = code.toLowerCase().replace(/[\s-]+/g, '');
  return createHash('sha256').update(`card-wallet recovery code\n${normal}`).digest('hex');
}

const looksLikeRecoveryCode = (code: string) => /^[a-z0-9]{5}-?[a-z0-9]{5}$/i.test(code.trim());

type StaffRow = typeof staff.$inferSelect;
const actorOf = (row: Pick<StaffRow, 'id' | 'email' | 'role'>): AuditActor => ({
  id: row.id,
  email: row.email,
  role: row.role,
});

/**
 * Checks a second factor of an enrolled account: a current TOTP code not used before, or an
 * unused recovery code (then spent, and audited). Returns which one it was, or null when
 * neither (the caller counts the failure in the throttle).
 */
export async function verifySecondFactor(
  db: Database,
  row: StaffRow,
  code: string,
  now = Date.now(),
): Promise<'totp' | 'recovery' | null> {
  if (!row.totpSecret || !row.totpEnabledAt) return null;
  const step = totpStepOf(secretBox().open(row.totpSecret), code, now);
  if (step !== null) {
    // Moves the last step forward only: a replayed code (same or older step) matches nothing.
    const [accepted] = await db
      .update(staff)
      .set({ totpLastStep: step })
      .where(and(eq(staff.id, row.id), or(isNull(staff.totpLastStep), lt(staff.totpLastStep, step))))
      .returning({ id: staff.id });
    return accepted ? 'totp' : null;
  }
  if (!looksLikeRecoveryCode(code)) return null;
  return db.transaction(async (tx) => {
    const [spent] = await tx
      .update(staffRecoveryCodes)
      .set({ usedAt: new Date(now) })
      .where(
        and(
          eq(staffRecoveryCodes.staffId, row.id),
          eq(staffRecoveryCodes.codeHash, hashRecoveryCode(code)),
          isNull(staffRecoveryCodes.usedAt),
        ),
      )
      .returning({ id: staffRecoveryCodes.id });
    if (!spent) return null;
    const left = await unusedRecoveryCodes(tx, row.id);
    await recordAudit(tx, {
      actor: actorOf(row),
      action: 'staff.recovery_code_use',
      targetType: 'staff',
      targetId: row.email,
      outcome: 'success',
      summary: `${row.email} used a recovery code (${left} left)`,
    });
    return 'recovery' as const;
  });
}

export async function unusedRecoveryCodes(db: Executor, staffId: number): Promise<number> {
  const rows = await db
    .select({ id: staffRecoveryCodes.id })
    .from(staffRecoveryCodes)
    .where(and(eq(staffRecoveryCodes.staffId, staffId), isNull(staffRecoveryCodes.usedAt)));
  return rows.length;
}

async function staffRow(db: Executor, id: number): Promise<StaffRow> {
  const [row] = await db.select().from(staff).where(eq(staff.id, id)).limit(1);
  if (!row) throw new StaffFacingError('That member of staff does not exist.');
  return row;
}

/** Starts (or restarts) enrolment: a new pending secret, returned for the QR code. */
export async function startEnrolment(db: Database, staffId: number): Promise<string> {
  const row = await staffRow(db, staffId);
  if (row.totpEnabledAt) throw new StaffFacingError('Two-factor sign-in is already on for your account.');
  const secret = newTotpSecret();
  await db.transaction(async (tx) => {
    await tx
      .update(staff)
      .set({ totpPendingSecret: secretBox().seal(secret), updatedAt: new Date() })
      .where(eq(staff.id, staffId));
    await recordAudit(tx, {
      actor: actorOf(row),
      action: 'staff.enrol_two_factor',
      targetType: 'staff',
      targetId: row.email,
      outcome: 'success',
      summary: `${row.email} started setting up two-factor sign-in (a new key was issued)`,
    });
  });
  return secret;
}

/** The pending secret being enrolled, opened; null when none. */
export async function pendingSecret(db: Executor, staffId: number): Promise<string | null> {
  const row = await staffRow(db, staffId);
  return row.totpPendingSecret && !row.totpEnabledAt ? secretBox().open(row.totpPendingSecret) : null;
}

/** A code that does not match: said beside the code field. */
export class WrongCodeError extends StaffFacingError {
  readonly field = 'code' as const;
  constructor() {
    super('This code is not right. Enter the 6 digits your app shows now.');
    this.name = 'WrongCodeError';
  }
}

/**
 * Confirms enrolment with a code of the pending secret: two-factor sign-in is on, and the ten
 * recovery codes are returned, to be shown once (only their hashes are kept).
 */
export async function confirmEnrolment(
  db: Database,
  staffId: number,
  code: string,
  now = Date.now(),
): Promise<string[]> {
  const secret = await pendingSecret(db, staffId);
  if (!secret) throw new StaffFacingError('Start setting up two-factor sign-in first.');
  const step = totpStepOf(secret, code, now);
  if (step === null) throw new WrongCodeError();
  const codes = newRecoveryCodes();
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(staff)
      .set({
        totpSecret: staff.totpPendingSecret,
        totpPendingSecret: null,
        totpEnabledAt: new Date(now),
        totpLastStep: step,
        updatedAt: new Date(now),
      })
      .where(and(eq(staff.id, staffId), isNull(staff.totpEnabledAt)))
      .returning();
    if (!row) throw new StaffFacingError('Two-factor sign-in is already on for your account.');
    await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffId, staffId));
    await tx
      .insert(staffRecoveryCodes)
      .values(codes.map((c) => ({ staffId, codeHash: hashRecoveryCode(c) })));
    await recordAudit(tx, {
      actor: actorOf(row),
      action: 'staff.enable_two_factor',
      targetType: 'staff',
      targetId: row.email,
      outcome: 'success',
      summary: `${row.email} turned on two-factor sign-in (${RECOVERY_CODE_COUNT} recovery codes issued)`,
    });
  });
  return codes;
}

async function clearTwoFactor(tx: Executor, staffId: number): Promise<void> {
  await tx
    .update(staff)
    .set({
      totpSecret: null,
      totpPendingSecret: null,
      totpEnabledAt: null,
      totpLastStep: null,
      updatedAt: new Date(),
    })
    .where(eq(staff.id, staffId));
  await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffId, staffId));
}

/** One's own two-factor sign-in turned off, proved by a current code or a recovery code. */
export async function disableOwnTwoFactor(db: Database, staffId: number, code: string): Promise<void> {
  const row = await staffRow(db, staffId);
  if (!row.totpEnabledAt) throw new StaffFacingError('Two-factor sign-in is not on for your account.');
  if (twoFactorRequiredFor(row.role, (await readSettings(db)).twoFactorRequiredFor)) {
    throw new StaffFacingError('Your agency requires two-factor sign-in of you: it cannot be turned off.');
  }
  if (!(await verifySecondFactor(db, row, code))) throw new WrongCodeError();
  await db.transaction(async (tx) => {
    await clearTwoFactor(tx, staffId);
    await recordAudit(tx, {
      actor: actorOf(row),
      action: 'staff.disable_two_factor',
      targetType: 'staff',
      targetId: row.email,
      outcome: 'success',
      summary: `${row.email} turned off two-factor sign-in`,
    });
  });
}

/**
 * An admin resets another member of staff's two-factor sign-in (a lost phone): it is off until
 * they enrol again (at their next sign-in, when the agency requires it).
 */
export async function resetTwoFactor(db: Database, admin: CurrentStaff, staffId: number): Promise<string> {
  assertCan(admin, 'staff.manage');
  return db.transaction(async (tx) => {
    const row = await staffRow(tx, staffId);
    if (row.id === admin.id)
      throw new StaffFacingError('Turn off your own two-factor sign-in on your account page.');
    await clearTwoFactor(tx, staffId);
    await recordAudit(tx, {
      actor: { id: admin.id, email: admin.email, role: admin.role },
      action: 'staff.reset_two_factor',
      targetType: 'staff',
      targetId: row.email,
      outcome: 'success',
      summary: `Reset the two-factor sign-in of ${row.email}`,
    });
    return row.email;
  });
}

export type TwoFactorStatus =
  | { state: 'off' }
  | { state: 'pending'; qrCode: string; secret: string }
  | { state: 'on'; since: string; recoveryCodesLeft: number };

/** What /account shows of one's two-factor sign-in (the pending secret and its QR code included). */
export async function twoFactorStatus(
  db: Database,
  staffId: number,
  email: string,
): Promise<TwoFactorStatus> {
  const row = await staffRow(db, staffId);
  if (row.totpEnabledAt) {
    return {
      state: 'on',
      since: row.totpEnabledAt.toISOString(),
      recoveryCodesLeft: await unusedRecoveryCodes(db, staffId),
    };
  }
  const secret = await pendingSecret(db, staffId);
  if (!secret) return { state: 'off' };
  return { state: 'pending', secret, qrCode: await qrCodeDataUrl(totpUri(secret, email)) };
}
