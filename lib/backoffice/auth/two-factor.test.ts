// Two-factor sign-in (two-factor.ts) against a real database: RFC 6238 codes (the RFC's own SHA-1
// vectors), one step of drift accepted and no more; enrolment confirmed only by a code of the
// pending secret, stored sealed, with ten recovery codes stored hashed; a code is good once (its
// step cannot be replayed, even twice at once); a recovery code once; turning it off needs a
// code and is refused when the agency requires it; an admin's reset; each audited.
import { eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { auditLog, settings, staff, staffRecoveryCodes } from '@/lib/backoffice/db/schema';
import type { BackofficeDatabase as Database } from '@/lib/backoffice/db';
import { createStaffAccount } from '@/lib/backoffice/staff/create-staff-account';
import { DEFAULT_SETTINGS } from '@/lib/backoffice/settings/settings-schema';
import { createTestDatabase } from '@/tests/helpers/wallet-db';
import {
  confirmEnrolment,
  disableOwnTwoFactor,
  hashRecoveryCode,
  newRecoveryCodes,
  pendingSecret,
  resetTwoFactor,
  startEnrolment,
  totpCodeAt,
  totpStepOf,
  twoFactorRequiredFor,
  verifySecondFactor,
  WrongCodeError,
} from './two-factor';

// RFC 6238 appendix B: the ASCII secret "12345678901234567890", base32.
const RFC_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
const T0 = Date.parse('2026-03-02T09:00:15Z');

let db: Database;
let sam: { id: number; email: string };

vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });

beforeAll(async () => {
  await createTestDatabase();
}, 120_000);

beforeEach(async () => {
  db = (await createTestDatabase()).backoffice;
  const { staffId } = await createStaffAccount({
    db,
    email: 'sam@example.com',
    name: 'Sam',
    role: 'operator',
    password: 'a-long-password-1',
  });
  sam = { id: staffId, email: 'sam@example.com' };
}, 120_000);

const row = async (id = sam.id) => (await db.select().from(staff).where(eq(staff.id, id)))[0]!;
const audits = async () => db.select().from(auditLog).orderBy(auditLog.id);

/** Sam enrolled with a known secret at T0; returns the secret and the recovery codes. */
async function enrolSam(): Promise<{ secret: string; codes: string[] }> {
  await startEnrolment(db, sam.id);
  const secret = (await pendingSecret(db, sam.id))!;
  const codes = await confirmEnrolment(db, sam.id, totpCodeAt(secret, T0), T0);
  return { secret, codes };
}

describe('codes (RFC 6238)', () => {
  it("match the RFC's SHA-1 vectors (the last 6 digits)", () => {
    expect(totpCodeAt(RFC_SECRET, 59_000)).toBe('287082');
    expect(totpCodeAt(RFC_SECRET, 1_111_111_109_000)).toBe('081804');
    expect(totpCodeAt(RFC_SECRET, 1_234_567_890_000)).toBe('005924');
    expect(totpCodeAt(RFC_SECRET, 2_000_000_000_000)).toBe('279037');
  });

  it('accept the step before and after for clock drift, and no further; say which step', () => {
    const step = Math.floor(T0 / 30_000);
    expect(totpStepOf(RFC_SECRET, totpCodeAt(RFC_SECRET, T0), T0)).toBe(step);
    expect(totpStepOf(RFC_SECRET, totpCodeAt(RFC_SECRET, T0 - 30_000), T0)).toBe(step - 1);
    expect(totpStepOf(RFC_SECRET, totpCodeAt(RFC_SECRET, T0 + 30_000), T0)).toBe(step + 1);
    expect(totpStepOf(RFC_SECRET, totpCodeAt(RFC_SECRET, T0 - 60_000), T0)).toBeNull();
    expect(totpStepOf(RFC_SECRET, totpCodeAt(RFC_SECRET, T0 + 60_000), T0)).toBeNull();
  });

  it('take spaces, refuse anything but 6 digits', () => {
    const code = totpCodeAt(RFC_SECRET, T0);
    expect(totpStepOf(RFC_SECRET, `${code.slice(0, 3)} ${code.slice(3)}`, T0)).not.toBeNull();
    for (const bad of ['', '12345', '1234567', 'abcdef', `${code}0`]) {
      expect(totpStepOf(RFC_SECRET, bad, T0), bad).toBeNull();
    }
  });
});

describe('recovery codes', () => {
  it('are ten different codes of 10 characters, hashed without regard to case or hyphens', () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect(hashRecoveryCode('abcde-fghjk')).toBe(hashRecoveryCode(' ABCDE FGHJK '));
    expect(hashRecoveryCode('abcde-fghjk')).not.toBe(hashRecoveryCode('abcde-fghjm'));
  });
});

describe('the requirement', () => {
  it('nobody, admins, or every member of staff', () => {
    expect(['admin', 'operator', 'support'].map((r) => twoFactorRequiredFor(r as never, 'nobody'))).toEqual([
      false,
      false,
      false,
    ]);
    expect(['admin', 'operator', 'support'].map((r) => twoFactorRequiredFor(r as never, 'admins'))).toEqual([
      true,
      false,
      false,
    ]);
    expect(['admin', 'operator', 'support'].map((r) => twoFactorRequiredFor(r as never, 'staff'))).toEqual([
      true,
      true,
      true,
    ]);
  });
});

describe('enrolment', () => {
  it('is confirmed by a code of the pending secret; the secret is stored sealed, the recovery codes hashed', async () => {
    await startEnrolment(db, sam.id);
    const pending = await row();
    expect(pending.totpPendingSecret).toMatch(/^sb1\./);
    expect(pending.totpEnabledAt).toBeNull();
    const secret = (await pendingSecret(db, sam.id))!;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(pending.totpPendingSecret).not.toContain(secret);

    await expect(confirmEnrolment(db, sam.id, '000000', T0)).rejects.toBeInstanceOf(WrongCodeError);
    expect((await row()).totpEnabledAt).toBeNull();

    const codes = await confirmEnrolment(db, sam.id, totpCodeAt(secret, T0), T0);
    expect(codes).toHaveLength(10);
    const on = await row();
    expect(on.totpEnabledAt).toEqual(new Date(T0));
    expect(on.totpSecret).toBe(pending.totpPendingSecret);
    expect(on.totpPendingSecret).toBeNull();
    const stored = await db.select().from(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffId, sam.id));
    expect(stored.map((r) => r.codeHash).sort()).toEqual(codes.map(hashRecoveryCode).sort());
    expect(JSON.stringify(stored)).not.toContain(codes[0]!);
    expect((await audits()).map((a) => a.action)).toEqual([
      'staff.create',
      'staff.enrol_two_factor',
      'staff.enable_two_factor',
    ]);
  });
});

describe('verifySecondFactor', () => {
  it('takes a current code once: the same code again, or an older one, is refused', async () => {
    const { secret } = await enrolSam();
    const later = T0 + 60_000;
    expect(await verifySecondFactor(db, await row(), totpCodeAt(secret, later), later)).toBe('totp');
    expect(await verifySecondFactor(db, await row(), totpCodeAt(secret, later), later)).toBeNull();
    expect(await verifySecondFactor(db, await row(), totpCodeAt(secret, later - 30_000), later)).toBeNull();
    // The code used to enrol is spent too.
    expect(await verifySecondFactor(db, await row(), totpCodeAt(secret, T0), T0)).toBeNull();
  });

  it('one code sent twice at once is accepted once', async () => {
    const { secret } = await enrolSam();
    const later = T0 + 90_000;
    const current = await row();
    const results = await Promise.all([
      verifySecondFactor(db, current, totpCodeAt(secret, later), later),
      verifySecondFactor(db, current, totpCodeAt(secret, later), later),
    ]);
    expect(results.sort()).toEqual([null, 'totp'].sort());
  });

  it('takes each recovery code once, and audits its use', async () => {
    const { codes } = await enrolSam();
    expect(await verifySecondFactor(db, await row(), codes[3]!.toUpperCase(), T0 + 5_000)).toBe('recovery');
    expect(await verifySecondFactor(db, await row(), codes[3]!, T0 + 6_000)).toBeNull();
    expect(await verifySecondFactor(db, await row(), 'aaaaa-bbbbb', T0 + 6_000)).toBeNull();
    const [last] = (await audits()).slice(-1);
    expect(last).toMatchObject({
      action: 'staff.recovery_code_use',
      actorId: sam.id,
      summary: 'sam@example.com used a recovery code (9 left)',
    });
  });

  it('refuses everything for an account without two-factor sign-in', async () => {
    expect(await verifySecondFactor(db, await row(), totpCodeAt(RFC_SECRET, T0), T0)).toBeNull();
  });
});

describe('turning it off, and an admin reset', () => {
  it('turning it off needs a right code, and clears the secret and codes', async () => {
    const { secret } = await enrolSam();
    await expect(disableOwnTwoFactor(db, sam.id, '000000')).rejects.toBeInstanceOf(WrongCodeError);
    expect((await row()).totpEnabledAt).not.toBeNull();
    await disableOwnTwoFactor(db, sam.id, totpCodeAt(secret, Date.now()));
    const off = await row();
    expect([off.totpSecret, off.totpEnabledAt, off.totpLastStep]).toEqual([null, null, null]);
    expect(await db.select().from(staffRecoveryCodes)).toEqual([]);
    expect((await audits()).at(-1)).toMatchObject({ action: 'staff.disable_two_factor', actorId: sam.id });
  });

  it('cannot be turned off while the agency requires it', async () => {
    const { secret } = await enrolSam();
    await db
      .insert(settings)
      .values({ id: 1, ...DEFAULT_SETTINGS, twoFactorRequiredFor: 'staff', updatedBy: 't' });
    await expect(disableOwnTwoFactor(db, sam.id, totpCodeAt(secret, Date.now()))).rejects.toThrow(
      /requires two-factor/,
    );
    expect((await row()).totpEnabledAt).not.toBeNull();
  });

  it("an admin resets someone else's, audited; not their own, and only an admin", async () => {
    await enrolSam();
    const { staffId: adminId } = await createStaffAccount({
      db,
      email: 'root@example.com',
      name: 'Root',
      role: 'admin',
      password: 'a-long-password-1',
    });
    const admin = { id: adminId, email: 'root@example.com', name: 'Root', role: 'admin' as const };
    await expect(resetTwoFactor(db, { ...sam, name: 'Sam', role: 'operator' }, adminId)).rejects.toThrow(
      /does not allow/,
    );
    await expect(resetTwoFactor(db, admin, adminId)).rejects.toThrow(/your account page/);
    expect(await resetTwoFactor(db, admin, sam.id)).toBe('sam@example.com');
    expect((await row()).totpEnabledAt).toBeNull();
    expect((await audits()).at(-1)).toMatchObject({
      action: 'staff.reset_two_factor',
      actorId: adminId,
      targetId: 'sam@example.com',
      outcome: 'success',
    });
  });
});
