// The staff domain against a real database: inviting (an `invited` account and a one-time link),
// accepting (a password, the link spent; an expired or wrong link refused), changing a role and
// disabling (the account's sessions end: session_version goes up), re-enabling, a fresh link.
// The rules: nobody changes or disables their own account, the agency never loses its last
// active admin, only admins manage staff. Every change writes exactly one audit row in the same
// transaction as the change: a refused change writes none, and a change whose audit row cannot
// be written does not happen.
import { asc, eq, sql } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CurrentStaff } from '@/lib/backoffice/auth/current-staff';
import { verifyPassword } from '@/lib/backoffice/auth/password';
import { auditLog, staff, type StaffRole } from '@/lib/backoffice/db/schema';
import type { BackofficeDatabase as Database } from '@/lib/backoffice/db';
import { createTestDatabase, resetTestDatabase } from '@/tests/helpers/wallet-db';
import { PermissionDeniedError, StaffFacingError } from '../shared/errors';
import { acceptInvite, findOpenInvite, INVITE_INVALID } from './accept-invite';
import { changeStaffRole } from './change-staff-role';
import { createStaffAccount } from './create-staff-account';
import { ensureFirstAdmin } from './ensure-first-admin';
import { hashInviteToken, INVITE_VALIDITY_MS, inviteStaff } from './invite-staff';
import { listStaff } from './list-staff';
import { reissueInvite } from './reissue-invite';
import { setStaffStatus } from './set-staff-status';

// Each test clones a database and hashes passwords (scrypt): seconds, not milliseconds.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });

const PASSWORD = 'staff-password-123';
let db: Database;
let admin: CurrentStaff;

async function seed(role: StaffRole, email: string): Promise<CurrentStaff> {
  const { staffId } = await createStaffAccount({
    db,
    email,
    name: email.split('@')[0]!,
    role,
    password: PASSWORD,
  });
  return { id: staffId, email, name: email.split('@')[0]!, role };
}

async function row(id: number) {
  const [r] = await db.select().from(staff).where(eq(staff.id, id));
  if (!r) throw new Error(`no staff row ${id}`);
  return r;
}

async function allStaff() {
  return db.select().from(staff).orderBy(asc(staff.id));
}

async function audit() {
  return db.select().from(auditLog).orderBy(asc(auditLog.id));
}

/** Runs `change` and returns the audit rows it added. */
async function auditedBy(change: () => Promise<unknown>) {
  const before = (await audit()).length;
  await change();
  return (await audit()).slice(before);
}

/** Expects `change` to be refused with a StaffFacingError and to change no staff or audit row. */
async function expectRefusedUnchanged(change: () => Promise<unknown>, message: RegExp | string) {
  const [staffBefore, auditBefore] = [await allStaff(), await audit()];
  await expect(change()).rejects.toThrow(message);
  await change().catch((error: unknown) => expect(error).toBeInstanceOf(StaffFacingError));
  expect(await allStaff()).toEqual(staffBefore);
  expect(await audit()).toEqual(auditBefore);
}

function tokenOf(invitePath: string): string {
  const match = /^\/invite\/([A-Za-z0-9_-]{43})$/.exec(invitePath);
  if (!match?.[1]) throw new Error(`unexpected invite path ${invitePath}`);
  return match[1];
}

async function invite(email: string, role: StaffRole = 'support') {
  const result = await inviteStaff({ db, actor: admin, input: { email, name: 'Invited Person', role } });
  return { ...result, token: tokenOf(result.invitePath) };
}

// The first reset migrates the file's database: slow once.
beforeAll(async () => {
  await resetTestDatabase();
}, 120_000);

beforeEach(async () => {
  db = (await resetTestDatabase()).backoffice;
  admin = await seed('admin', 'root@example.com');
}, 120_000);

describe('inviting', () => {
  it('creates an invited account with a one-time link valid for 72 hours, and audits it once', async () => {
    const before = Date.now();
    let result: Awaited<ReturnType<typeof invite>> | undefined;
    const added = await auditedBy(async () => (result = await invite('ivy@example.com', 'operator')));
    const r = await row(result!.staffId);
    expect(r).toMatchObject({
      email: 'ivy@example.com',
      name: 'Invited Person',
      role: 'operator',
      status: 'invited',
      passwordHash: null,
      createdBy: admin.id,
      sessionVersion: 1,
    });
    // Only the token's hash is stored.
    expect(r.inviteTokenHash).toBe(hashInviteToken(result!.token));
    expect(r.inviteTokenHash).not.toContain(result!.token);
    expect(INVITE_VALIDITY_MS).toBe(72 * 60 * 60_000);
    expect(r.inviteExpiresAt!.getTime()).toBeGreaterThanOrEqual(before + INVITE_VALIDITY_MS);
    expect(r.inviteExpiresAt!.getTime()).toBeLessThanOrEqual(Date.now() + INVITE_VALIDITY_MS);
    expect(result!.expiresAt).toBe(r.inviteExpiresAt!.toISOString());
    expect(added).toHaveLength(1);
    expect(added[0]).toMatchObject({
      actorId: admin.id,
      actorEmail: admin.email,
      actorRole: 'admin',
      action: 'staff.invite',
      targetType: 'staff',
      targetId: 'ivy@example.com',
      outcome: 'success',
    });
    expect(added[0]!.summary).not.toContain(result!.token);
  });

  it('makes a different link each time', async () => {
    const a = await invite('a@example.com');
    const b = await invite('b@example.com');
    expect(a.token).not.toBe(b.token);
  });

  it('refuses an e-mail that already has an account, whatever its case', async () => {
    await invite('dup@example.com');
    await expectRefusedUnchanged(
      () =>
        inviteStaff({ db, actor: admin, input: { email: 'root@example.com', name: 'X', role: 'support' } }),
      /already exists/,
    );
    await expectRefusedUnchanged(
      () => inviteStaff({ db, actor: admin, input: { email: 'dup@example.com', name: 'X', role: 'admin' } }),
      /already exists/,
    );
    // An account created with upper-case letters clashes with its lower-case form too.
    await db.update(staff).set({ email: 'Dup2@Example.com' }).where(eq(staff.email, 'dup@example.com'));
    await expectRefusedUnchanged(
      () => inviteStaff({ db, actor: admin, input: { email: 'dup2@example.com', name: 'X', role: 'admin' } }),
      /already exists/,
    );
  });

  it('only an admin may invite', async () => {
    for (const role of ['operator', 'support'] as const) {
      const actor = await seed(role, `${role}@example.com`);
      await expectRefusedUnchanged(
        () =>
          inviteStaff({ db, actor, input: { email: `x-${role}@example.com`, name: 'X', role: 'support' } }),
        /does not allow/,
      );
      await expect(
        inviteStaff({ db, actor, input: { email: `y-${role}@example.com`, name: 'X', role: 'support' } }),
      ).rejects.toBeInstanceOf(PermissionDeniedError);
    }
  });
});

describe('accepting an invitation', () => {
  it('sets the password, activates the account, spends the link and audits it once', async () => {
    const { staffId, token } = await invite('ivy@example.com', 'support');
    expect(await findOpenInvite(db, token)).toMatchObject({
      id: staffId,
      email: 'ivy@example.com',
      role: 'support',
    });
    const added = await auditedBy(() =>
      acceptInvite({ db, input: { token, password: 'ivys-new-password' } }),
    );
    const r = await row(staffId);
    expect(r.status).toBe('active');
    expect(r.inviteTokenHash).toBeNull();
    expect(r.inviteExpiresAt).toBeNull();
    expect(await verifyPassword('ivys-new-password', r.passwordHash!)).toBe(true);
    expect(added).toHaveLength(1);
    expect(added[0]).toMatchObject({
      actorId: staffId,
      actorEmail: 'ivy@example.com',
      action: 'staff.accept_invite',
      outcome: 'success',
    });
    // Spent: the same link works no more.
    expect(await findOpenInvite(db, token)).toBeNull();
    await expectRefusedUnchanged(
      () => acceptInvite({ db, input: { token, password: 'another-password-1' } }),
      INVITE_INVALID,
    );
    expect(await verifyPassword('ivys-new-password', (await row(staffId)).passwordHash!)).toBe(true);
  });

  it('refuses an expired link', async () => {
    const { staffId, token } = await invite('late@example.com');
    await db
      .update(staff)
      .set({ inviteExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(staff.id, staffId));
    expect(await findOpenInvite(db, token)).toBeNull();
    await expectRefusedUnchanged(
      () => acceptInvite({ db, input: { token, password: 'late-password-12' } }),
      INVITE_INVALID,
    );
    expect((await row(staffId)).status).toBe('invited');
  });

  it('refuses an unknown link', async () => {
    await invite('someone@example.com');
    const unknown = 'A'.repeat(43);
    expect(await findOpenInvite(db, unknown)).toBeNull();
    await expectRefusedUnchanged(
      () => acceptInvite({ db, input: { token: unknown, password: 'guess-password-1' } }),
      INVITE_INVALID,
    );
  });

  it('refuses the link of a disabled invitation', async () => {
    const { staffId, token } = await invite('off@example.com');
    await setStaffStatus({ db, actor: admin, input: { staffId, status: 'disabled' } });
    expect(await findOpenInvite(db, token)).toBeNull();
    await expectRefusedUnchanged(
      () => acceptInvite({ db, input: { token, password: 'off-password-123' } }),
      INVITE_INVALID,
    );
  });
});

describe('changing a role', () => {
  it('changes it, ends their sessions (session_version + 1) and audits it once', async () => {
    const target = await seed('support', 'sam@example.com');
    const before = await row(target.id);
    const added = await auditedBy(() =>
      changeStaffRole({ db, actor: admin, input: { staffId: target.id, role: 'operator' } }),
    );
    const after = await row(target.id);
    expect(after.role).toBe('operator');
    expect(after.sessionVersion).toBe(before.sessionVersion + 1);
    expect(added).toHaveLength(1);
    expect(added[0]).toMatchObject({
      actorId: admin.id,
      action: 'staff.change_role',
      targetId: 'sam@example.com',
      outcome: 'success',
    });
    expect(added[0]!.summary).toContain('support');
    expect(added[0]!.summary).toContain('operator');
  });

  it('to the same role is no change: nothing written, sessions kept', async () => {
    const target = await seed('operator', 'olga@example.com');
    const [staffBefore, auditBefore] = [await allStaff(), await audit()];
    await expect(
      changeStaffRole({ db, actor: admin, input: { staffId: target.id, role: 'operator' } }),
    ).resolves.toEqual({ staffId: target.id, role: 'operator' });
    expect(await allStaff()).toEqual(staffBefore);
    expect(await audit()).toEqual(auditBefore);
  });

  it('nobody changes their own role', async () => {
    await seed('admin', 'second-admin@example.com');
    await expectRefusedUnchanged(
      () => changeStaffRole({ db, actor: admin, input: { staffId: admin.id, role: 'support' } }),
      'You cannot change your own role.',
    );
  });

  it('an unknown member of staff is refused', async () => {
    await expectRefusedUnchanged(
      () => changeStaffRole({ db, actor: admin, input: { staffId: 999_999, role: 'support' } }),
      /does not exist/,
    );
  });

  it('only an admin may change roles', async () => {
    const target = await seed('support', 'sam@example.com');
    const operator = await seed('operator', 'olga@example.com');
    await expectRefusedUnchanged(
      () => changeStaffRole({ db, actor: operator, input: { staffId: target.id, role: 'admin' } }),
      /does not allow/,
    );
  });

  it('another admin may be demoted while an active admin remains', async () => {
    const other = await seed('admin', 'other-admin@example.com');
    await changeStaffRole({ db, actor: admin, input: { staffId: other.id, role: 'support' } });
    expect((await row(other.id)).role).toBe('support');
  });

  it('the last active admin cannot be demoted (two admins demoting each other: the second is refused)', async () => {
    const other = await seed('admin', 'other-admin@example.com');
    // `other` demotes `admin`; `admin`, whose session still says admin, then tries the same.
    await changeStaffRole({ db, actor: other, input: { staffId: admin.id, role: 'operator' } });
    await expectRefusedUnchanged(
      () => changeStaffRole({ db, actor: admin, input: { staffId: other.id, role: 'operator' } }),
      /only active admin/,
    );
    expect((await row(other.id)).role).toBe('admin');
  });

  it('a disabled admin does not count as the remaining admin', async () => {
    const other = await seed('admin', 'other-admin@example.com');
    const third = await seed('admin', 'third-admin@example.com');
    await setStaffStatus({ db, actor: other, input: { staffId: third.id, status: 'disabled' } });
    await changeStaffRole({ db, actor: other, input: { staffId: admin.id, role: 'support' } });
    // `other` is now the only active admin; the stale admin session may not demote them.
    await expectRefusedUnchanged(
      () => changeStaffRole({ db, actor: admin, input: { staffId: other.id, role: 'support' } }),
      /only active admin/,
    );
    // Demoting a disabled admin leaves the active admins as they are, so it is allowed.
    await changeStaffRole({ db, actor: other, input: { staffId: third.id, role: 'support' } });
    expect((await row(third.id)).role).toBe('support');
  });
});

describe('disabling and enabling', () => {
  it('disabling ends their sessions and audits it once', async () => {
    const target = await seed('operator', 'olga@example.com');
    const before = await row(target.id);
    const added = await auditedBy(() =>
      setStaffStatus({ db, actor: admin, input: { staffId: target.id, status: 'disabled' } }),
    );
    const after = await row(target.id);
    expect(after.status).toBe('disabled');
    expect(after.sessionVersion).toBe(before.sessionVersion + 1);
    expect(after.role).toBe('operator');
    expect(added).toHaveLength(1);
    expect(added[0]).toMatchObject({
      action: 'staff.disable',
      targetId: 'olga@example.com',
      outcome: 'success',
    });
  });

  it('disabling a disabled account changes and writes nothing', async () => {
    const target = await seed('operator', 'olga@example.com');
    await setStaffStatus({ db, actor: admin, input: { staffId: target.id, status: 'disabled' } });
    const [staffBefore, auditBefore] = [await allStaff(), await audit()];
    await setStaffStatus({ db, actor: admin, input: { staffId: target.id, status: 'disabled' } });
    expect(await allStaff()).toEqual(staffBefore);
    expect(await audit()).toEqual(auditBefore);
  });

  it('enabling returns an account to active, and audits it once', async () => {
    const target = await seed('support', 'sam@example.com');
    await setStaffStatus({ db, actor: admin, input: { staffId: target.id, status: 'disabled' } });
    const disabled = await row(target.id);
    const added = await auditedBy(() =>
      setStaffStatus({ db, actor: admin, input: { staffId: target.id, status: 'active' } }),
    );
    const after = await row(target.id);
    expect(after.status).toBe('active');
    // The sessions ended by disabling stay ended: re-enabling does not revive an old token.
    expect(after.sessionVersion).toBe(disabled.sessionVersion);
    expect(added).toHaveLength(1);
    expect(added[0]).toMatchObject({ action: 'staff.enable', outcome: 'success' });
  });

  it('enabling an invitation that was never accepted returns it to invited', async () => {
    const { staffId, token } = await invite('ivy@example.com');
    await setStaffStatus({ db, actor: admin, input: { staffId, status: 'disabled' } });
    await setStaffStatus({ db, actor: admin, input: { staffId, status: 'active' } });
    expect((await row(staffId)).status).toBe('invited');
    // Its link works again (it had not expired).
    expect(await findOpenInvite(db, token)).toMatchObject({ id: staffId });
  });

  it('enabling an account that is not disabled changes and writes nothing', async () => {
    const target = await seed('support', 'sam@example.com');
    const [staffBefore, auditBefore] = [await allStaff(), await audit()];
    await expect(
      setStaffStatus({ db, actor: admin, input: { staffId: target.id, status: 'active' } }),
    ).resolves.toMatchObject({ status: 'active' });
    expect(await allStaff()).toEqual(staffBefore);
    expect(await audit()).toEqual(auditBefore);
  });

  it('nobody disables or enables their own account', async () => {
    await seed('admin', 'second-admin@example.com');
    await expectRefusedUnchanged(
      () => setStaffStatus({ db, actor: admin, input: { staffId: admin.id, status: 'disabled' } }),
      /your own account/,
    );
  });

  it('the last active admin cannot be disabled', async () => {
    const other = await seed('admin', 'other-admin@example.com');
    await setStaffStatus({ db, actor: other, input: { staffId: admin.id, status: 'disabled' } });
    await expectRefusedUnchanged(
      () => setStaffStatus({ db, actor: admin, input: { staffId: other.id, status: 'disabled' } }),
      /only active admin/,
    );
    expect((await row(other.id)).status).toBe('active');
  });

  it('only an admin may disable', async () => {
    const target = await seed('operator', 'olga@example.com');
    const support = await seed('support', 'sam@example.com');
    await expectRefusedUnchanged(
      () => setStaffStatus({ db, actor: support, input: { staffId: target.id, status: 'disabled' } }),
      /does not allow/,
    );
  });
});

describe('a fresh invitation link', () => {
  it('replaces the old link, and audits it once', async () => {
    const first = await invite('ivy@example.com');
    let second: { invitePath: string; expiresAt: string } | undefined;
    const added = await auditedBy(
      async () => (second = await reissueInvite({ db, actor: admin, input: { staffId: first.staffId } })),
    );
    const token = tokenOf(second!.invitePath);
    expect(token).not.toBe(first.token);
    expect(await findOpenInvite(db, first.token)).toBeNull();
    expect(await findOpenInvite(db, token)).toMatchObject({ id: first.staffId });
    expect(added).toHaveLength(1);
    expect(added[0]).toMatchObject({ action: 'staff.reissue_invite', targetId: 'ivy@example.com' });
    await expect(
      acceptInvite({ db, input: { token: first.token, password: 'old-link-pass-1' } }),
    ).rejects.toThrow(INVITE_INVALID);
    await acceptInvite({ db, input: { token, password: 'new-link-pass-1' } });
    expect((await row(first.staffId)).status).toBe('active');
  });

  it('renews an expired link', async () => {
    const first = await invite('late@example.com');
    await db
      .update(staff)
      .set({ inviteExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(staff.id, first.staffId));
    const second = await reissueInvite({ db, actor: admin, input: { staffId: first.staffId } });
    await acceptInvite({ db, input: { token: tokenOf(second.invitePath), password: 'late-password-1' } });
    expect((await row(first.staffId)).status).toBe('active');
  });

  it('is refused for an account that has accepted', async () => {
    const target = await seed('support', 'sam@example.com');
    await expectRefusedUnchanged(
      () => reissueInvite({ db, actor: admin, input: { staffId: target.id } }),
      /already accepted/,
    );
  });

  it('only an admin may issue one', async () => {
    const first = await invite('ivy@example.com');
    const operator = await seed('operator', 'olga@example.com');
    await expectRefusedUnchanged(
      () => reissueInvite({ db, actor: operator, input: { staffId: first.staffId } }),
      /does not allow/,
    );
  });
});

describe('the audit row is written in the same transaction as the change', () => {
  /** Makes every insert into the audit log fail, as a full disk or a broken constraint would. */
  async function breakAuditLog() {
    await db.execute(
      sql.raw(`create or replace function backoffice.test_refuse_audit() returns trigger language plpgsql as $$
        begin raise exception 'audit log unavailable'; end $$`),
    );
    await db.execute(
      sql.raw(`create trigger test_refuse_audit before insert on backoffice.audit_log
        for each row execute function backoffice.test_refuse_audit()`),
    );
  }

  it('a change whose audit row cannot be written does not happen', async () => {
    const target = await seed('support', 'sam@example.com');
    const invited = await invite('ivy@example.com');
    const [staffBefore, auditBefore] = [await allStaff(), await audit()];
    await breakAuditLog();

    const attempts: [string, () => Promise<unknown>][] = [
      [
        'invite',
        () =>
          inviteStaff({ db, actor: admin, input: { email: 'new@example.com', name: 'N', role: 'support' } }),
      ],
      [
        'change role',
        () => changeStaffRole({ db, actor: admin, input: { staffId: target.id, role: 'admin' } }),
      ],
      [
        'disable',
        () => setStaffStatus({ db, actor: admin, input: { staffId: target.id, status: 'disabled' } }),
      ],
      ['reissue', () => reissueInvite({ db, actor: admin, input: { staffId: invited.staffId } })],
      ['accept', () => acceptInvite({ db, input: { token: invited.token, password: 'ivy-password-12' } })],
      [
        'create',
        () =>
          createStaffAccount({
            db,
            email: 'cli@example.com',
            name: 'C',
            role: 'support',
            password: PASSWORD,
          }),
      ],
    ];
    for (const [what, attempt] of attempts) {
      await expect(attempt(), what).rejects.toThrow();
      expect(await allStaff(), what).toEqual(staffBefore);
    }
    expect(await audit()).toEqual(auditBefore);
  });
});

describe('listing staff', () => {
  it('admins only', async () => {
    await seed('support', 'sam@example.com');
    const list = await listStaff({ db, actor: admin });
    expect(list.map((s) => s.email)).toEqual(['root@example.com', 'sam@example.com']);
    // No secrets in the listing.
    expect(Object.keys(list[0]!)).not.toContain('passwordHash');
    expect(Object.keys(list[0]!)).not.toContain('inviteTokenHash');
    const operator = await seed('operator', 'olga@example.com');
    await expect(listStaff({ db, actor: operator })).rejects.toBeInstanceOf(PermissionDeniedError);
  });
});

describe('creating accounts', () => {
  it('createStaffAccount makes an active account and audits it; a duplicate e-mail is refused', async () => {
    const added = await auditedBy(() =>
      createStaffAccount({
        db,
        email: 'New.Person@Example.com',
        name: 'New',
        role: 'operator',
        password: PASSWORD,
      }),
    );
    const [r] = await db.select().from(staff).where(eq(staff.email, 'new.person@example.com'));
    expect(r).toMatchObject({ status: 'active', role: 'operator' });
    expect(await verifyPassword(PASSWORD, r!.passwordHash!)).toBe(true);
    expect(added).toHaveLength(1);
    expect(added[0]).toMatchObject({
      action: 'staff.create',
      actorEmail: 'command-line',
      outcome: 'success',
    });
    await expectRefusedUnchanged(
      () =>
        createStaffAccount({
          db,
          email: 'NEW.person@example.com',
          name: 'X',
          role: 'admin',
          password: PASSWORD,
        }),
      /already exists/,
    );
  });

  it('ensureFirstAdmin creates the first admin once, on an empty staff table only', async () => {
    const fresh = (await createTestDatabase()).backoffice;
    const first = await ensureFirstAdmin({
      db: fresh,
      email: 'Boss@Example.com',
      password: 'boss-password-12',
    });
    expect(first).toEqual({ created: true, email: 'boss@example.com', generatedPassword: undefined });
    const rows = await fresh.select().from(staff);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ email: 'boss@example.com', role: 'admin', status: 'active' });
    expect(await verifyPassword('boss-password-12', rows[0]!.passwordHash!)).toBe(true);
    expect(
      await ensureFirstAdmin({ db: fresh, email: 'other@example.com', password: 'x'.repeat(12) }),
    ).toEqual({
      created: false,
    });
    expect(await fresh.select().from(staff)).toHaveLength(1);
    const entries = await fresh.select().from(auditLog).where(eq(auditLog.action, 'staff.bootstrap_admin'));
    expect(entries).toHaveLength(1);
  });

  it('ensureFirstAdmin generates a password when none is given, and it works', async () => {
    const fresh = (await createTestDatabase()).backoffice;
    const result = await ensureFirstAdmin({ db: fresh, email: 'admin@example.com' });
    if (!result.created || !result.generatedPassword) throw new Error('expected a generated password');
    const [r] = await fresh.select().from(staff);
    expect(await verifyPassword(result.generatedPassword, r!.passwordHash!)).toBe(true);
  });
});
