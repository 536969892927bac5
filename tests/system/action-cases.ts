// One case per server action of the back-office, for the authorization matrix
// (authorization-matrix.test.ts): the permission it needs (docs/back-office.md "Roles"; 'public' for the one
// action that runs without a session, 'signed-in' for one's own account), a valid input for the current database (seeding what it
// acts on: a member of staff to change, a wallet user to add an address to), and how to see that
// an allowed call did what it says. The matrix FAILS for any action in the build that has no case
// here, so a new action cannot skip it: add its case when you add the action.
//
// Keys are the exported names; `module` is the file, as the build manifest names it.
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Permission } from '@/lib/backoffice/auth/permissions';
import type { CurrentStaff } from '@/lib/backoffice/auth/current-staff';
import { verifyPassword } from '@/lib/backoffice/auth/password';
import { createStaffAccount } from '@/lib/backoffice/staff/create-staff-account';
import { inviteStaff } from '@/lib/backoffice/staff/invite-staff';
import { requestApproval } from '@/lib/backoffice/approvals/request-approval';
import { DEFAULT_SETTINGS } from '@/lib/backoffice/settings/settings-schema';
import {
  approvalRequests,
  auditLog,
  settings,
  staff,
  staffRecoveryCodes,
  staffRequests,
  type StaffRole,
} from '@/lib/backoffice/db/schema';
import { newTotpSecret, totpCodeAt } from '@/lib/backoffice/auth/two-factor';
import { configuredSecretBox } from '@/lib/wallet/service/secrets/app-secrets';
import type { AnyDatabase as Database } from '../helpers/wallet-db';
import { rawRows } from '@/lib/db/open';
import { addressParams, callWallet, kycParams } from '../helpers/wallet-call';

export type Caller = 'signed-out' | StaffRole;
export const CALLERS: readonly Caller[] = ['signed-out', 'support', 'operator', 'admin'];

export type WalletApp = { agencyCode: string; appId: string; secret: string };
export type AuditRow = typeof auditLog.$inferSelect;

export type CaseContext = {
  /** The app's own PostgreSQL database, opened in this process. */
  db: Database;
  baseUrl: string;
  /** The provisioned wallet app (signed calls to seed and check wallet data). */
  wallet: WalletApp;
  /** The signed-in accounts of the matrix, one per role. */
  accounts: Record<StaffRole, CurrentStaff>;
  /** The password of those accounts. */
  staffPassword: string;
  /** A string no other call of the run uses (lower-case letters and digits). */
  unique(prefix: string): string;
};

export type AllowedCall = {
  caller: Caller;
  input: unknown;
  /** What the action returned in `data`. */
  data: unknown;
  /** The audit rows the call added. */
  newAudit: AuditRow[];
};

export type ActionCase = {
  /** The 'use server' module, relative to the project root, as the manifest names it. */
  module: string;
  /** The action's metadata name: the `action` of the 'denied' audit entry of a refused call. */
  name: string;
  /**
   * What docs/back-office.md "Roles" requires; 'public' runs without a session (the token is the credential),
   * 'signed-in' needs only a live session (the caller's own account).
   */
  permission: Permission | 'public' | 'signed-in';
  /** A lookup: even an allowed call changes nothing, not even the audit log. */
  readOnly?: boolean;
  /** The action takes no input (no schema), so there is no invalid input to refuse. */
  noInput?: boolean;
  /** The audit action of a successful call, when it is not `name`. */
  successAudit?: string;
  /** Every audit action a successful call writes, in order, when it writes more than one. */
  successAudits?: string[];
  /** A valid input for the current database; may seed what the action acts on (for `caller`). */
  input(ctx: CaseContext, caller?: Caller): Promise<unknown>;
  /** The call's arguments when they are not `[input]` (a form's state action: previous state first). */
  args?(input: unknown): unknown[];
  /** After an allowed call: the change is there. */
  verify?(ctx: CaseContext, call: AllowedCall): Promise<void>;
};

// ---------------------------------------------------------------------------------------------
// Seeding helpers

async function staffRow(db: Database, id: number) {
  const [row] = await db.select().from(staff).where(eq(staff.id, id));
  if (!row) throw new Error(`no staff row ${id}`);
  return row;
}

async function seedActive(ctx: CaseContext, role: StaffRole): Promise<number> {
  const { staffId } = await createStaffAccount({
    db: ctx.db,
    email: `${ctx.unique('target')}@matrix.example.com`,
    name: 'Matrix Target',
    role,
    password: randomBytes(12).toString('base64url'),
  });
  return staffId;
}

/** Two-factor sign-in on for the account, with a known secret (returned). */
async function enrolTwoFactor(ctx: CaseContext, staffId: number): Promise<string> {
  const secret = newTotpSecret();
  await ctx.db
    .update(staff)
    .set({ totpSecret: configuredSecretBox().seal(secret), totpEnabledAt: new Date(), totpLastStep: null })
    .where(eq(staff.id, staffId));
  return secret;
}

async function clearTwoFactorOf(ctx: CaseContext, staffId: number): Promise<void> {
  await ctx.db
    .update(staff)
    .set({ totpSecret: null, totpPendingSecret: null, totpEnabledAt: null, totpLastStep: null })
    .where(eq(staff.id, staffId));
  await ctx.db.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffId, staffId));
}

/** A transfer of 1.00 to a fresh user's wallet, asked for by a member of staff of its own (never the caller). */
async function seedApprovalRequest(ctx: CaseContext, maker?: CurrentStaff): Promise<number> {
  const makerId = maker?.id ?? (await seedActive(ctx, 'operator'));
  const actor = maker ?? {
    id: makerId,
    email: (await staffRow(ctx.db, makerId)).email,
    name: 'Maker',
    role: 'operator' as const,
  };
  const appUserId = await seedWalletUser(ctx);
  const listed = await callWallet<{ assetId: number; type: string }[]>(
    ctx.baseUrl,
    'userAssetList',
    { appUserId },
    ctx.wallet,
  );
  const toAssetId = listed.body.data!.find((a) => a.type === 'WALLET')!.assetId;
  const { approval } = await requestApproval({
    db: ctx.db as never,
    actor,
    call: {
      kind: 'asset.transfer',
      operation: 'assetTransfer',
      params: {
        fromAssetId: await agencyAssetId(ctx),
        toAssetId,
        amount: '1.00',
        requestId: ctx.unique('approval'),
      },
      summary: `Fund the wallet of user ${appUserId}: 1.00`,
      amount: '1.00',
      currency: 'USD',
      subjectUser: appUserId,
      targetType: 'user',
      targetId: appUserId,
      returnPath: `/users/${appUserId}`,
    },
  });
  return approval.id;
}

async function approvalRow(ctx: CaseContext, id: number) {
  const [row] = await ctx.db.select().from(approvalRequests).where(eq(approvalRequests.id, id));
  if (!row) throw new Error(`no approval request ${id}`);
  return row;
}

async function seedInvitation(ctx: CaseContext): Promise<{ staffId: number; token: string }> {
  const { staffId, invitePath } = await inviteStaff({
    db: ctx.db,
    actor: ctx.accounts.admin,
    input: { email: `${ctx.unique('invitee')}@matrix.example.com`, name: 'Matrix Invitee', role: 'support' },
  });
  return { staffId, token: invitePath.replace('/invite/', '') };
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

function tokenFrom(data: unknown): string {
  const path = (data as { invitePath?: unknown } | undefined)?.invitePath;
  expect(path).toMatch(/^\/invite\/[A-Za-z0-9_-]{43}$/);
  return String(path).replace('/invite/', '');
}

/** A wallet user registered through the signed API, as an agency's server would. */
async function seedWalletUser(ctx: CaseContext): Promise<string> {
  const appUserId = ctx.unique('wu');
  const response = await callWallet(ctx.baseUrl, 'registerAndKyc', kycParams(appUserId), ctx.wallet);
  if (response.body.code !== 0) throw new Error(`could not seed wallet user: ${response.text}`);
  return appUserId;
}

async function agencyAssetId(ctx: CaseContext): Promise<number> {
  const response = await callWallet<{ assetId: number; type: string }[]>(
    ctx.baseUrl,
    'agencyAssetList',
    {},
    ctx.wallet,
  );
  const asset = response.body.data?.find((a) => a.type === 'CARD_MARGIN');
  if (!asset) throw new Error(`no CARD_MARGIN asset: ${response.text}`);
  return asset.assetId;
}

async function countFor(ctx: CaseContext, table: 'users' | 'addresses' | 'cards', appUserId: string) {
  const query =
    table === 'users'
      ? sql`select count(*)::int as n from wallet.users where app_user_id = ${appUserId}`
      : sql`select count(*)::int as n from wallet.${sql.raw(table)} t join wallet.users u on u.id = t.user_id where u.app_user_id = ${appUserId}`;
  const [row] = await rawRows<{ n: number }>(ctx.db, query);
  return Number(row?.n ?? 0);
}

/** The registration form's values (lib/backoffice/users/forms.ts, RegisterUserFormInput). */
function registerUserForm(appUserId: string) {
  return {
    appUserId,
    email: `${appUserId}@matrix.example.com`,
    firstName: 'Jane',
    lastName: 'Doe',
    birthday: '1990-04-12',
    gender: '',
    mobile: { regionCode: '1', number: '4155550100' },
    region: 'US',
    documentType: 'PASSPORT',
    documentTypeOther: '',
    documentNo: 'X1234567',
    documentExpiryDate: '',
    photos: [{ url: 'https://files.example.com/doc-front.png' }],
    occupation: '',
    position: '',
    annualIncome: '',
    detailedAddress: '',
    cardUUID: '',
    supportDocumentType: '',
    supportDocumentUrl: '',
    requestId: randomBytes(12).toString('hex'),
  };
}

/** The address form's values (lib/backoffice/users/forms.ts, AddAddressFormInput). */
function addAddressForm(appUserId: string) {
  return {
    appUserId,
    country: 'US',
    province: '',
    city: 'Austin',
    street: '1 Congress Ave',
    detailedAddress: '',
    postalCode: '',
    firstName: 'Jane',
    lastName: 'Doe',
    mobile: { regionCode: '1', number: '5125550100' },
    isDefault: false,
    requestId: randomBytes(12).toString('hex'),
  };
}

/** A card issued to a new wallet user through the signed API (category 1: virtual, ACTIVE; 3: physical, PENDING). */
async function seedCard(
  ctx: CaseContext,
  options: { categoryId?: number; lock?: boolean } = {},
): Promise<{ appUserId: string; cardId: number; cardAssetId: number }> {
  const appUserId = await seedWalletUser(ctx);
  const applied = await callWallet<{ cardId: number }>(
    ctx.baseUrl,
    'agencyApplyUserCard',
    {
      appUserId,
      paymentAssetId: await agencyAssetId(ctx),
      categoryId: options.categoryId ?? 1,
      embossedName: 'JANE DOE',
    },
    ctx.wallet,
  );
  const card = applied.body.data;
  if (applied.body.code !== 0 || !card) throw new Error(`could not seed a card: ${applied.text}`);
  if (options.lock) {
    const locked = await callWallet(
      ctx.baseUrl,
      'cardLock',
      { appUserId, cardId: card.cardId, reason: 'LOST' },
      ctx.wallet,
    );
    if (locked.body.code !== 0) throw new Error(`could not lock the seeded card: ${locked.text}`);
  }
  // The application's answer (2.5) does not name the card's own asset; card/detail does.
  const detail = await callWallet<{ cardAssetId: number }>(
    ctx.baseUrl,
    'cardDetail',
    { appUserId, cardId: card.cardId },
    ctx.wallet,
  );
  const cardAssetId = detail.body.data?.cardAssetId;
  if (cardAssetId === undefined) throw new Error(`could not read the seeded card: ${detail.text}`);
  return { appUserId, cardId: card.cardId, cardAssetId };
}

async function cardStatus(ctx: CaseContext, cardId: number): Promise<string> {
  const [row] = await rawRows<{ status: string }>(
    ctx.db,
    sql`select status from wallet.cards where id = ${cardId}`,
  );
  return String(row?.status);
}

/** A card change as the card page's dialog submits it. */
const cardChange = (card: { appUserId: string; cardId: number }, reason?: string) => ({
  appUserId: card.appUserId,
  cardId: card.cardId,
  requestId: randomBytes(12).toString('hex'),
  ...(reason ? { reason } : {}),
});

function cardChangeCase(
  name: 'lock' | 'unlock' | 'activate' | 'cancel',
  permission: Permission,
  seed: (ctx: CaseContext) => Promise<{ appUserId: string; cardId: number }>,
  expected: string,
): ActionCase {
  return {
    module: 'lib/backoffice/cards/actions.ts',
    name: `card.${name}`,
    permission,
    input: async (ctx) =>
      cardChange(await seed(ctx), name === 'lock' || name === 'cancel' ? 'LOST' : undefined),
    async verify(ctx, { input, data, newAudit }) {
      const { cardId, appUserId } = input as { cardId: number; appUserId: string };
      expect(data).toEqual({ cardId, status: expected });
      expect(await cardStatus(ctx, cardId)).toBe(expected);
      expect(newAudit[0]).toMatchObject({
        targetType: 'card',
        targetId: String(cardId),
        subjectUser: appUserId,
        resultCode: 0,
      });
    },
  };
}

/** A card with 100.00 on it (topped up from the agency's asset), for purchases. */
async function seedSpendingCard(ctx: CaseContext): Promise<{ appUserId: string; cardId: number }> {
  const card = await seedCard(ctx);
  const funded = await callWallet(
    ctx.baseUrl,
    'assetTransfer',
    { fromAssetId: await agencyAssetId(ctx), toAssetId: card.cardAssetId, amount: '100.00' },
    ctx.wallet,
  );
  if (funded.body.code !== 0) throw new Error(`could not fund the seeded card: ${funded.text}`);
  return card;
}

/** A purchase of 10.00 on a funded card: held, or cleared (for a refund); its ids. */
async function seedPurchase(
  ctx: CaseContext,
  cleared: boolean,
): Promise<{ appUserId: string; cardId: number; authorizationId: number; transactionId: number | null }> {
  const { appUserId, cardId } = await seedSpendingCard(ctx);
  const authorized = await callWallet<{ authorizationId: number; status: string }>(
    ctx.baseUrl,
    'simulateAuthorize',
    { cardId, amount: '10.00', merchantName: 'Matrix Shop', mcc: '5411', merchantCountry: 'US' },
    ctx.wallet,
  );
  const authorizationId = authorized.body.data?.authorizationId;
  if (authorized.body.data?.status !== 'PENDING' || !authorizationId) {
    throw new Error(`could not seed a purchase: ${authorized.text}`);
  }
  if (!cleared) return { appUserId, cardId, authorizationId, transactionId: null };
  const clear = await callWallet<{ transactionId: number }>(
    ctx.baseUrl,
    'simulateClear',
    { authorizationId },
    ctx.wallet,
  );
  if (clear.body.code !== 0) throw new Error(`could not clear the seeded purchase: ${clear.text}`);
  return { appUserId, cardId, authorizationId, transactionId: clear.body.data!.transactionId };
}

/** A dispute of the whole of a cleared 10.00 purchase, OPEN, or SUBMITTED with evidence. */
async function seedDispute(
  ctx: CaseContext,
  submitted: boolean,
): Promise<{ appUserId: string; cardId: number; disputeId: number }> {
  const purchase = await seedPurchase(ctx, true);
  const created = await callWallet<{ disputeId: number }>(
    ctx.baseUrl,
    'disputeCreate',
    { transactionId: purchase.transactionId!, reason: 'NOT_RECEIVED' },
    ctx.wallet,
  );
  const disputeId = created.body.data?.disputeId;
  if (created.body.code !== 0 || !disputeId) throw new Error(`could not seed a dispute: ${created.text}`);
  if (submitted) {
    const sent = await callWallet(
      ctx.baseUrl,
      'disputeSubmit',
      { disputeId, evidence: 'The parcel never came.' },
      ctx.wallet,
    );
    if (sent.body.code !== 0) throw new Error(`could not submit the seeded dispute: ${sent.text}`);
  }
  return { appUserId: purchase.appUserId, cardId: purchase.cardId, disputeId };
}

/** Sending, withdrawing or answering a seeded dispute: the status it ends in, audited on the dispute. */
function disputeStepCase(
  exportName: 'submitDispute' | 'withdrawDispute' | 'settleDispute',
  name: string,
  permission: Permission,
  input: (disputeId: number) => Record<string, unknown>,
  expected: { status: string; summary: RegExp; note: string | null },
): ActionCase {
  return {
    module: 'lib/backoffice/disputes/actions.ts',
    name,
    permission,
    args: (i) => [{}, i],
    async input(ctx) {
      const { disputeId } = await seedDispute(ctx, exportName === 'settleDispute');
      return { disputeId, requestId: randomBytes(12).toString('hex'), ...input(disputeId) };
    },
    async verify(_ctx, { input: given, data, newAudit }) {
      const { disputeId } = given as { disputeId: number };
      expect(data).toEqual({ disputeId, status: expected.status });
      expect(newAudit[0]).toMatchObject({
        action: name,
        targetType: 'dispute',
        targetId: String(disputeId),
        subjectUser: expect.any(String),
        outcome: 'success',
        resultCode: 0,
        note: expected.note,
        summary: expect.stringMatching(expected.summary),
      });
    },
  };
}

function sandboxStepCase(
  step: 'clear' | 'reverse' | 'refund',
  expected: Record<string, unknown>,
): ActionCase {
  return {
    module: 'lib/backoffice/sandbox/actions.ts',
    name: `sandbox.${step}`,
    permission: 'sandbox.use',
    args: (input) => [{}, input],
    async input(ctx) {
      const purchase = await seedPurchase(ctx, step === 'refund');
      return {
        id: step === 'refund' ? purchase.transactionId : purchase.authorizationId,
        cardId: purchase.cardId,
        // A refund's form names its purchase too, so the entry says it in words.
        ...(step === 'refund' ? { authorizationId: purchase.authorizationId } : {}),
        amount: '',
        requestId: randomBytes(12).toString('hex'),
      };
    },
    async verify(_ctx, { input, data, newAudit }) {
      const { cardId } = input as { cardId: number };
      expect(data).toMatchObject({ step, result: expected });
      const verb = { clear: 'clearing all', reverse: 'reversing all', refund: 'refunding what is left' }[
        step
      ];
      // About the holder, in words: the purchase, the card and its holder by name, money in dollars.
      expect(newAudit[0]).toMatchObject({
        targetType: 'card',
        targetId: String(cardId),
        subjectUser: expect.any(String),
        resultCode: 0,
        summary: expect.stringMatching(
          new RegExp(
            `^Simulated the merchant ${verb} of the purchase of \\$10\\.00 at Matrix Shop on Virtual Visa Classic ••\\d{4} of Jane O'Connor: `,
          ),
        ),
      });
    },
  };
}

/** A wallet user with `count` addresses (the first is the default); their ids, oldest first. */
async function seedAddresses(ctx: CaseContext, count: number): Promise<{ appUserId: string; ids: number[] }> {
  const appUserId = await seedWalletUser(ctx);
  const ids: number[] = [];
  for (let i = 0; i < count; i++) {
    const added = await callWallet<{ addressId: number }>(
      ctx.baseUrl,
      'addAddress',
      {
        appUserId,
        country: 'US',
        city: 'Austin',
        street: `${i + 1} Congress Ave`,
        firstName: 'Jane',
        lastName: 'Doe',
        mobile: '1-5125550100',
      },
      ctx.wallet,
    );
    if (added.body.code !== 0 || !added.body.data)
      throw new Error(`could not seed an address: ${added.text}`);
    ids.push(added.body.data.addressId);
  }
  return { appUserId, ids };
}

async function storedAddresses(ctx: CaseContext, appUserId: string) {
  const listed = await callWallet<{ addressId: number; city: string; isDefault: boolean }[]>(
    ctx.baseUrl,
    'addressList',
    { appUserId },
    ctx.wallet,
  );
  return listed.body.data ?? [];
}

// ---------------------------------------------------------------------------------------------
// The cases

const SIGNER_PASSWORD = 'matrix-signer-password-1';

/** The matrix accounts as they were before changeOwnPassword's call, by staff id. */
const ownAccountsBefore = new Map<number, { passwordHash: string | null; sessionVersion: number }>();

export const ACTION_CASES: Record<string, ActionCase> = {
  // lib/backoffice/staff/actions.ts -----------------------------------------------------------------------
  inviteStaff: {
    module: 'lib/backoffice/staff/actions.ts',
    name: 'staff.invite',
    permission: 'staff.manage',
    input: async (ctx) => ({
      email: `${ctx.unique('invite')}@matrix.example.com`,
      name: 'Invited By Matrix',
      role: 'support',
    }),
    async verify(ctx, { input, data }) {
      const { email } = input as { email: string };
      const [row] = await ctx.db.select().from(staff).where(eq(staff.email, email));
      expect(row).toMatchObject({ status: 'invited', role: 'support', passwordHash: null });
      expect(row?.inviteTokenHash).toBe(sha256(tokenFrom(data)));
    },
  },
  changeStaffRole: {
    module: 'lib/backoffice/staff/actions.ts',
    name: 'staff.change_role',
    permission: 'staff.manage',
    input: async (ctx) => ({ staffId: await seedActive(ctx, 'support'), role: 'operator' }),
    async verify(ctx, { input }) {
      const row = await staffRow(ctx.db, (input as { staffId: number }).staffId);
      expect(row.role).toBe('operator');
      expect(row.sessionVersion).toBe(2);
    },
  },
  setStaffStatus: {
    module: 'lib/backoffice/staff/actions.ts',
    name: 'staff.set_status',
    permission: 'staff.manage',
    successAudit: 'staff.disable',
    input: async (ctx) => ({ staffId: await seedActive(ctx, 'operator'), status: 'disabled' }),
    async verify(ctx, { input }) {
      const row = await staffRow(ctx.db, (input as { staffId: number }).staffId);
      expect(row.status).toBe('disabled');
      expect(row.sessionVersion).toBe(2);
    },
  },
  reissueInvite: {
    module: 'lib/backoffice/staff/actions.ts',
    name: 'staff.reissue_invite',
    permission: 'staff.manage',
    input: async (ctx) => ({ staffId: (await seedInvitation(ctx)).staffId }),
    async verify(ctx, { input, data }) {
      const row = await staffRow(ctx.db, (input as { staffId: number }).staffId);
      expect(row.status).toBe('invited');
      expect(row.inviteTokenHash).toBe(sha256(tokenFrom(data)));
    },
  },

  // lib/backoffice/staff/invite-actions.ts ----------------------------------------------------------------------
  acceptInvite: {
    module: 'lib/backoffice/staff/invite-actions.ts',
    name: 'staff.accept_invite',
    permission: 'public',
    // A form's state action: (previous state, input).
    args: (input) => [{}, input],
    async input(ctx) {
      const { token } = await seedInvitation(ctx);
      return { token, password: 'matrix-password-1', confirmPassword: 'matrix-password-1' };
    },
    async verify(ctx, { input, newAudit }) {
      const { token } = input as { token: string };
      const [row] = await ctx.db
        .select()
        .from(staff)
        .where(eq(staff.email, (newAudit[0]?.actorEmail ?? '').toLowerCase()));
      expect(row).toMatchObject({ status: 'active', inviteTokenHash: null });
      expect(await verifyPassword('matrix-password-1', row!.passwordHash!)).toBe(true);
      // The invitee, not the caller, is the actor of the entry.
      expect(newAudit[0]?.actorId).toBe(row!.id);
      // Spent: no invitation has this token any more.
      const spent = await ctx.db
        .select()
        .from(staff)
        .where(eq(staff.inviteTokenHash, sha256(token)));
      expect(spent).toEqual([]);
    },
  },

  // lib/backoffice/account/actions.ts --------------------------------------------------------------------
  changeOwnPassword: {
    module: 'lib/backoffice/account/actions.ts',
    name: 'staff.password_change',
    permission: 'signed-in',
    // A form's state action: (previous state, input).
    args: (input) => [{}, input],
    async input(ctx) {
      // The caller changes the password of the matrix's own signed-in account: remember each
      // account as it is, so verify() can put it back and that role's session keeps working.
      for (const role of ['admin', 'operator', 'support'] as const) {
        const row = await staffRow(ctx.db, ctx.accounts[role].id);
        ownAccountsBefore.set(row.id, { passwordHash: row.passwordHash, sessionVersion: row.sessionVersion });
      }
      return {
        currentPassword: ctx.staffPassword,
        newPassword: 'matrix-new-password-1',
        confirmPassword: 'matrix-new-password-1',
      };
    },
    async verify(ctx, { caller, data, newAudit }) {
      const account = ctx.accounts[caller as StaffRole];
      const before = ownAccountsBefore.get(account.id)!;
      try {
        const row = await staffRow(ctx.db, account.id);
        expect(await verifyPassword('matrix-new-password-1', row.passwordHash!)).toBe(true);
        // Every session of the account ended; the caller's own was re-issued with the new version.
        expect(row.sessionVersion).toBe(before.sessionVersion + 1);
        expect(data).toEqual({ stillSignedIn: true });
        expect(newAudit[0]).toMatchObject({ targetType: 'staff', targetId: account.email });
        expect(JSON.stringify(newAudit)).not.toContain('matrix-new-password-1');
      } finally {
        // The old version makes the matrix's cookie for this role current again.
        await ctx.db.update(staff).set(before).where(eq(staff.id, account.id));
      }
    },
  },

  // lib/backoffice/auth/two-factor-actions.ts -----------------------------------------------------------------
  startTwoFactor: {
    module: 'lib/backoffice/auth/two-factor-actions.ts',
    name: 'staff.enrol_two_factor',
    permission: 'signed-in',
    args: (input) => [{}, input],
    input: async () => ({}),
    async verify(ctx, { caller, data, newAudit }) {
      const account = ctx.accounts[caller as StaffRole];
      try {
        expect(data).toEqual({ started: true });
        const row = await staffRow(ctx.db, account.id);
        expect(row.totpPendingSecret).toMatch(/^sb1\./);
        expect(row.totpEnabledAt).toBeNull();
        expect(newAudit[0]).toMatchObject({ targetType: 'staff', targetId: account.email });
      } finally {
        await ctx.db.update(staff).set({ totpPendingSecret: null }).where(eq(staff.id, account.id));
      }
    },
  },

  confirmTwoFactor: {
    module: 'lib/backoffice/auth/two-factor-actions.ts',
    name: 'staff.enable_two_factor',
    permission: 'signed-in',
    args: (input) => [{}, input],
    async input(ctx, caller) {
      if (!caller || caller === 'signed-out') return { code: '123456' };
      const secret = newTotpSecret();
      await ctx.db
        .update(staff)
        .set({ totpPendingSecret: configuredSecretBox().seal(secret) })
        .where(eq(staff.id, ctx.accounts[caller].id));
      return { code: totpCodeAt(secret, Date.now()) };
    },
    async verify(ctx, { caller, data, newAudit }) {
      const account = ctx.accounts[caller as StaffRole];
      try {
        expect((data as { recoveryCodes: string[] }).recoveryCodes).toHaveLength(10);
        const row = await staffRow(ctx.db, account.id);
        expect(row.totpSecret).toMatch(/^sb1\./);
        expect(row.totpEnabledAt).not.toBeNull();
        expect(newAudit[0]).toMatchObject({ targetType: 'staff', targetId: account.email });
      } finally {
        await clearTwoFactorOf(ctx, account.id);
      }
    },
  },

  disableTwoFactor: {
    module: 'lib/backoffice/auth/two-factor-actions.ts',
    name: 'staff.disable_two_factor',
    permission: 'signed-in',
    args: (input) => [{}, input],
    async input(ctx, caller) {
      if (!caller || caller === 'signed-out') return { code: '123456' };
      const secret = await enrolTwoFactor(ctx, ctx.accounts[caller].id);
      return { code: totpCodeAt(secret, Date.now()) };
    },
    async verify(ctx, { caller, data, newAudit }) {
      const account = ctx.accounts[caller as StaffRole];
      expect(data).toEqual({ disabled: true });
      const row = await staffRow(ctx.db, account.id);
      expect(row.totpSecret).toBeNull();
      expect(row.totpEnabledAt).toBeNull();
      expect(newAudit[0]).toMatchObject({ targetType: 'staff', targetId: account.email });
    },
  },

  resetStaffTwoFactor: {
    module: 'lib/backoffice/auth/two-factor-actions.ts',
    name: 'staff.reset_two_factor',
    permission: 'staff.manage',
    args: (input) => [{}, input],
    async input(ctx) {
      const staffId = await seedActive(ctx, 'operator');
      await enrolTwoFactor(ctx, staffId);
      return { staffId };
    },
    async verify(ctx, { input, data, newAudit }) {
      const row = await staffRow(ctx.db, (input as { staffId: number }).staffId);
      expect(data).toEqual({ email: row.email });
      expect(row.totpSecret).toBeNull();
      expect(row.totpEnabledAt).toBeNull();
      expect(newAudit[0]).toMatchObject({ targetType: 'staff', targetId: row.email });
    },
  },

  // lib/backoffice/users/actions.ts -----------------------------------------------------------------------
  registerUser: {
    module: 'lib/backoffice/users/actions.ts',
    name: 'user.register',
    permission: 'users.register',
    // A form's state action: (previous state, input).
    args: (input) => [{}, input],
    input: async (ctx) => registerUserForm(ctx.unique('ru')),
    async verify(ctx, { input, data }) {
      const { appUserId, firstName, lastName } = input as {
        appUserId: string;
        firstName: string;
        lastName: string;
      };
      expect(data).toEqual({ appUserId, firstName, lastName });
      expect(await countFor(ctx, 'users', appUserId)).toBe(1);
    },
  },

  // lib/backoffice/addresses/actions.ts -------------------------------------------------------------------
  addAddress: {
    module: 'lib/backoffice/addresses/actions.ts',
    name: 'address.add',
    permission: 'addresses.add',
    // A form's state action: (previous state, input).
    args: (input) => [{}, input],
    input: async (ctx) => addAddressForm(await seedWalletUser(ctx)),
    async verify(ctx, { input }) {
      expect(await countFor(ctx, 'addresses', (input as { appUserId: string }).appUserId)).toBe(1);
    },
  },

  updateAddress: {
    module: 'lib/backoffice/addresses/actions.ts',
    name: 'address.update',
    permission: 'addresses.manage',
    args: (input) => [{}, input],
    async input(ctx) {
      const { appUserId, ids } = await seedAddresses(ctx, 1);
      return { ...addAddressForm(appUserId), addressId: ids[0], city: 'Dallas' };
    },
    async verify(ctx, { input, newAudit }) {
      const { appUserId, addressId } = input as { appUserId: string; addressId: number };
      expect(await storedAddresses(ctx, appUserId)).toEqual([
        expect.objectContaining({ addressId, city: 'Dallas', isDefault: true }),
      ]);
      expect(newAudit[0]).toMatchObject({ targetType: 'address', subjectUser: appUserId });
    },
  },
  makeDefaultAddress: {
    module: 'lib/backoffice/addresses/actions.ts',
    name: 'address.update',
    permission: 'addresses.manage',
    async input(ctx) {
      const { appUserId, ids } = await seedAddresses(ctx, 2);
      return { appUserId, addressId: ids[1], requestId: randomBytes(12).toString('hex') };
    },
    async verify(ctx, { input, newAudit }) {
      const { appUserId, addressId } = input as { appUserId: string; addressId: number };
      const stored = await storedAddresses(ctx, appUserId);
      expect(stored.filter((a) => a.isDefault).map((a) => a.addressId)).toEqual([addressId]);
      expect(newAudit[0]).toMatchObject({ targetType: 'address', subjectUser: appUserId });
    },
  },
  deleteAddress: {
    module: 'lib/backoffice/addresses/actions.ts',
    name: 'address.delete',
    permission: 'addresses.manage',
    async input(ctx) {
      const { appUserId, ids } = await seedAddresses(ctx, 2);
      return { appUserId, addressId: ids[0], requestId: randomBytes(12).toString('hex') };
    },
    async verify(ctx, { input, newAudit }) {
      const { appUserId, addressId } = input as { appUserId: string; addressId: number };
      const stored = await storedAddresses(ctx, appUserId);
      // The default went: the other (newest remaining) address is the default now.
      expect(stored).toEqual([expect.objectContaining({ isDefault: true })]);
      expect(stored[0]?.addressId).not.toBe(addressId);
      expect(newAudit[0]).toMatchObject({ targetType: 'address', subjectUser: appUserId });
    },
  },

  // lib/backoffice/card-issue/actions.ts ------------------------------------------------------------------
  issueCard: {
    module: 'lib/backoffice/card-issue/actions.ts',
    name: 'card.issue',
    permission: 'cards.issue',
    input: async (ctx) => ({
      requestId: randomBytes(12).toString('hex'),
      appUserId: await seedWalletUser(ctx),
      payer: 'agency',
      paymentAssetId: await agencyAssetId(ctx),
      categoryId: 1,
      needDelivery: false,
      embossedName: 'JANE DOE',
    }),
    async verify(ctx, { input, data }) {
      const { appUserId } = input as { appUserId: string };
      expect(await countFor(ctx, 'cards', appUserId)).toBe(1);
      // The number reaches the browser masked only.
      const card = data as { maskedNumber?: string; appUserId?: string };
      expect(card.appUserId).toBe(appUserId);
      expect(card.maskedNumber).toMatch(/^[0-9]{0,6}[^0-9]+[0-9]{4}$/);
      expect(JSON.stringify(data)).not.toMatch(/[0-9]{12,}/);
    },
  },
  addDeliveryAddress: {
    module: 'lib/backoffice/card-issue/actions.ts',
    name: 'address.add',
    permission: 'addresses.add',
    input: async (ctx) => ({
      requestId: randomBytes(12).toString('hex'),
      appUserId: await seedWalletUser(ctx),
      firstName: 'Jane',
      lastName: 'Doe',
      mobile: '1-5125550100',
      country: 'US',
      province: '',
      city: 'Austin',
      postalCode: '',
      street: '1 Congress Ave',
      detailedAddress: '',
      isDefault: true,
    }),
    async verify(ctx, { input, data }) {
      expect(data).toMatchObject({ addressId: expect.any(Number) });
      expect(await countFor(ctx, 'addresses', (input as { appUserId: string }).appUserId)).toBe(1);
    },
  },
  // lib/backoffice/shared/page-error-actions.ts -------------------------------------------------------------
  // An error page's browser-made reference, logged for the administrator: whoever saw the page,
  // and it changes nothing, not even the audit log.
  reportPageError: {
    module: 'lib/backoffice/shared/page-error-actions.ts',
    name: 'page.error_report',
    permission: 'signed-in',
    readOnly: true,
    input: async () => ({ reference: 'b-0123456789', path: '/cards', error: 'TypeError' }),
    async verify(_ctx, { data }) {
      expect(data).toEqual({ logged: true });
    },
  },
  // The wizard's look-ups: any signed-in role, and they change nothing, not even the audit log.
  searchIssueUsers: {
    module: 'lib/backoffice/card-issue/actions.ts',
    name: 'card_issue.search_users',
    permission: 'users.read',
    readOnly: true,
    input: async (ctx) => ({ query: await seedWalletUser(ctx) }),
    async verify(_ctx, { input, data }) {
      const { query } = input as { query: string };
      expect((data as { appUserId: string }[]).map((u) => u.appUserId)).toEqual([query]);
    },
  },
  listAgencyPaymentAssets: {
    module: 'lib/backoffice/card-issue/actions.ts',
    name: 'card_issue.agency_assets',
    permission: 'assets.read',
    readOnly: true,
    noInput: true,
    input: async () => undefined,
    async verify(_ctx, { data }) {
      expect((data as { type: string }[]).map((a) => a.type)).toEqual(['CARD_MARGIN']);
    },
  },
  listUserPaymentAssets: {
    module: 'lib/backoffice/card-issue/actions.ts',
    name: 'card_issue.user_assets',
    permission: 'users.read',
    readOnly: true,
    input: async (ctx) => ({ appUserId: await seedWalletUser(ctx) }),
    async verify(_ctx, { data }) {
      expect(data).toMatchObject({
        wallets: [expect.objectContaining({ type: 'WALLET' })],
        cardAssetCount: 0,
      });
    },
  },
  listCardCategories: {
    module: 'lib/backoffice/card-issue/actions.ts',
    name: 'card_issue.categories',
    permission: 'cards.read',
    readOnly: true,
    noInput: true,
    input: async () => undefined,
    async verify(_ctx, { data }) {
      expect((data as unknown[]).length).toBeGreaterThanOrEqual(2);
    },
  },
  listDeliveryAddresses: {
    module: 'lib/backoffice/card-issue/actions.ts',
    name: 'card_issue.addresses',
    permission: 'users.read',
    readOnly: true,
    async input(ctx) {
      const appUserId = await seedWalletUser(ctx);
      const added = await callWallet(ctx.baseUrl, 'addAddress', addressParams(appUserId), ctx.wallet);
      if (added.body.code !== 0) throw new Error(`could not seed an address: ${added.text}`);
      return { appUserId };
    },
    async verify(_ctx, { data }) {
      expect(data).toEqual([expect.objectContaining({ city: 'Austin' })]);
    },
  },

  // lib/backoffice/cards/actions.ts -----------------------------------------------------------------------
  lockCard: cardChangeCase('lock', 'cards.lock', (ctx) => seedCard(ctx), 'LOCKED'),
  unlockCard: cardChangeCase('unlock', 'cards.manage', (ctx) => seedCard(ctx, { lock: true }), 'ACTIVE'),
  activateCard: cardChangeCase(
    'activate',
    'cards.manage',
    (ctx) => seedCard(ctx, { categoryId: 3 }),
    'ACTIVE',
  ),
  cancelCard: cardChangeCase('cancel', 'cards.manage', (ctx) => seedCard(ctx), 'CANCELLED'),
  // The same changes posted from their own pages (docs/back-office.md "Without JavaScript"); called
  // with an object, as here, they answer as the dialogs' actions do.
  lockCardFromPage: {
    ...cardChangeCase('lock', 'cards.lock', (ctx) => seedCard(ctx), 'LOCKED'),
    name: 'card.lock',
  },
  changeCardFromPage: {
    ...cardChangeCase('unlock', 'cards.manage', (ctx) => seedCard(ctx, { lock: true }), 'ACTIVE'),
    name: 'card.change',
    successAudit: 'card.unlock',
    input: async (ctx) => ({ ...cardChange(await seedCard(ctx, { lock: true })), change: 'unlock' }),
  },

  // lib/backoffice/card-controls/actions.ts ---------------------------------------------------------
  setCardControls: {
    module: 'lib/backoffice/card-controls/actions.ts',
    name: 'card.controls_set',
    permission: 'spending.manage',
    args: (input) => [{}, input],
    input: async (ctx) => {
      const card = await seedCard(ctx);
      return {
        appUserId: card.appUserId,
        cardId: card.cardId,
        requestId: randomBytes(12).toString('hex'),
        perTransaction: '',
        daily: '50.00',
        monthly: '',
        allTime: '',
        groups: ['gambling'],
        otherMcc: [],
        countries: [],
        addCountries: 'MT',
        confirmRemoval: false,
      };
    },
    async verify(_ctx, { input, data, newAudit }) {
      const { cardId, appUserId } = input as { cardId: number; appUserId: string };
      expect(data).toEqual({
        controls: {
          limits: [{ interval: 'DAILY', amount: 50, spent: 0, remaining: 50, resetsAt: expect.any(String) }],
          blockedMcc: ['7800', '7801', '7802', '7995', '9406'],
          blockedCountries: ['MT'],
        },
        change:
          'daily limit: no limit -> $50.00; blocked categories: none -> Gambling; blocked countries: none -> Malta',
      });
      expect(newAudit[0]).toMatchObject({
        targetType: 'card',
        targetId: String(cardId),
        subjectUser: appUserId,
        resultCode: 0,
        summary: `Set the spending controls of card ${cardId}: daily limit: no limit -> $50.00; blocked categories: none -> Gambling; blocked countries: none -> Malta`,
      });
    },
  },

  // lib/backoffice/sandbox/actions.ts ---------------------------------------------------------------
  simulatePurchase: {
    module: 'lib/backoffice/sandbox/actions.ts',
    name: 'sandbox.authorize',
    permission: 'sandbox.use',
    args: (input) => [{}, input],
    input: async (ctx) => ({
      cardId: (await seedSpendingCard(ctx)).cardId,
      merchantName: 'Matrix Cafe',
      mcc: '5812',
      merchantCountry: 'US',
      amount: '12.50',
      requestId: randomBytes(12).toString('hex'),
    }),
    async verify(_ctx, { input, data, newAudit }) {
      const { cardId } = input as { cardId: number };
      expect(data).toMatchObject({
        authorization: { cardId, status: 'PENDING', amount: 12.5, heldAmount: 12.5, declineReason: null },
      });
      const { authorizationId } = (data as { authorization: { authorizationId: number } }).authorization;
      expect(authorizationId).toBeGreaterThan(0);
      // A sentence about the holder by name, the amount in the card's currency (issue 40 item 5).
      expect(newAudit[0]).toMatchObject({
        targetType: 'card',
        targetId: String(cardId),
        subjectUser: expect.any(String),
        resultCode: 0,
        summary: expect.stringMatching(
          /^Simulated a purchase of \$12\.50 at Matrix Cafe \(Restaurants and bars, United States\) on Virtual Visa Classic ••\d{4} of Jane O'Connor: approved and held$/,
        ),
      });
    },
  },
  // lib/backoffice/sandbox/cardholder-actions.ts -----------------------------------------------------
  actAsCardholder: {
    module: 'lib/backoffice/sandbox/cardholder-actions.ts',
    name: 'sandbox.cardholder',
    permission: 'sandbox.use',
    successAudit: 'sandbox.cardholder_open',
    args: (input) => [{}, input],
    input: async (ctx) => {
      const { appUserId, cardId } = await seedSpendingCard(ctx);
      return { appUserId, cardId: String(cardId), step: 'open' };
    },
    async verify(_ctx, { input, data, newAudit }) {
      const { cardId } = input as { cardId: string };
      // The holder's view of me/* calls and a one-time details link: never the number itself.
      expect(data).toMatchObject({
        step: 'open',
        cards: [
          expect.objectContaining({
            cardId: Number(cardId),
            maskedNumber: expect.stringMatching(/^\d{6}\*+\d{4}$/),
          }),
        ],
        link: {
          url: expect.stringMatching(/\/wallet\/card-details\/[A-Za-z0-9_-]+$/),
          expiresAt: expect.any(String),
        },
        linkProblem: null,
      });
      expect(JSON.stringify(data)).not.toMatch(/\d{12,19}/);
      expect(newAudit[0]).toMatchObject({
        targetType: 'card',
        targetId: cardId,
        resultCode: 0,
        summary: expect.stringMatching(
          /^Opened .+ as its holder \(a new walletToken: the one their app held no longer works\)/,
        ),
      });
    },
  },
  clearPurchase: sandboxStepCase('clear', { status: 'CLEARED', clearedAmount: 10, heldAmount: 0 }),
  reversePurchase: sandboxStepCase('reverse', { status: 'REVERSED', clearedAmount: 0, heldAmount: 0 }),
  refundPurchase: sandboxStepCase('refund', { amount: 10, balance: 100 }),

  simulateDeposit: {
    module: 'lib/backoffice/sandbox/actions.ts',
    name: 'sandbox.deposit',
    permission: 'sandbox.use',
    args: (input) => [{}, input],
    input: async (ctx) => ({
      appUserId: await seedWalletUser(ctx),
      chain: 'ETHEREUM',
      amount: '50.00',
      confirmations: '0',
      fromAddress: '',
      transaction: createHash('sha256').update(ctx.unique('sim-tx')).digest('hex'),
    }),
    async verify(_ctx, { input, data, newAudit }) {
      const { appUserId, transaction } = input as { appUserId: string; transaction: string };
      const { deposit } = data as { deposit: { depositId: number; fromAddress: string } };
      // Answered in EIP-55 form: compared case-insensitively.
      expect(deposit.fromAddress.toLowerCase()).toBe(`0x${transaction.slice(24)}`);
      expect(deposit).toMatchObject({
        appUserId,
        chain: 'ETHEREUM',
        txHash: `0x${transaction}`,
        amount: 50,
        confirmations: 0,
        requiredConfirmations: 12,
        status: 'CONFIRMING',
      });
      expect(newAudit[0]).toMatchObject({
        action: 'sandbox.deposit',
        targetType: 'deposit',
        targetId: String(deposit.depositId),
        subjectUser: appUserId,
        resultCode: 0,
        summary: `Simulated a deposit of 50.00 USDT on Ethereum to Jane O'Connor, 0 confirmations: deposit ${deposit.depositId}, confirming, 0 of 12 confirmations`,
      });
    },
  },
  simulateConfirm: {
    module: 'lib/backoffice/sandbox/actions.ts',
    name: 'sandbox.confirm',
    permission: 'sandbox.use',
    args: (input) => [{}, input],
    async input(ctx) {
      const { appUserId, depositId } = await seedConfirmingDeposit(ctx);
      return { depositId, appUserId, confirmations: '12' };
    },
    async verify(_ctx, { input, data, newAudit }) {
      const { appUserId, depositId } = input as { appUserId: string; depositId: number };
      expect(data).toMatchObject({
        deposit: { depositId, appUserId, confirmations: 12, status: 'CREDITED', creditedAmount: 50 },
      });
      expect(newAudit[0]).toMatchObject({
        action: 'sandbox.confirm',
        targetType: 'deposit',
        targetId: String(depositId),
        subjectUser: appUserId,
        resultCode: 0,
      });
      expect(newAudit[0]!.summary).toMatch(
        new RegExp(
          `^Simulated 12 confirmations of deposit ${depositId} to Jane O'Connor: credited \\((low|medium) risk\\)$`,
        ),
      );
    },
  },

  replaceCard: {
    module: 'lib/backoffice/cards/actions.ts',
    name: 'card.replace',
    permission: 'cards.manage',
    input: async (ctx) => ({ ...cardChange(await seedCard(ctx), 'LOST'), note: 'Lost on the bus' }),
    async verify(ctx, { input, data, newAudit }) {
      const { cardId, appUserId } = input as { cardId: number; appUserId: string };
      const replaced = data as { oldCardId: number; cardId: number; status: string; path: string };
      expect(replaced).toMatchObject({ oldCardId: cardId, status: 'ACTIVE' });
      expect(replaced.path).toBe(`/users/${encodeURIComponent(appUserId)}/cards/${replaced.cardId}`);
      expect(await cardStatus(ctx, cardId)).toBe('CANCELLED');
      expect(await cardStatus(ctx, replaced.cardId)).toBe('ACTIVE');
      expect(newAudit[0]).toMatchObject({
        targetType: 'card',
        targetId: String(cardId),
        subjectUser: appUserId,
        resultCode: 0,
        note: 'Lost on the bus',
      });
    },
  },

  replaceCardFromPage: {
    module: 'lib/backoffice/cards/actions.ts',
    name: 'card.replace',
    permission: 'cards.manage',
    args: (input) => [{}, input],
    input: async (ctx) => ({ ...cardChange(await seedCard(ctx), 'STOLEN'), note: 'Taken at the station' }),
    async verify(ctx, { input, data, newAudit }) {
      const { cardId, appUserId } = input as { cardId: number; appUserId: string };
      const replaced = data as { oldCardId: number; cardId: number; status: string; path: string };
      expect(replaced).toMatchObject({ oldCardId: cardId, status: 'ACTIVE' });
      expect(replaced.path).toBe(`/users/${encodeURIComponent(appUserId)}/cards/${replaced.cardId}`);
      expect(await cardStatus(ctx, cardId)).toBe('CANCELLED');
      expect(newAudit[0]).toMatchObject({
        action: 'card.replace',
        targetId: String(cardId),
        subjectUser: appUserId,
        resultCode: 0,
        note: 'Taken at the station',
      });
    },
  },

  // lib/backoffice/approvals/actions.ts and settings.ts ---------------------------------------------
  approveApproval: {
    module: 'lib/backoffice/approvals/actions.ts',
    name: 'approval.approve',
    permission: 'approvals.decide',
    successAudits: ['approval.approve', 'asset.transfer'],
    input: async (ctx) => ({ id: await seedApprovalRequest(ctx) }),
    args: (input) => [{}, input],
    async verify(ctx, { caller, input, data, newAudit }) {
      const { id } = input as { id: number };
      expect(data).toMatchObject({ id, status: 'APPROVED', resultCode: 0 });
      expect(await approvalRow(ctx, id)).toMatchObject({
        status: 'APPROVED',
        deciderEmail: ctx.accounts[caller as StaffRole].email,
      });
      expect(newAudit[1]).toMatchObject({ action: 'asset.transfer', outcome: 'success', resultCode: 0 });
    },
  },
  rejectApproval: {
    module: 'lib/backoffice/approvals/actions.ts',
    name: 'approval.reject',
    permission: 'approvals.decide',
    input: async (ctx) => ({ id: await seedApprovalRequest(ctx), comment: 'Not this week' }),
    args: (input) => [{}, input],
    async verify(ctx, { input }) {
      const { id } = input as { id: number };
      expect(await approvalRow(ctx, id)).toMatchObject({ status: 'REJECTED', comment: 'Not this week' });
    },
  },
  withdrawApproval: {
    module: 'lib/backoffice/approvals/actions.ts',
    name: 'approval.withdraw',
    permission: 'approvals.decide',
    // Only the maker withdraws: the caller asked first, as itself (a role that may not is refused
    // before the request is even read).
    input: async (ctx, caller) => ({
      id: await seedApprovalRequest(ctx, caller === 'admin' ? ctx.accounts.admin : ctx.accounts.operator),
    }),
    args: (input) => [{}, input],
    async verify(ctx, { input }) {
      const { id } = input as { id: number };
      expect((await approvalRow(ctx, id)).status).toBe('WITHDRAWN');
    },
  },
  saveSettings: {
    module: 'lib/backoffice/settings/actions.ts',
    name: 'settings.update',
    permission: 'settings.manage',
    input: async () => ({ ...DEFAULT_SETTINGS, lowBalanceThreshold: '750.00' }),
    args: (input) => [{}, input],
    async verify(ctx) {
      const [row] = await ctx.db.select().from(settings);
      expect(row).toMatchObject({ lowBalanceThreshold: '750.00', transferApprovalMinAmount: '1000.00' });
    },
  },

  // lib/backoffice/transfers/actions.ts -------------------------------------------------------------------
  transferMoney: {
    module: 'lib/backoffice/transfers/actions.ts',
    name: 'asset.transfer',
    permission: 'money.transfer',
    async input(ctx) {
      const card = await seedCard(ctx);
      return {
        kind: 'top-up',
        appUserId: card.appUserId,
        cardId: card.cardId,
        fromAssetId: await agencyAssetId(ctx),
        toAssetId: card.cardAssetId,
        amount: '1.25',
        requestId: randomBytes(12).toString('hex'),
      };
    },
    async verify(ctx, { input, data, newAudit }) {
      const { toAssetId, appUserId } = input as { toAssetId: number; appUserId: string };
      expect(data).toMatchObject({ toAssetId, amount: 1.25, toBalance: 1.25 });
      const [row] = await rawRows<{ balance: string }>(
        ctx.db,
        sql`select balance from wallet.assets where id = ${toAssetId}`,
      );
      expect(Number(row?.balance)).toBe(125);
      expect(newAudit[0]).toMatchObject({ subjectUser: appUserId, resultCode: 0 });
    },
  },

  transferMoneyFromPage: {
    module: 'lib/backoffice/transfers/actions.ts',
    name: 'asset.transfer',
    permission: 'money.transfer',
    async input(ctx) {
      const card = await seedCard(ctx);
      return {
        kind: 'top-up',
        appUserId: card.appUserId,
        cardId: String(card.cardId),
        fromAssetId: String(await agencyAssetId(ctx)),
        toAssetId: String(card.cardAssetId),
        amount: '1.25',
        requestId: randomBytes(12).toString('hex'),
      };
    },
    async verify(ctx, { input, data, newAudit }) {
      const { toAssetId, appUserId } = input as { toAssetId: string; appUserId: string };
      expect(data).toMatchObject({ toAssetId: Number(toAssetId), amount: 1.25, toBalance: 1.25 });
      expect(newAudit[0]).toMatchObject({ subjectUser: appUserId, resultCode: 0 });
    },
  },

  // lib/backoffice/auth/sign-in-actions.ts ---------------------------------------------------------------------
  signInWithPassword: {
    module: 'lib/backoffice/auth/sign-in-actions.ts',
    name: 'auth.sign_in',
    permission: 'public',
    // A form's state action: (previous state, input).
    args: (input) => [{}, input],
    async input(ctx) {
      const email = `${ctx.unique('signer')}@matrix.example.com`;
      await createStaffAccount({
        db: ctx.db,
        email,
        name: 'Matrix Signer',
        role: 'support',
        password: SIGNER_PASSWORD,
      });
      return { email, password: SIGNER_PASSWORD, callbackUrl: '/cards?size=10' };
    },
    async verify(ctx, { input, data, newAudit }) {
      // Called from the hydrated form: the page asked for comes back for the router.
      expect(data).toEqual({ href: '/cards?size=10' });
      const [row] = await ctx.db
        .select()
        .from(staff)
        .where(eq(staff.email, (input as { email: string }).email));
      // The one who signed in, not the caller, is the actor of the entry.
      expect(newAudit[0]).toMatchObject({ actorId: row!.id, summary: 'Signed in' });
      expect(row!.lastSignInAt).not.toBeNull();
    },
  },

  // lib/backoffice/search/actions.ts ----------------------------------------------------------------------
  searchDirectory: {
    module: 'lib/backoffice/search/actions.ts',
    name: 'search.directory',
    permission: 'users.read',
    readOnly: true,
    input: async (ctx) => ({ q: await seedWalletUser(ctx) }),
    async verify(_ctx, { input, data }) {
      const { q } = input as { q: string };
      expect((data as { users: { appUserId: string }[] }).users.map((u) => u.appUserId)).toEqual([q]);
    },
  },
  openBestMatch: {
    module: 'lib/backoffice/search/actions.ts',
    name: 'search.open',
    permission: 'users.read',
    readOnly: true,
    // A form's state action: (previous state, input). A query that finds nothing stays on the page.
    args: (input) => [{}, input],
    input: async (ctx) => ({ q: ctx.unique('nobody') }),
    async verify(_ctx, { input, data }) {
      const { q } = input as { q: string };
      expect(data).toEqual({ query: q, message: `No user or card matches “${q}”.` });
    },
  },

  // lib/backoffice/developers/actions.ts ------------------------------------------------------------------
  addWebhookEndpoint: {
    module: 'lib/backoffice/developers/actions.ts',
    name: 'webhook.add',
    permission: 'developers.manage',
    // A state action: (previous state, input).
    args: (input) => [{}, input],
    input: async (ctx) => ({
      // A public address (nothing resolves here); a type this run never produces, so nothing is sent.
      url: `https://93.184.215.14/${ctx.unique('hook')}`,
      scope: 'some',
      events: ['asset.low_balance'],
      description: 'Matrix endpoint',
    }),
    async verify(ctx, { input, data, newAudit }) {
      const { url } = input as { url: string };
      const added = data as { endpointId: number; secret: string };
      expect(added).toMatchObject({ url, events: ['asset.low_balance'] });
      expect(added.secret).toMatch(/^whsec_/);
      const listed = await callWallet<{ endpointId: number }[]>(ctx.baseUrl, 'webhookList', {}, ctx.wallet);
      expect(listed.body.data?.map((e) => e.endpointId)).toContain(added.endpointId);
      expect(newAudit[0]).toMatchObject({ targetType: 'webhook', targetId: String(added.endpointId) });
      expect(JSON.stringify(newAudit)).not.toContain(added.secret);
    },
  },
  deleteWebhookEndpoint: {
    module: 'lib/backoffice/developers/actions.ts',
    name: 'webhook.delete',
    permission: 'developers.manage',
    async input(ctx) {
      return { endpointId: await seedEndpoint(ctx), requestId: randomBytes(12).toString('hex') };
    },
    async verify(ctx, { input, newAudit }) {
      const { endpointId } = input as { endpointId: number };
      const listed = await callWallet<{ endpointId: number }[]>(ctx.baseUrl, 'webhookList', {}, ctx.wallet);
      expect(listed.body.data?.map((e) => e.endpointId)).not.toContain(endpointId);
      expect(newAudit[0]).toMatchObject({ targetType: 'webhook', targetId: String(endpointId) });
    },
  },
  setCardViewOrigins: {
    module: 'lib/backoffice/developers/card-view-actions.ts',
    name: 'card_view_origins.set',
    permission: 'developers.manage',
    args: (input) => [{}, input],
    input: async () => ({ origins: 'https://shop.example.com\nhttps://www.shop.example.com' }),
    async verify(_ctx, { data, newAudit }) {
      expect(data).toEqual({ origins: ['https://shop.example.com', 'https://www.shop.example.com'] });
      expect(newAudit[0]).toMatchObject({
        resultCode: 0,
        summary: 'Set the card-view origins to https://shop.example.com, https://www.shop.example.com',
      });
    },
  },
  setDecisionEndpoint: {
    module: 'lib/backoffice/developers/decision-actions.ts',
    name: 'decision.set',
    permission: 'developers.manage',
    args: (input) => [{}, input],
    // Removing it: an endpoint left set would be asked about every later purchase of the run.
    input: async () => ({ url: '', fallback: 'DECLINE', timeoutMs: '1500' }),
    async verify(_ctx, { data, newAudit }) {
      expect(data).toEqual({ url: null, fallback: 'DECLINE', timeoutMs: 1500, secret: null });
      expect(newAudit[0]).toMatchObject({ resultCode: 0, summary: 'Removed the decision endpoint' });
    },
  },
  testDecisionEndpoint: {
    module: 'lib/backoffice/developers/decision-actions.ts',
    name: 'decision.test',
    permission: 'developers.manage',
    args: (input) => [{}, input],
    input: async (ctx) => ({ cardId: (await seedSpendingCard(ctx)).cardId }),
    async verify(ctx, { input, data, newAudit }) {
      const { cardId } = input as { cardId: number };
      expect(data).toMatchObject({
        authorization: { cardId, status: 'PENDING', amount: 1, decidedBy: 'RULES', declineReason: null },
        reversed: true,
        tookMs: expect.any(Number),
      });
      // In words, about the holder (issue 40 item 5): no raw codes (RULES, AGENCY_TIMEOUT).
      expect(newAudit[0]).toMatchObject({
        targetType: 'card',
        targetId: String(cardId),
        subjectUser: expect.any(String),
        resultCode: 0,
        summary: expect.stringMatching(
          /^Sent a test authorization of \$1\.00 on Virtual Visa Classic ••\d{4} of Jane O'Connor: approved, decided by the wallet's own checks \(card status, controls, balance\), in \d+ ms$/,
        ),
      });
      // The test leaves nothing held.
      const [row] = await rawRows<{ status: string }>(
        ctx.db,
        sql`select status from wallet.authorizations where card_id = ${cardId}`,
      );
      expect(row?.status).toBe('REVERSED');
    },
  },
  redeliverWebhookEvent: {
    module: 'lib/backoffice/developers/actions.ts',
    name: 'event.redeliver',
    permission: 'developers.manage',
    async input(ctx) {
      const endpointId = await seedEndpoint(ctx);
      await seedWalletUser(ctx);
      const events = await callWallet<{ list: { id: string }[] }>(
        ctx.baseUrl,
        'eventList',
        { type: 'user.registered', pageSize: 1 },
        ctx.wallet,
      );
      return { eventId: events.body.data!.list[0]!.id, endpointId };
    },
    async verify(ctx, { input, data, newAudit }) {
      const { eventId, endpointId } = input as { eventId: string; endpointId: number };
      expect(data).toEqual({ eventId, endpointId, status: 'PENDING' });
      expect(newAudit[0]).toMatchObject({ targetType: 'event', targetId: eventId });
    },
  },
  sendTestEvent: {
    module: 'lib/backoffice/developers/actions.ts',
    name: 'webhook.test',
    permission: 'developers.manage',
    async input(ctx) {
      return { endpointId: await seedEndpoint(ctx) };
    },
    async verify(ctx, { input, data, newAudit }) {
      const { endpointId } = input as { endpointId: number };
      expect(data).toEqual({ endpointId, eventId: expect.stringMatching(/^evt_/) });
      const { eventId } = data as { eventId: string };
      expect(newAudit[0]).toMatchObject({
        targetType: 'webhook',
        targetId: String(endpointId),
        summary: `Sent test event ${eventId} to webhook endpoint ${endpointId}`,
      });
    },
  },

  // lib/backoffice/disputes/actions.ts ---------------------------------------------------------------
  openDispute: {
    module: 'lib/backoffice/disputes/actions.ts',
    name: 'dispute.open',
    permission: 'disputes.open',
    args: (input) => [{}, input],
    async input(ctx) {
      const purchase = await seedPurchase(ctx, true);
      return {
        ...purchase,
        reason: 'FRAUDULENT',
        amount: '4.00',
        explanation: 'The caller was at home with the card.',
        requestId: randomBytes(12).toString('hex'),
      };
    },
    async verify(ctx, { input, data, newAudit }) {
      const { appUserId, cardId } = input as { appUserId: string; cardId: number };
      const { disputeId } = data as { disputeId: number };
      // A fraud dispute locks the card in the same transaction (docs/disputes.md "Rules").
      expect(data).toEqual({ disputeId: expect.any(Number), status: 'OPEN', cardLocked: true });
      expect(await cardStatus(ctx, cardId)).toBe('LOCKED');
      expect(newAudit[0]).toMatchObject({
        action: 'dispute.open',
        targetType: 'dispute',
        targetId: String(disputeId),
        subjectUser: appUserId,
        resultCode: 0,
        note: 'The caller was at home with the card.',
        summary: expect.stringMatching(
          new RegExp(
            `^Opened a dispute \\(not made by the cardholder\\) of \\$4\\.00 of the purchase at Matrix Shop on Jane O'Connor's Virtual Visa Classic ••\\d{4} \\(transaction \\d+\\): dispute ${disputeId} of \\$4\\.00, due by \\d{4}-\\d{2}-\\d{2}; the card is locked$`,
          ),
        ),
      });
    },
  },
  submitDispute: disputeStepCase(
    'submitDispute',
    'dispute.submit',
    'disputes.manage',
    () => ({ evidence: 'Tracking shows no delivery.' }),
    {
      status: 'SUBMITTED',
      summary: /^Sent dispute \d+ \(Matrix Shop\) to the merchant's bank with its evidence$/,
      note: 'Tracking shows no delivery.',
    },
  ),
  withdrawDispute: disputeStepCase(
    'withdrawDispute',
    'dispute.withdraw',
    'disputes.manage',
    () => ({ note: 'The parcel came today.' }),
    {
      status: 'WITHDRAWN',
      summary: /^Withdrew dispute \d+ \(Matrix Shop\)$/,
      note: 'The parcel came today.',
    },
  ),
  settleDispute: disputeStepCase(
    'settleDispute',
    'sandbox.dispute_outcome',
    'sandbox.use',
    () => ({ outcome: 'WON' }),
    {
      status: 'WON',
      summary: /^Simulated the merchant's bank's answer to dispute \d+ \(Matrix Shop\): won$/,
      note: null,
    },
  ),

  // lib/backoffice/staff-requests/actions.ts -------------------------------------------------------
  fileStaffRequestAction: {
    module: 'lib/backoffice/staff-requests/actions.ts',
    name: 'staff_request.file',
    permission: 'cards.request',
    args: (input) => [{}, input],
    async input(ctx) {
      const { appUserId, cardId } = await seedCard(ctx, { lock: true });
      return { appUserId, cardId, kind: 'card.replace', note: 'The caller lost it on a train' };
    },
    async verify(ctx, { input, data, newAudit }) {
      const { appUserId, cardId } = input as { appUserId: string; cardId: number };
      const [row] = await ctx.db
        .select()
        .from(staffRequests)
        .where(and(eq(staffRequests.appUserId, appUserId), eq(staffRequests.cardId, cardId)));
      expect(row).toMatchObject({
        kind: 'card.replace',
        status: 'OPEN',
        note: 'The caller lost it on a train',
      });
      expect(data).toEqual({ id: row!.id, filed: true });
      expect(newAudit[0]).toMatchObject({ action: 'staff_request.file', outcome: 'success' });
    },
  },
  closeStaffRequestAction: {
    module: 'lib/backoffice/staff-requests/actions.ts',
    name: 'staff_request.close',
    permission: 'cards.manage',
    successAudit: 'staff_request.dismiss',
    args: (input) => [{}, input],
    async input(ctx) {
      const { appUserId, cardId } = await seedCard(ctx, { lock: true });
      const [row] = await ctx.db
        .insert(staffRequests)
        .values({
          kind: 'card.unlock',
          status: 'OPEN',
          appUserId,
          cardId,
          summary: `Unlock card ${cardId} of user ${appUserId}`,
          note: 'Found it in a coat pocket',
          makerId: ctx.accounts.support.id,
          makerEmail: ctx.accounts.support.email,
          createdAt: new Date(),
        })
        .returning();
      return { id: row!.id, outcome: 'DISMISSED', comment: 'The holder must call us themselves' };
    },
    async verify(ctx, { input }) {
      const { id } = input as { id: number };
      const [row] = await ctx.db.select().from(staffRequests).where(eq(staffRequests.id, id));
      expect(row).toMatchObject({ status: 'DISMISSED', comment: 'The holder must call us themselves' });
    },
  },

  // lib/backoffice/deposits/actions.ts ----------------------------------------------------------------
  requestDepositRelease: {
    module: 'lib/backoffice/deposits/actions.ts',
    name: 'deposit.release',
    permission: 'deposits.decide',
    successAudit: 'approval.request',
    args: (input) => [{}, input],
    async input(ctx) {
      const { appUserId, depositId } = await seedHeldDeposit(ctx);
      return {
        depositId,
        appUserId,
        decision: 'CREDIT',
        note: 'Known payroll sender',
        requestId: randomBytes(12).toString('hex'),
      };
    },
    async verify(ctx, { input, newAudit }) {
      const { depositId } = input as { depositId: number };
      const [row] = await ctx.db
        .select()
        .from(approvalRequests)
        .where(eq(approvalRequests.requestId, (input as { requestId: string }).requestId));
      expect(row).toMatchObject({ kind: 'deposit.release', status: 'PENDING', operation: 'depositRelease' });
      expect(row!.params).toMatchObject({ depositId, decision: 'CREDIT', note: 'Known payroll sender' });
      expect(newAudit[0]).toMatchObject({ action: 'approval.request', outcome: 'success' });
    },
  },
  saveKytRules: {
    module: 'lib/backoffice/deposits/actions.ts',
    name: 'kyt.rules.set',
    permission: 'kyt.manage',
    args: (input) => [{}, input],
    input: async () => ({
      blockedAddresses: `0x${'b1'.repeat(20)}`,
      reviewAddresses: '',
      reviewAmount: '1000.00',
      severeAmount: '10000.00',
      apiRelease: 'true',
    }),
    async verify(ctx, { newAudit }) {
      const rules = await callWallet<{ blockedAddresses: string[] }>(ctx.baseUrl, 'kytRules', {}, ctx.wallet);
      expect(rules.body.data).toEqual({
        blockedAddresses: [`0x${'b1'.repeat(20)}`],
        reviewAddresses: [],
        reviewAmount: 1000,
        severeAmount: 10000,
        apiRelease: true,
      });
      expect(newAudit[0]).toMatchObject({ action: 'kyt.rules.set', targetType: 'kyt', outcome: 'success' });
    },
  },
};

/** A user with a deposit KYT held (20,000 USDT: over the default severe amount). */
async function seedHeldDeposit(ctx: CaseContext): Promise<{ appUserId: string; depositId: number }> {
  const appUserId = await seedWalletUser(ctx);
  const address = await callWallet<{ address: string }>(
    ctx.baseUrl,
    'depositAddress',
    { appUserId, chain: 'ETHEREUM' },
    ctx.wallet,
  );
  const held = await callWallet<{ depositId: number; status: string }>(
    ctx.baseUrl,
    'simulateDeposit',
    {
      chain: 'ETHEREUM',
      address: address.body.data!.address,
      txHash: `0x${createHash('sha256').update(ctx.unique('tx')).digest('hex')}`,
      amount: '20000',
      fromAddress: `0x${'a1'.repeat(20)}`,
      confirmations: 12,
    },
    ctx.wallet,
  );
  if (held.body.data?.status !== 'HELD') throw new Error(`could not seed a held deposit: ${held.text}`);
  return { appUserId, depositId: held.body.data.depositId };
}

/** A deposit of 50.00 USDT on Ethereum with no confirmations yet (CONFIRMING). */
async function seedConfirmingDeposit(ctx: CaseContext): Promise<{ appUserId: string; depositId: number }> {
  const appUserId = await seedWalletUser(ctx);
  const address = await callWallet<{ address: string }>(
    ctx.baseUrl,
    'depositAddress',
    { appUserId, chain: 'ETHEREUM' },
    ctx.wallet,
  );
  const seen = await callWallet<{ depositId: number; status: string }>(
    ctx.baseUrl,
    'simulateDeposit',
    {
      chain: 'ETHEREUM',
      address: address.body.data!.address,
      txHash: `0x${createHash('sha256').update(ctx.unique('tx')).digest('hex')}`,
      amount: '50',
      fromAddress: `0x${'b2'.repeat(20)}`,
      confirmations: 0,
    },
    ctx.wallet,
  );
  if (seen.body.data?.status !== 'CONFIRMING') throw new Error(`could not seed a deposit: ${seen.text}`);
  return { appUserId, depositId: seen.body.data.depositId };
}

/** An endpoint for a type this run never produces (nothing is sent to it). */
async function seedEndpoint(ctx: CaseContext): Promise<number> {
  const added = await callWallet<{ endpointId: number }>(
    ctx.baseUrl,
    'webhookAdd',
    { url: `https://93.184.215.14/${ctx.unique('seed-hook')}`, events: 'asset.low_balance' },
    ctx.wallet,
  );
  if (added.body.code !== 0) throw new Error(`could not seed a webhook endpoint: ${added.text}`);
  return added.body.data!.endpointId;
}

/** Whether docs/back-office.md "Roles" lets `caller` run the action (with a valid input). */
export function isAllowed(actionCase: ActionCase, caller: Caller): boolean {
  if (actionCase.permission === 'public') return true;
  if (caller === 'signed-out') return false;
  if (actionCase.permission === 'signed-in') return true;
  const allowed: Record<Permission, readonly StaffRole[]> = {
    'assets.read': ['admin', 'operator', 'support'],
    'users.read': ['admin', 'operator', 'support'],
    'cards.read': ['admin', 'operator', 'support'],
    'users.register': ['admin', 'operator'],
    'addresses.add': ['admin', 'operator'],
    'addresses.manage': ['admin', 'operator'],
    'cards.issue': ['admin', 'operator'],
    'cards.lock': ['admin', 'operator', 'support'],
    'cards.manage': ['admin', 'operator'],
    'cards.request': ['admin', 'operator', 'support'],
    'money.transfer': ['admin', 'operator'],
    'staff.read': ['admin'],
    'staff.manage': ['admin'],
    'audit.read': ['admin'],
    'audit.read_user': ['admin', 'operator', 'support'],
    'developers.read': ['admin'],
    'developers.manage': ['admin'],
    'approvals.read': ['admin', 'operator', 'support'],
    'approvals.decide': ['admin', 'operator'],
    'settings.manage': ['admin'],
    'spending.manage': ['admin', 'operator'],
    'sandbox.use': ['admin', 'operator'],
    'deposits.read': ['admin', 'operator', 'support'],
    'deposits.decide': ['admin'],
    'kyt.manage': ['admin'],
    'disputes.open': ['admin', 'operator', 'support'],
    'disputes.manage': ['admin', 'operator'],
  };
  return allowed[actionCase.permission].includes(caller);
}

/**
 * Mutating permissions granted to support: locking a card a caller reports lost, asking an
 * operator to replace or unlock it, and opening a dispute on a purchase the caller does not
 * recognise (docs/back-office.md "Roles", "Staff requests", "Disputes").
 */
export const SUPPORT_MUTATIONS: readonly Permission[] = ['cards.lock', 'cards.request', 'disputes.open'];

/** Mutating permissions never granted to support (docs/back-office.md "Roles"). */
export const MUTATING_PERMISSIONS: readonly Permission[] = [
  'users.register',
  'addresses.add',
  'addresses.manage',
  'cards.issue',
  'cards.manage',
  'money.transfer',
  'staff.manage',
  'developers.manage',
  'settings.manage',
  'approvals.decide',
  'spending.manage',
  'sandbox.use',
  'deposits.decide',
  'kyt.manage',
  'disputes.manage',
];
