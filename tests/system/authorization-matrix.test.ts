// Every server action of the production build, called over HTTP as a browser calls it, by every
// kind of caller: signed out, support, operator, admin (docs/back-office.md "Roles"). An allowed call does what it
// says; a refused one answers with a serverError (never data) and changes nothing: not a staff
// row, not a wallet row, not a sign-in counter, and nothing in the audit log but the one
// 'denied' entry a signed-in refusal leaves. The role is checked before the input is parsed, a
// session ends when its account is disabled or its role changes, and an action posted from a
// foreign or opaque Origin is refused (403) before it runs. Every HTML page carries the security
// headers of proxy.ts.
//
// The actions come from the build's manifest: one without a case in action-cases.ts fails here.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { request as httpRequest } from 'node:http';
import path from 'node:path';
import { asc, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CurrentStaff } from '@/lib/backoffice/auth/current-staff';
import { verifyPassword } from '@/lib/backoffice/auth/password';
import { createStaffAccount } from '@/lib/backoffice/staff/create-staff-account';
import { auditLog, staff, type StaffRole } from '@/lib/backoffice/db/schema';
import { openPostgres, type DatabaseHandle } from '@/lib/db/open';
import { testDb } from '../helpers/wallet-db';
import {
  callServerAction,
  readActionManifest,
  signIn,
  trySignIn,
  type ActionResponse,
  type ManifestAction,
  serverActionModules,
} from '../helpers/backoffice-http';
import { startApp, type AppProcess } from '../helpers/app-process';
import { createFreshPgDatabase, type FreshPgDatabase } from '../helpers/pg';
import { walletState } from '../helpers/wallet-state';
import {
  ACTION_CASES,
  CALLERS,
  isAllowed,
  MUTATING_PERMISSIONS,
  SUPPORT_MUTATIONS,
  type ActionCase,
  type AuditRow,
  type Caller,
  type CaseContext,
} from './action-cases';

const root = path.resolve(import.meta.dirname, '../..');
const WALLET = { agencyCode: 'DEMO', appId: 'demo-app', secret: 'matrix-wallet-secret-0123456789' };
const AUTH_SECRET = 'matrix-auth-secret-0123456789abcdefghijklmnop';
const ADMIN_PASSWORD = 'matrix-admin-password-1';
const STAFF_PASSWORD = 'matrix-staff-password-1';

const NOT_SIGNED_IN = 'Your session has ended. Sign in again to continue.';
const roleRefusal = (role: StaffRole) => `Your role (${role}) does not allow this.`;
const INVITE_INVALID = 'This invitation link is not valid or has expired. Ask an admin for a new one.';

// Read at collection time, so that every action of the build becomes tests of its own.
const manifestFile = path.join(root, '.next', 'server', 'server-reference-manifest.json');
const manifest: ManifestAction[] = existsSync(manifestFile) ? readActionManifest(root) : [];
const inBuild = (name: string) => manifest.find((a) => a.exportedName === name);

let app: AppProcess;
let database: FreshPgDatabase;
let handle: DatabaseHandle;
let dataDir: string;
let ctx: CaseContext;
const cookies = {} as Record<StaffRole, string>;
let counter = 0;

beforeAll(async () => {
  if (manifest.length === 0) throw new Error(`no build manifest at ${manifestFile}: build first`);
  database = await createFreshPgDatabase();
  dataDir = mkdtempSync(path.join(tmpdir(), 'wallet-matrix-'));
  app = await startApp({
    env: {
      DATABASE_URL: database.url,
      WALLET_DATA_DIR: dataDir,
      WALLET_APP_SECRET: WALLET.secret,
      AUTH_SECRET,
      ADMIN_PASSWORD,
      // docs/architecture.md "Embedded default": served over HTTPS (by a proxy in front), so Secure
      // cookies and HSTS.
      APP_URL: 'https://backoffice.matrix.example.com',
    },
  });
  handle = await openPostgres(database.url, 4);
  const accounts = {} as Record<StaffRole, CurrentStaff>;
  for (const role of ['admin', 'operator', 'support'] as const) {
    const email = `${role}@matrix.example.com`;
    const name = `Matrix ${role}`;
    const { staffId } = await createStaffAccount({
      db: testDb(handle),
      email,
      name,
      role,
      password: STAFF_PASSWORD,
    });
    accounts[role] = { id: staffId, email, name, role };
    cookies[role] = await signIn(app.baseUrl, email, STAFF_PASSWORD);
  }
  const run = Date.now().toString(36);
  ctx = {
    db: testDb(handle),
    baseUrl: app.baseUrl,
    wallet: WALLET,
    accounts,
    staffPassword: STAFF_PASSWORD,
    unique: (prefix) => `${prefix}${run}n${++counter}`,
  };
});

afterAll(async () => {
  await app?.stop();
  await handle?.close();
  await database?.drop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

// ---------------------------------------------------------------------------------------------
// Snapshots

type Snapshot = {
  staff: (typeof staff.$inferSelect)[];
  audit: AuditRow[];
  signInFailures: number;
  wallet: Awaited<ReturnType<typeof walletState>>;
};

async function snapshot(): Promise<Snapshot> {
  const db = testDb(handle);
  const [failures] = (
    (await db.execute(
      sql`select coalesce(sum(failures), 0)::int as n from backoffice.sign_in_throttle`,
    )) as unknown as {
      rows: { n: number }[];
    }
  ).rows;
  return {
    staff: await db.select().from(staff).orderBy(asc(staff.id)),
    audit: await db.select().from(auditLog).orderBy(asc(auditLog.id)),
    signInFailures: Number(failures?.n ?? 0),
    wallet: await walletState(db),
  };
}

/** Everything but the audit log is as before; returns the audit rows added. */
function expectUnchangedButAudit(before: Snapshot, after: Snapshot): AuditRow[] {
  expect(after.staff).toEqual(before.staff);
  expect(after.wallet).toEqual(before.wallet);
  expect(after.signInFailures).toBe(before.signInFailures);
  expect(after.audit.slice(0, before.audit.length)).toEqual(before.audit);
  return after.audit.slice(before.audit.length);
}

function cookieOf(caller: Caller): string | undefined {
  return caller === 'signed-out' ? undefined : cookies[caller];
}

function describeResponse(response: ActionResponse): string {
  return `HTTP ${response.status}: ${response.body.slice(0, 500)}`;
}

/** Expects a refusal by next-safe-action (serverError, no data) that changed nothing else. */
function expectRefused(
  response: ActionResponse,
  message: string,
  before: Snapshot,
  after: Snapshot,
): AuditRow[] {
  expect(response.rejected, describeResponse(response)).toBe(false);
  expect(response.result, describeResponse(response)).toEqual({ serverError: message });
  return expectUnchangedButAudit(before, after);
}

function expectDeniedEntry(added: AuditRow[], actionCase: ActionCase, role: StaffRole, times = 1) {
  const account = ctx.accounts[role];
  expect(added).toHaveLength(times);
  for (const entry of added) {
    expect(entry).toMatchObject({
      actorId: account.id,
      actorEmail: account.email,
      actorRole: role,
      action: actionCase.name,
      outcome: 'denied',
      // The permission the action declares is the one docs/back-office.md "Roles" asks for.
      summary: `Refused: the ${role} role may not ${actionCase.permission}`,
    });
  }
}

// ---------------------------------------------------------------------------------------------
// Every action has a case

/** The exported names of every 'use server' module of the back-office's features. */
function sourceActionExports(): { module: string; name: string }[] {
  const found: { module: string; name: string }[] = [];
  // The action client and helpers live beside the actions; only 'use server' modules export actions.
  for (const { filename, source } of serverActionModules(root)) {
    for (const m of source.matchAll(/^export\s+(?:const|let|var|async\s+function|function)\s+(\w+)/gm))
      found.push({ module: filename, name: m[1]! });
    for (const m of source.matchAll(/^export\s*\{([^}]*)\}/gm)) {
      for (const part of m[1]!.split(',')) {
        const name = part
          .trim()
          .split(/\s+as\s+/)
          .pop()
          ?.trim();
        if (name) found.push({ module: filename, name });
      }
    }
  }
  return found;
}

describe('coverage of the matrix', () => {
  it('the build has server actions, including the staff actions', () => {
    expect(manifest.map((a) => `${a.filename}#${a.exportedName}`)).toEqual(
      expect.arrayContaining([
        'lib/backoffice/staff/actions.ts#inviteStaff',
        'lib/backoffice/staff/actions.ts#changeStaffRole',
        'lib/backoffice/staff/actions.ts#setStaffStatus',
        'lib/backoffice/staff/actions.ts#reissueInvite',
        'lib/backoffice/staff/invite-actions.ts#acceptInvite',
      ]),
    );
  });

  it('every server action in the build manifest has a case in action-cases.ts', () => {
    const missing = manifest
      .filter((a) => ACTION_CASES[a.exportedName]?.module !== a.filename)
      .map((a) => `${a.filename}#${a.exportedName}`);
    expect(missing, `add a case to tests/system/action-cases.ts for: ${missing.join(', ')}`).toEqual([]);
  });

  it('every export of a back-office actions module has a case too (so it is covered once a page uses it)', () => {
    const exported = sourceActionExports();
    // Finding none would pass vacuously (as it did while this looked in a folder that had moved).
    expect(exported.length).toBeGreaterThan(10);
    const missing = exported
      .filter((e) => ACTION_CASES[e.name]?.module !== e.module)
      .map((e) => `${e.module}#${e.name}`);
    expect(missing, `add a case to tests/system/action-cases.ts for: ${missing.join(', ')}`).toEqual([]);
  });

  it('support is never given a mutating action, and a lookup never needs a mutating permission', () => {
    for (const [name, c] of Object.entries(ACTION_CASES)) {
      // Accepting an invitation and changing one's own password act on the caller's own account.
      if (c.permission === 'public' || c.permission === 'signed-in') continue;
      const supportMay = SUPPORT_MUTATIONS.includes(c.permission);
      const mutating = MUTATING_PERMISSIONS.includes(c.permission) || supportMay;
      expect(mutating, `${name}: readOnly vs ${c.permission}`).toBe(!c.readOnly);
      if (mutating) expect(isAllowed(c, 'support'), name).toBe(supportMay);
    }
  });
});

// ---------------------------------------------------------------------------------------------
// The matrix

describe.each(Object.entries(ACTION_CASES))('%s', (name, actionCase) => {
  // Skipping an action missing from the build would let its role checks go untested unnoticed.
  const builtAction = (): ManifestAction => {
    const built = inBuild(name);
    if (!built) {
      throw new Error(
        `${name} is not in this build's server-reference manifest (no page or component uses it), so its checks cannot run over HTTP: use it from a page, or remove it and its case`,
      );
    }
    return built;
  };

  for (const caller of CALLERS) {
    const allowed = isAllowed(actionCase, caller);
    it(`${caller}: ${allowed ? 'allowed' : 'refused, and nothing changes'}`, async () => {
      const built = builtAction();
      const input = await actionCase.input(ctx, caller);
      const before = await snapshot();
      const response = await callServerAction(app.baseUrl, built.id, actionCase.args?.(input) ?? [input], {
        cookie: cookieOf(caller),
      });
      const after = await snapshot();

      if (!allowed) {
        const added = expectRefused(
          response,
          caller === 'signed-out' ? NOT_SIGNED_IN : roleRefusal(caller),
          before,
          after,
        );
        if (caller === 'signed-out') expect(added).toEqual([]);
        else expectDeniedEntry(added, actionCase, caller);
        return;
      }

      expect(response.rejected, describeResponse(response)).toBe(false);
      expect(response.result?.serverError, describeResponse(response)).toBeUndefined();
      expect(response.result?.validationErrors, describeResponse(response)).toBeUndefined();
      expect(response.result?.data, describeResponse(response)).toBeDefined();
      if (actionCase.readOnly) {
        expect(after).toEqual(before);
        await actionCase.verify?.(ctx, { caller, input, data: response.result?.data, newAudit: [] });
        return;
      }
      expect(after.audit.slice(0, before.audit.length)).toEqual(before.audit);
      const newAudit = after.audit.slice(before.audit.length);
      // One entry, or the case's own list (an approval: the decision, then the wallet call it made).
      expect(newAudit.map((entry) => entry.action)).toEqual(
        actionCase.successAudits ?? [actionCase.successAudit ?? actionCase.name],
      );
      expect(newAudit[0]).toMatchObject({
        action: actionCase.successAudit ?? actionCase.name,
        outcome: 'success',
      });
      if (caller !== 'signed-out' && actionCase.permission !== 'public') {
        expect(newAudit[0]).toMatchObject({ actorId: ctx.accounts[caller].id, actorRole: caller });
      }
      await actionCase.verify?.(ctx, { caller, input, data: response.result?.data, newAudit });
    });
  }

  if (actionCase.permission !== 'public') {
    it('checks the role before parsing the input', async () => {
      const built = builtAction();
      // Input that could never parse: a refused caller still gets the refusal, not a
      // validation error, and nothing runs.
      for (const caller of CALLERS.filter((c) => !isAllowed(actionCase, c))) {
        for (const garbage of [{}, 'not-an-object', { staffId: -1, email: 42, appUserId: null }]) {
          const before = await snapshot();
          const response = await callServerAction(app.baseUrl, built.id, [garbage], {
            cookie: cookieOf(caller),
          });
          const after = await snapshot();
          const added = expectRefused(
            response,
            caller === 'signed-out' ? NOT_SIGNED_IN : roleRefusal(caller),
            before,
            after,
          );
          if (caller === 'signed-out') expect(added).toEqual([]);
          else expectDeniedEntry(added, actionCase, caller);
        }
      }
    });
  }

  // (An action without an input schema has no invalid input.)
  if (!actionCase.noInput) {
    it("an allowed caller's invalid input is refused field by field and changes nothing", async () => {
      const built = builtAction();
      const caller = CALLERS.find((c) => c !== 'signed-out' && isAllowed(actionCase, c))!;
      const before = await snapshot();
      const response = await callServerAction(app.baseUrl, built.id, [{}], { cookie: cookieOf(caller) });
      const after = await snapshot();
      expect(response.rejected, describeResponse(response)).toBe(false);
      expect(response.result?.data).toBeUndefined();
      expect(response.result?.validationErrors, describeResponse(response)).toBeDefined();
      expect(after).toEqual(before);
    });
  }

  for (const origin of ['https://evil.example', null] as const) {
    it(`it is refused from Origin ${origin ?? 'null'} before it runs`, async () => {
      const built = builtAction();
      // The most privileged caller, with a valid input: only the Origin is wrong.
      const caller: Caller = actionCase.permission === 'public' ? 'signed-out' : 'admin';
      const input = await actionCase.input(ctx);
      const before = await snapshot();
      const response = await callServerAction(app.baseUrl, built.id, [input], {
        cookie: cookieOf(caller),
        origin,
      });
      const after = await snapshot();
      expect(response.rejected, describeResponse(response)).toBe(true);
      expect(response.result).toBeUndefined();
      // By the action gate before Next (lib/backoffice/auth/action-request-gate.ts), which would answer 500.
      expect(response.status).toBe(403);
      expect(after).toEqual(before);
    });
  }
});

// ---------------------------------------------------------------------------------------------
// Invitations, sessions

describe('acceptInvite refuses a link that is not a live invitation', () => {
  const refusedWith = async (input: unknown, caller: Caller = 'signed-out') => {
    const action = inBuild('acceptInvite');
    if (!action) throw new Error('acceptInvite is not in the build');
    const before = await snapshot();
    // A state action: (previous state, input).
    const response = await callServerAction(app.baseUrl, action.id, [{}, input], {
      cookie: cookieOf(caller),
    });
    const after = await snapshot();
    return { response, before, after };
  };

  it('an unknown token', async () => {
    const { response, before, after } = await refusedWith({
      token: 'A'.repeat(43),
      password: 'matrix-password-1',
      confirmPassword: 'matrix-password-1',
    });
    expect(expectRefused(response, INVITE_INVALID, before, after)).toEqual([]);
  });

  it('an expired token, even for a signed-in admin', async () => {
    const input = (await ACTION_CASES.acceptInvite!.input(ctx)) as { token: string };
    await testDb(handle).execute(
      sql`update backoffice.staff set invite_expires_at = now() - interval '1 minute'
          where invite_token_hash = encode(sha256(convert_to(${input.token}, 'UTF8')), 'hex')`,
    );
    const { response, before, after } = await refusedWith(input, 'admin');
    expect(expectRefused(response, INVITE_INVALID, before, after)).toEqual([]);
  });

  it('a spent token', async () => {
    const input = await ACTION_CASES.acceptInvite!.input(ctx);
    const action = inBuild('acceptInvite')!;
    const first = await callServerAction(app.baseUrl, action.id, [{}, input]);
    expect(first.result?.data, describeResponse(first)).toBeDefined();
    const { response, before, after } = await refusedWith(input);
    expect(expectRefused(response, INVITE_INVALID, before, after)).toEqual([]);
  });
});

describe('sessions end when the account changes', () => {
  /** Signs in a fresh account of `role`; returns its id and cookie. */
  async function freshSession(role: StaffRole) {
    const email = `${ctx.unique('session')}@matrix.example.com`;
    const { staffId } = await createStaffAccount({
      db: testDb(handle),
      email,
      name: 'Session',
      role,
      password: STAFF_PASSWORD,
    });
    return { staffId, cookie: await signIn(app.baseUrl, email, STAFF_PASSWORD) };
  }

  async function expectSessionEnded(cookie: string) {
    const invite = inBuild('inviteStaff')!;
    const before = await snapshot();
    const response = await callServerAction(
      app.baseUrl,
      invite.id,
      [{ email: `${ctx.unique('late')}@matrix.example.com`, name: 'Late', role: 'support' }],
      { cookie },
    );
    const after = await snapshot();
    expect(expectRefused(response, NOT_SIGNED_IN, before, after)).toEqual([]);
  }

  /** An action of the build called by the matrix's admin, which must succeed. */
  async function asAdmin(exportedName: string, input: unknown): Promise<void> {
    const response = await callServerAction(app.baseUrl, inBuild(exportedName)!.id, [input], {
      cookie: cookies.admin,
    });
    expect(response.result?.data, describeResponse(response)).toBeDefined();
  }

  it('an admin disabled by another admin can no longer act', async () => {
    const victim = await freshSession('admin');
    await asAdmin('setStaffStatus', { staffId: victim.staffId, status: 'disabled' });
    await expectSessionEnded(victim.cookie);
    // Re-enabling does not bring the old session back.
    await asAdmin('setStaffStatus', { staffId: victim.staffId, status: 'active' });
    await expectSessionEnded(victim.cookie);
  });

  it('an admin whose role changes to operator loses the old session', async () => {
    const victim = await freshSession('admin');
    await asAdmin('changeStaffRole', { staffId: victim.staffId, role: 'operator' });
    await expectSessionEnded(victim.cookie);
  });

  it("changing one's own password ends the account's other sessions and keeps the one that asked", async () => {
    const email = `${ctx.unique('own')}@matrix.example.com`;
    await createStaffAccount({
      db: testDb(handle),
      email,
      name: 'Own',
      role: 'support',
      password: STAFF_PASSWORD,
    });
    const here = await signIn(app.baseUrl, email, STAFF_PASSWORD);
    const elsewhere = await signIn(app.baseUrl, email, STAFF_PASSWORD);
    const response = await callServerAction(
      app.baseUrl,
      inBuild('changeOwnPassword')!.id,
      // A state action: (previous state, input).
      [
        {},
        {
          currentPassword: STAFF_PASSWORD,
          newPassword: 'matrix-own-password-2',
          confirmPassword: 'matrix-own-password-2',
        },
      ],
      // From the page that uses the action, as the browser does: an action posted to another
      // page is forwarded inside Next, and a cookie it sets does not survive the forwarding.
      { cookie: here, pagePath: '/account' },
    );
    expect(response.result?.data, describeResponse(response)).toEqual({ stillSignedIn: true });
    const reissuedLine = response.headers
      .getSetCookie()
      .find((c) => c.startsWith('__Secure-next-auth.session-token='));
    // An https:// APP_URL: the re-issued cookie is as Secure as next-auth's own.
    expect(reissuedLine).toMatch(/;\s*Secure(;|$)/i);
    expect(reissuedLine).toMatch(/;\s*HttpOnly(;|$)/i);
    const reissued = reissuedLine!.split(';')[0]!;
    await expectSessionEnded(elsewhere);
    await expectSessionEnded(here);
    // The re-issued session is current: the same action runs (and is refused only for the password).
    const again = await callServerAction(
      app.baseUrl,
      inBuild('changeOwnPassword')!.id,
      // A state action: (previous state, input).
      [
        {},
        {
          currentPassword: STAFF_PASSWORD,
          newPassword: 'matrix-own-password-3',
          confirmPassword: 'matrix-own-password-3',
        },
      ],
      { cookie: reissued, pagePath: '/account' },
    );
    expect(again.result?.validationErrors, describeResponse(again)).toMatchObject({
      currentPassword: { _errors: ['This is not your current password'] },
    });
    // The new password signs in. (The old one is checked on the row: a failed sign-in here would
    // count against this client's address limit, which the last test of the file measures.)
    expect(await trySignIn(app.baseUrl, email, 'matrix-own-password-2')).toMatchObject({ ok: true });
    const [row] = await testDb(handle)
      .select()
      .from(staff)
      .where(sql`lower(${staff.email}) = ${email}`);
    expect(await verifyPassword(STAFF_PASSWORD, row!.passwordHash!)).toBe(false);
  });

  it('a forged session cookie is no session', async () => {
    await expectSessionEnded(
      '__Secure-next-auth.session-token=eyJhbGciOiJkaXIiLCJlbmMiOiJBMjU2R0NNIn0..forged.forged.forged',
    );
  });
});

// ---------------------------------------------------------------------------------------------
// Route handlers (lib/backoffice/auth/staff-route.ts): each checks the caller itself

describe('route handlers check the caller themselves', () => {
  const routes = [
    {
      path: '/audit/export',
      action: 'audit.export',
      permission: 'audit.read',
      refused: ['support', 'operator'] as const,
      signedOut: 'Your session has ended. Sign in again to export the audit log.\n',
      forbidden: 'Your role does not include the audit log. Ask an administrator if you need it.\n',
    },
  ];

  for (const route of routes) {
    it(`${route.path}: signed out is 401, a role without ${route.permission} is 403 and audited`, async () => {
      const before = await snapshot();
      const out = await fetch(`${app.baseUrl}${route.path}`, { redirect: 'manual' });
      expect(out.status).toBe(401);
      expect(out.headers.get('cache-control')).toMatch(/no-store/);
      expect(await out.text()).toBe(route.signedOut);
      for (const role of route.refused) {
        const r = await fetch(`${app.baseUrl}${route.path}`, {
          headers: { Cookie: cookies[role] },
          redirect: 'manual',
        });
        expect(r.status, role).toBe(403);
        expect(await r.text(), role).toBe(route.forbidden);
      }
      const added = expectUnchangedButAudit(before, await snapshot());
      expect(added.map((e) => [e.actorRole, e.action, e.outcome, e.summary])).toEqual(
        route.refused.map((role) => [
          role,
          route.action,
          'denied',
          `Refused: the ${role} role may not ${route.permission}`,
        ]),
      );
    });
  }

  it('/cards/data answers a signed-out caller with its JSON refusal, and a reader with the page', async () => {
    const out = await fetch(`${app.baseUrl}/cards/data`, { redirect: 'manual' });
    expect(out.status).toBe(401);
    expect(await out.json()).toEqual({
      error: {
        title: 'You are signed out',
        message: 'Your session has ended. Sign in again to see the cards.',
      },
    });
    const page = await fetch(`${app.baseUrl}/cards/data`, { headers: { Cookie: cookies.support } });
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toMatch(/no-store/);
    expect(await page.json()).toHaveProperty('users');
  });

  it('/start sends any signed-in staff to their first page, and a signed-out caller to sign in', async () => {
    const before = await snapshot();
    const callers: [Caller, string][] = [
      ['signed-out', '/login'],
      ['support', '/search'],
      ['operator', '/'],
      ['admin', '/'],
    ];
    for (const [caller, to] of callers) {
      const r = await fetch(`${app.baseUrl}/start`, {
        headers: caller === 'signed-out' ? {} : { Cookie: cookies[caller] },
        redirect: 'manual',
      });
      expect(r.status, caller).toBe(303);
      // Relative: the host the browser used.
      expect(r.headers.get('location'), caller).toBe(to);
      expect(r.headers.get('cache-control'), caller).toMatch(/no-store/);
      expect(await r.text(), caller).toBe('');
    }
    expect(expectUnchangedButAudit(before, await snapshot())).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------
// Security headers

describe('security headers on every HTML page', () => {
  const pages: { path: string; caller: Caller; status: number }[] = [
    { path: '/login', caller: 'signed-out', status: 200 },
    { path: '/', caller: 'admin', status: 200 },
    { path: '/staff', caller: 'admin', status: 200 },
    { path: '/audit', caller: 'admin', status: 200 },
    { path: '/audit?outcome=denied', caller: 'admin', status: 200 },
    { path: '/', caller: 'support', status: 200 },
    { path: '/invite/not-a-real-token-0123456789', caller: 'signed-out', status: 200 },
    { path: '/no-such-page', caller: 'admin', status: 404 },
    { path: '/no-such-page', caller: 'signed-out', status: 404 },
  ];

  for (const page of pages) {
    it(`${page.path} (${page.caller})`, async () => {
      const response = await fetch(`${app.baseUrl}${page.path}`, {
        headers: page.caller === 'signed-out' ? {} : { Cookie: cookies[page.caller] },
        redirect: 'manual',
      });
      const html = await response.text();
      expect(response.status).toBe(page.status);
      expect(response.headers.get('content-type')).toMatch(/^text\/html/);

      const csp = response.headers.get('content-security-policy') ?? '';
      const nonce = /'nonce-([A-Za-z0-9+/=]+)'/.exec(csp)?.[1];
      expect(nonce, csp).toBeDefined();
      expect(nonce!.length).toBeGreaterThanOrEqual(16);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).toMatch(/script-src [^;]*'strict-dynamic'/);
      // Production: no eval.
      expect(csp).not.toContain('unsafe-eval');
      // The page's scripts carry the nonce of this response, and only it.
      const scriptNonces = [...html.matchAll(/<script\b[^>]*?\bnonce="([^"]*)"/g)].map((m) => m[1]);
      const scripts = [...html.matchAll(/<script\b/g)].length;
      expect(scripts).toBeGreaterThan(0);
      expect(scriptNonces).toHaveLength(scripts);
      expect(new Set(scriptNonces)).toEqual(new Set([nonce]));

      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('referrer-policy')).toMatch(
        /^(no-referrer|same-origin|strict-origin|strict-origin-when-cross-origin)$/,
      );
      const hsts = response.headers.get('strict-transport-security') ?? '';
      expect(Number(/max-age=(\d+)/.exec(hsts)?.[1] ?? 0)).toBeGreaterThanOrEqual(31_536_000);
      expect(response.headers.get('cache-control')).toMatch(/no-store/);
    });
  }

  it('a fresh nonce per response', async () => {
    const nonces = new Set<string>();
    for (let i = 0; i < 3; i++) {
      const response = await fetch(`${app.baseUrl}/login`);
      await response.text();
      nonces.add(/'nonce-([^']+)'/.exec(response.headers.get('content-security-policy') ?? '')?.[1] ?? '');
    }
    expect(nonces.size).toBe(3);
  });
});

// ---------------------------------------------------------------------------------------------
// The HTTP edge: methods and odd requests

/** node:http, not fetch: fetch refuses TRACE and some other methods outright. */
function rawRequest(
  method: string,
  target: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; allow: string | undefined; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(target, { method, headers }, (res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString()));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, allow: res.headers.allow as string | undefined, body }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

describe('the HTTP edge of the back-office', () => {
  const paths = [
    '/',
    '/login',
    '/cards',
    '/users/nobody',
    '/api/auth/session',
    '/cards/export',
    '/no-such-page',
  ];

  it('answers every method it does not serve with 405 and Allow, on every path, signed in or not', async () => {
    for (const path of paths) {
      // (A method Node's HTTP parser does not know, say FOO, gets Node's 400 before any handler;
      // CONNECT is a tunnel request, not a page's.)
      for (const method of ['PUT', 'DELETE', 'PATCH', 'OPTIONS', 'TRACE', 'PROPFIND']) {
        for (const cookie of ['', cookieOf('admin') ?? '']) {
          const r = await rawRequest(method, `${app.baseUrl}${path}`, cookie ? { cookie } : {});
          expect(r.status, `${method} ${path}`).toBe(405);
          expect(r.allow, `${method} ${path}`).toBe('GET, HEAD, POST');
          expect(r.body).toBe('Method not allowed.\n');
        }
      }
    }
  });

  it('odd targets and callback URLs never answer 500', async () => {
    const targets = [
      '/login?callbackUrl=%2F%0D%0ALocation%3A%20https%3A%2F%2Fevil.example',
      '/login?callbackUrl=%2F%E3%80%80%2Fevil.example',
      '/login?callbackUrl=%ZZ',
      '/login?callbackUrl=%2F%09%2Fevil.example%2F',
      '/users/%ZZ',
      '/users/%00',
      '/cards?q=%ZZ&page=-1&pageSize=abc',
      '/audit?from=not-a-date',
    ];
    for (const target of targets) {
      for (const cookie of ['', cookieOf('admin') ?? '']) {
        const r = await rawRequest('GET', `${app.baseUrl}${target}`, cookie ? { cookie } : {});
        expect(r.status, `${target} ${cookie ? 'signed in' : 'signed out'}`).toBeLessThan(500);
      }
    }
    // Signed in, a hostile callback goes to this site's start page.
    const r = await fetch(`${app.baseUrl}/login?callbackUrl=%2F%09%2Fevil.example%2F`, {
      headers: { cookie: cookieOf('admin') ?? '' },
      redirect: 'manual',
    });
    await r.text();
    expect(r.status).toBe(307);
    expect(r.headers.get('location')).toBe('/start');
  });
});

// ---------------------------------------------------------------------------------------------
// The sign-in throttle over HTTP (last: it leaves failures counted against this client)

describe('the per-address sign-in limit', () => {
  it('a client cannot choose the address its failures count against with X-Forwarded-For', async () => {
    // `next start` serves browsers directly (docs/architecture.md "Embedded default"). Next only
    // fills X-Forwarded-For when the request has none, so the last hop of a header the client sent
    // is the client's own words: rotating it must not reset the per-address count (20 free
    // failures, then a wait). Earlier tests of the file may have counted a failure or two against
    // this client already.
    let heard = 0;
    for (let i = 0; ; i++) {
      const failed = await trySignIn(
        app.baseUrl,
        `${ctx.unique('guess')}@matrix.example.com`,
        'wrong-password',
        {
          headers: { 'X-Forwarded-For': `198.18.${i}.${i + 1}` },
        },
      );
      if (!failed.ok && failed.error.startsWith('wait:')) break;
      expect(failed).toMatchObject({ ok: false, error: 'invalid-credentials' });
      heard++;
      expect(heard, 'a different X-Forwarded-For on every attempt reset the count').toBeLessThanOrEqual(21);
    }
    expect(heard).toBeGreaterThanOrEqual(18);
    const email = `${ctx.unique('victim')}@matrix.example.com`;
    await createStaffAccount({
      db: testDb(handle),
      email,
      name: 'Throttled',
      role: 'support',
      password: STAFF_PASSWORD,
    });
    const next = await trySignIn(app.baseUrl, email, STAFF_PASSWORD, {
      headers: { 'X-Forwarded-For': '198.18.200.1' },
    });
    expect(next.ok ? 'signed in' : next.error).toMatch(/^wait:\d+$/);
  });
});
