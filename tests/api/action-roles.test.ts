// The authorization matrix's fast twin: every server action of the back-office's features called
// in-process with each role's session, on PGlite, against the real wallet service over HTTP.
// The system matrix (tests/system/authorization-matrix.test.ts) proves the same over a
// production build's HTTP; this one runs in seconds, so a role mistake fails `npm run test:api`
// before anything is built. The cases (input, what an allowed call changes) are the matrix's own.
//
// What cannot run outside a Next.js request is replaced, and only that: who the session belongs
// to (getCurrentStaff, whose cookie decoding auth-options.test.ts and e2e/auth.spec.ts cover),
// the request's headers and cookie jar, and revalidatePath (there is no page cache here).
import path from 'node:path';
import { asc, sql } from 'drizzle-orm';
import { encode } from 'next-auth/jwt';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CurrentStaff } from '@/lib/backoffice/auth/current-staff';
import { auditLog, staff, type StaffRole } from '@/lib/backoffice/db/schema';
import { createStaffAccount } from '@/lib/backoffice/staff/create-staff-account';
import { authSecret } from '@/lib/env';
import { createTestDatabase, testDb, TEST_AGENCY, type TestDatabase } from '../helpers/wallet-db';
import { pointBackofficeClientAt, startWalletServer, type WalletTestServer } from '../helpers/wallet-server';
import { walletState } from '../helpers/wallet-state';
import { serverActionModules } from '../helpers/backoffice-http';
import {
  ACTION_CASES,
  CALLERS,
  isAllowed,
  type ActionCase,
  type AuditRow,
  type Caller,
  type CaseContext,
} from '../system/action-cases';

const session = vi.hoisted(() => ({
  staff: null as CurrentStaff | null,
  cookies: new Map<string, string>(),
}));

vi.mock('@/lib/backoffice/auth/current-staff', () => ({
  getCurrentStaff: async () => session.staff,
  requireStaff: async () => {
    throw new Error('pages are not under test here');
  },
}));
vi.mock('next/headers', () => ({
  headers: async () => new Headers({ 'x-forwarded-for': '203.0.113.9' }),
  cookies: async () => ({
    get: (name: string) =>
      session.cookies.has(name) ? { name, value: session.cookies.get(name)! } : undefined,
    getAll: () => [...session.cookies].map(([name, value]) => ({ name, value })),
    set: (name: string, value: string) => void session.cookies.set(name, value),
  }),
}));
vi.mock('next/cache', () => ({ revalidatePath: () => undefined }));

const root = path.resolve(import.meta.dirname, '../..');
const STAFF_PASSWORD = 'fast-matrix-password-1';
const NOT_SIGNED_IN = 'Your session has ended. Sign in again to continue.';
const roleRefusal = (role: StaffRole) => `Your role (${role}) does not allow this.`;

let database: TestDatabase;
let wallet: WalletTestServer;
let ctx: CaseContext;
let counter = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  wallet = await startWalletServer();
  pointBackofficeClientAt(wallet.baseUrl);
  const db = testDb(database);
  const accounts = {} as Record<StaffRole, CurrentStaff>;
  for (const role of ['admin', 'operator', 'support'] as const) {
    const email = `${role}@fast-matrix.example.com`;
    const name = `Fast ${role}`;
    const { staffId } = await createStaffAccount({ db, email, name, role, password: STAFF_PASSWORD });
    accounts[role] = { id: staffId, email, name, role };
  }
  ctx = {
    db,
    baseUrl: wallet.baseUrl,
    wallet: { agencyCode: TEST_AGENCY.agencyCode, appId: TEST_AGENCY.appId, secret: TEST_AGENCY.appSecret },
    accounts,
    staffPassword: STAFF_PASSWORD,
    unique: (prefix) => `${prefix}f${++counter}`,
  };
});

afterAll(async () => {
  await wallet?.close();
  await database?.close();
});

/** Signs `caller` in: the session getCurrentStaff answers, and its next-auth cookie in the jar. */
async function signInAs(caller: Caller): Promise<void> {
  session.cookies.clear();
  if (caller === 'signed-out') {
    session.staff = null;
    return;
  }
  const account = ctx.accounts[caller];
  const [row] = await ctx.db
    .select()
    .from(staff)
    .where(sql`${staff.id} = ${account.id}`);
  session.staff = account;
  session.cookies.set(
    'next-auth.session-token',
    await encode({ token: { staffId: account.id, sv: row!.sessionVersion }, secret: authSecret() }),
  );
}

async function snapshot() {
  const db = ctx.db;
  return {
    staff: await db.select().from(staff).orderBy(asc(staff.id)),
    audit: await db.select().from(auditLog).orderBy(asc(auditLog.id)),
    wallet: await walletState(db),
  };
}

type ActionResult = { data?: unknown; serverError?: string; validationErrors?: unknown };

async function callAction(
  actionCase: ActionCase,
  exportName: string,
  args: unknown[],
): Promise<ActionResult> {
  const exports = (await import(path.join(root, actionCase.module))) as Record<string, unknown>;
  const action = exports[exportName];
  if (typeof action !== 'function') throw new Error(`${actionCase.module} exports no ${exportName}`);
  return (await (action as (...a: unknown[]) => Promise<ActionResult>)(...args)) ?? {};
}

function expectDenied(added: AuditRow[], actionCase: ActionCase, role: StaffRole) {
  expect(added).toHaveLength(1);
  expect(added[0]).toMatchObject({
    actorId: ctx.accounts[role].id,
    action: actionCase.name,
    outcome: 'denied',
    summary: `Refused: the ${role} role may not ${actionCase.permission}`,
  });
}

describe('coverage', () => {
  it('every export of a back-office actions module has a case', () => {
    const exported = serverActionModules(root).flatMap(({ source }) =>
      [...source.matchAll(/^export const (\w+)/gm)].map((m) => m[1]!),
    );
    expect(exported.length).toBeGreaterThan(10);
    expect(exported.filter((name) => !(name in ACTION_CASES))).toEqual([]);
  });
});

describe.each(Object.entries(ACTION_CASES))('%s', (exportName, actionCase) => {
  for (const caller of CALLERS) {
    const allowed = isAllowed(actionCase, caller);
    it(`${caller}: ${allowed ? 'allowed' : 'refused, and nothing changes'}`, async () => {
      const input = await actionCase.input(ctx, caller);
      await signInAs(caller);
      const before = await snapshot();
      const result = await callAction(actionCase, exportName, actionCase.args?.(input) ?? [input]);
      const after = await snapshot();
      const added = after.audit.slice(before.audit.length);
      expect(after.audit.slice(0, before.audit.length)).toEqual(before.audit);

      if (!allowed) {
        expect(result).toEqual({
          serverError: caller === 'signed-out' ? NOT_SIGNED_IN : roleRefusal(caller),
        });
        expect(after.staff).toEqual(before.staff);
        expect(after.wallet).toEqual(before.wallet);
        if (caller === 'signed-out') expect(added).toEqual([]);
        else expectDenied(added, actionCase, caller);
        return;
      }

      expect(result.serverError).toBeUndefined();
      expect(result.validationErrors).toBeUndefined();
      expect(result.data).toBeDefined();
      if (actionCase.readOnly) {
        expect(after).toEqual(before);
      } else {
        // One entry, or the case's own list (an approval: the decision, then the wallet call).
        expect(added.map((entry) => entry.action)).toEqual(
          actionCase.successAudits ?? [actionCase.successAudit ?? actionCase.name],
        );
        expect(added[0]).toMatchObject({
          action: actionCase.successAudit ?? actionCase.name,
          outcome: 'success',
        });
        if (caller !== 'signed-out' && actionCase.permission !== 'public') {
          expect(added[0]).toMatchObject({ actorId: ctx.accounts[caller].id, actorRole: caller });
        }
      }
      await actionCase.verify?.(ctx, {
        caller,
        input,
        data: result.data,
        newAudit: actionCase.readOnly ? [] : added,
      });
    });
  }

  if (actionCase.permission !== 'public') {
    it('a refused caller is refused before the input is parsed', async () => {
      for (const caller of CALLERS.filter((c) => !isAllowed(actionCase, c))) {
        await signInAs(caller);
        const before = await snapshot();
        const result = await callAction(actionCase, exportName, [
          { staffId: -1, email: 42, appUserId: null },
        ]);
        expect(result).toEqual({
          serverError: caller === 'signed-out' ? NOT_SIGNED_IN : roleRefusal(caller),
        });
        const after = await snapshot();
        expect(after.wallet).toEqual(before.wallet);
        expect(after.staff).toEqual(before.staff);
      }
    });
  }
});
