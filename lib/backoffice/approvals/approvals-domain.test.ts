// The approval workflow (docs/back-office.md "Approvals") against a real database, the wallet call
// counted: a maker's request waits with its exact call and requestId (a double submit is one
// request); the maker never approves it, admins included; another who may do the action approves
// and the call is made once, with that requestId; a refusal by the wallet leaves it FAILED with the
// code; rejection needs a comment and withdrawal is the maker's; after 72 hours (the clock
// injected) it expires and cannot be decided. Every step writes its audit row in the same
// transaction.
import { asc, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CurrentStaff } from '@/lib/backoffice/auth/current-staff';
import type { BackofficeDatabase as Database } from '@/lib/backoffice/db';
import { approvalRequests, auditLog, type StaffRole } from '@/lib/backoffice/db/schema';
import { PermissionDeniedError, StaffFacingError } from '@/lib/backoffice/shared/errors';
import { createStaffAccount } from '@/lib/backoffice/staff/create-staff-account';
import { walletErrorFromEnvelope } from '@/lib/backoffice/wallet-client/errors';
import { resetTestDatabase } from '@/tests/helpers/wallet-db';
import { DEFAULT_SETTINGS } from '@/lib/backoffice/settings/settings-schema';
import { APPROVAL_TTL_MS } from './approval-kinds';
import { claimDirectTransfer, directTransferHeadroom } from './direct-transfers';
import { approveRequest } from './approve-request';
import { STALE_AFTER_MS } from './request-state';
import { approvalsForPage, countWaitingFor, listApprovals } from './list-approvals';
import { rejectRequest, withdrawRequest } from './reject-request';
import { requestApproval, type ApprovalCall } from './request-approval';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });

let db: Database;
let operator: CurrentStaff;
let otherOperator: CurrentStaff;
let admin: CurrentStaff;
let support: CurrentStaff;
let seq = 0;

async function seed(role: StaffRole, email: string): Promise<CurrentStaff> {
  const { staffId } = await createStaffAccount({
    db,
    email,
    name: email,
    role,
    password: 'staff-password-123',
  });
  return { id: staffId, email, name: email, role };
}

beforeEach(async () => {
  db = (await resetTestDatabase()).backoffice;
  operator = await seed('operator', 'olga@agency.test');
  otherOperator = await seed('operator', 'otto@agency.test');
  admin = await seed('admin', 'ada@agency.test');
  support = await seed('support', 'sam@agency.test');
});

const T0 = new Date('2026-11-24T10:00:00.000Z');

function transferCall(requestId = `req-${++seq}-abcdefgh`): ApprovalCall {
  return {
    kind: 'asset.transfer',
    operation: 'assetTransfer',
    params: { fromAssetId: 1, toAssetId: 7, amount: '1000.00', requestId },
    summary:
      "Fund Grace Hopper's wallet: $1,000.00 from the agency's Card margin (USD) to Grace Hopper's Wallet (USD)",
    facts: [
      { term: 'For', text: 'Grace Hopper', href: '/users/u-1' },
      { term: 'From', text: "the agency's Card margin (USD)", href: '/assets/1' },
      { term: 'To', text: "Grace Hopper's Wallet (USD)", href: '/assets/7?user=u-1' },
    ],
    reason: 'Payroll for November',
    amount: '1000.00',
    currency: 'USD',
    subjectUser: 'u-1',
    targetType: 'user',
    targetId: 'u-1',
    returnPath: '/users/u-1',
  };
}

/** A wallet that answers with a transfer, recording every call it gets. */
function countingWallet(
  answer: (params: Record<string, unknown>) => Promise<unknown> = async () => ({ transferId: 9 }),
) {
  const calls: { operation: string; params: Record<string, unknown> }[] = [];
  return {
    calls,
    call: async (operation: string, params: Record<string, unknown>) => {
      calls.push({ operation, params });
      return answer(params);
    },
  };
}

const row = async (id: number) =>
  (await db.select().from(approvalRequests).where(eq(approvalRequests.id, id)))[0]!;
/** The audit rows of this workflow (creating the staff accounts writes its own). */
const audit = async () =>
  (await db.select().from(auditLog).orderBy(asc(auditLog.id))).filter((e) => !e.action.startsWith('staff.'));

async function asked(call = transferCall(), now = T0) {
  const { approval } = await requestApproval({ db, actor: operator, call, now });
  return approval.id;
}

describe('asking', () => {
  it('records the exact call as PENDING for 72 hours, with one audit row', async () => {
    const call = transferCall('fixed-request-id-0001');
    const result = await requestApproval({ db, actor: operator, call, now: T0 });
    expect(result).toEqual({
      approval: { id: result.approval.id, status: 'PENDING', expiresAt: '2026-11-27T10:00:00.000Z' },
    });
    expect(await row(result.approval.id)).toMatchObject({
      kind: 'asset.transfer',
      status: 'PENDING',
      requestId: 'fixed-request-id-0001',
      operation: 'assetTransfer',
      params: { fromAssetId: 1, toAssetId: 7, amount: '1000.00', requestId: 'fixed-request-id-0001' },
      makerId: operator.id,
      createdAt: T0,
      expiresAt: new Date(T0.getTime() + APPROVAL_TTL_MS),
      deciderId: null,
      resultCode: null,
      // In words for whoever decides, with the maker's reason.
      facts: call.facts,
      reason: 'Payroll for November',
    });
    expect(await audit()).toEqual([
      expect.objectContaining({
        action: 'approval.request',
        actorEmail: operator.email,
        targetType: 'approval',
        targetId: String(result.approval.id),
        subjectUser: 'u-1',
        outcome: 'success',
        summary: `Asked for approval (request ${result.approval.id}): ${call.summary}. Why: Payroll for November`,
      }),
    ]);
  });

  it('makes one request of a double submit, and refuses the requestId for anything else', async () => {
    const call = transferCall('double-submit-id-0001');
    const first = await requestApproval({ db, actor: operator, call, now: T0 });
    const second = await requestApproval({ db, actor: operator, call, now: T0 });
    expect(second).toEqual(first);
    await expect(requestApproval({ db, actor: otherOperator, call, now: T0 })).rejects.toThrow(
      'This form was already used for another request',
    );
    expect(await db.$count(approvalRequests)).toBe(1);
    expect((await audit()).filter((e) => e.action === 'approval.request')).toHaveLength(1);
  });

  it('refuses a role that may not do the action itself', async () => {
    await expect(
      requestApproval({ db, actor: support, call: transferCall(), now: T0 }),
    ).rejects.toBeInstanceOf(PermissionDeniedError);
    expect(await db.$count(approvalRequests)).toBe(0);
  });
});

describe('approving', () => {
  it('never lets the maker approve, admins included, and changes nothing', async () => {
    const wallet = countingWallet();
    const byAdmin = (await requestApproval({ db, actor: admin, call: transferCall(), now: T0 })).approval.id;
    const before = await audit();
    await expect(
      approveRequest({ db, actor: admin, id: byAdmin, call: wallet.call, now: T0 }),
    ).rejects.toThrow('You asked for this yourself: another member of staff must approve it.');
    expect(wallet.calls).toEqual([]);
    expect((await row(byAdmin)).status).toBe('PENDING');
    expect(await audit()).toEqual(before);
  });

  it('makes the recorded call once, with its requestId, and logs both steps', async () => {
    const wallet = countingWallet();
    const id = await asked(transferCall('approve-once-id-0001'));
    const outcome = await approveRequest({ db, actor: otherOperator, id, call: wallet.call, now: T0 });
    expect(outcome).toEqual({
      id,
      status: 'APPROVED',
      resultCode: 0,
      resultMessage: null,
      returnPath: '/users/u-1',
      result: { transferId: 9 },
    });
    expect(wallet.calls).toEqual([
      {
        operation: 'assetTransfer',
        params: { fromAssetId: 1, toAssetId: 7, amount: '1000.00', requestId: 'approve-once-id-0001' },
      },
    ]);
    expect(await row(id)).toMatchObject({ status: 'APPROVED', deciderId: otherOperator.id, resultCode: 0 });
    // A second approval finds it decided: no second call.
    await expect(approveRequest({ db, actor: admin, id, call: wallet.call, now: T0 })).rejects.toThrow(
      `Request ${id} is no longer waiting: approved and done by ${otherOperator.email}.`,
    );
    expect(wallet.calls).toHaveLength(1);
    const entries = (await audit()).map((e) => [e.action, e.actorEmail, e.outcome, e.resultCode]);
    expect(entries).toEqual([
      ['approval.request', operator.email, 'success', null],
      ['approval.approve', otherOperator.email, 'success', null],
      ['asset.transfer', otherOperator.email, 'success', 0],
    ]);
  });

  it('leaves a wallet refusal FAILED with its result code', async () => {
    const wallet = countingWallet(async () => {
      throw walletErrorFromEnvelope('assetTransfer', { code: 4001, msg: 'insufficient balance' });
    });
    const id = await asked();
    const outcome = await approveRequest({ db, actor: admin, id, call: wallet.call, now: T0 });
    expect(outcome).toMatchObject({ id, status: 'FAILED', resultCode: 4001 });
    expect(await row(id)).toMatchObject({ status: 'FAILED', resultCode: 4001 });
    expect(outcome.resultMessage).toBeTruthy();
    const last = (await audit()).at(-1)!;
    expect(last).toMatchObject({ action: 'asset.transfer', outcome: 'failure', resultCode: 4001 });
    await expect(
      approveRequest({ db, actor: otherOperator, id, call: wallet.call, now: T0 }),
    ).rejects.toThrow(StaffFacingError);
    expect(wallet.calls).toHaveLength(1);
  });

  it('may carry out again a call whose answer never came, with the same requestId', async () => {
    let reachable = false;
    const wallet = countingWallet(async () => {
      if (!reachable) throw new TypeError('fetch failed');
      return { transferId: 11 };
    });
    const id = await asked(transferCall('unknown-outcome-0001'));
    const first = await approveRequest({ db, actor: admin, id, call: wallet.call, now: T0 });
    expect(first).toMatchObject({ status: 'EXECUTING', resultCode: null });
    reachable = true;
    const again = await approveRequest({ db, actor: otherOperator, id, call: wallet.call, now: T0 });
    expect(again.status).toBe('APPROVED');
    expect(wallet.calls.map((c) => c.params.requestId)).toEqual([
      'unknown-outcome-0001',
      'unknown-outcome-0001',
    ]);
  });

  it('takes up a request left EXECUTING by a crash only once it is stale', async () => {
    const wallet = countingWallet();
    const id = await asked();
    await db
      .update(approvalRequests)
      .set({ status: 'EXECUTING', decidedAt: T0 })
      .where(eq(approvalRequests.id, id));
    await expect(approveRequest({ db, actor: admin, id, call: wallet.call, now: T0 })).rejects.toThrow(
      'no longer waiting',
    );
    const later = new Date(T0.getTime() + STALE_AFTER_MS + 1);
    expect((await approveRequest({ db, actor: admin, id, call: wallet.call, now: later })).status).toBe(
      'APPROVED',
    );
    expect(wallet.calls).toHaveLength(1);
  });

  it('refuses someone whose role may not do the action', async () => {
    const wallet = countingWallet();
    const id = await asked();
    await expect(
      approveRequest({ db, actor: support, id, call: wallet.call, now: T0 }),
    ).rejects.toBeInstanceOf(PermissionDeniedError);
    expect(wallet.calls).toEqual([]);
  });
});

describe('rejecting, withdrawing, expiring', () => {
  it('rejects with the comment; the maker may not reject, only withdraw', async () => {
    const wallet = countingWallet();
    const id = await asked();
    await expect(rejectRequest({ db, actor: operator, id, comment: 'no', now: T0 })).rejects.toThrow(
      'withdraw it instead',
    );
    expect(await rejectRequest({ db, actor: admin, id, comment: 'Too much at once', now: T0 })).toEqual({
      id,
      status: 'REJECTED',
      returnPath: '/users/u-1',
    });
    expect(await row(id)).toMatchObject({
      status: 'REJECTED',
      comment: 'Too much at once',
      deciderId: admin.id,
    });
    await expect(
      approveRequest({ db, actor: otherOperator, id, call: wallet.call, now: T0 }),
    ).rejects.toThrow(`Request ${id} is no longer waiting: rejected by ${admin.email}.`);
    expect(wallet.calls).toEqual([]);
    expect((await audit()).at(-1)).toMatchObject({
      action: 'approval.reject',
      summary: expect.stringContaining('Too much at once'),
    });
  });

  it('lets only the maker withdraw', async () => {
    const id = await asked();
    await expect(withdrawRequest({ db, actor: admin, id, now: T0 })).rejects.toThrow(
      'Only the person who asked can withdraw a request.',
    );
    expect(await withdrawRequest({ db, actor: operator, id, now: T0 })).toMatchObject({
      status: 'WITHDRAWN',
    });
    await expect(withdrawRequest({ db, actor: operator, id, now: T0 })).rejects.toThrow('no longer waiting');
  });

  it('expires after 72 hours: nobody can decide it, and the expiry is logged once', async () => {
    const wallet = countingWallet();
    const id = await asked();
    const justBefore = new Date(T0.getTime() + APPROVAL_TTL_MS - 1);
    expect(await countWaitingFor({ db, actor: admin, now: justBefore })).toBe(1);
    const after = new Date(T0.getTime() + APPROVAL_TTL_MS);
    expect(await countWaitingFor({ db, actor: admin, now: after })).toBe(0);
    await expect(approveRequest({ db, actor: admin, id, call: wallet.call, now: after })).rejects.toThrow(
      `Request ${id} expired on`,
    );
    await expect(rejectRequest({ db, actor: admin, id, comment: 'late', now: after })).rejects.toThrow(
      'expired',
    );
    await expect(withdrawRequest({ db, actor: operator, id, now: after })).rejects.toThrow('expired');
    expect(wallet.calls).toEqual([]);
    expect((await row(id)).status).toBe('EXPIRED');
    expect((await audit()).filter((e) => e.action === 'approval.expire')).toEqual([
      expect.objectContaining({ actorEmail: 'system', targetId: String(id), outcome: 'success' }),
    ]);
  });
});

describe('reading', () => {
  it('counts and lists what waits for each person: never their own, only kinds their role does', async () => {
    const mine = await asked();
    const theirs = (await requestApproval({ db, actor: otherOperator, call: transferCall(), now: T0 }))
      .approval.id;
    expect(await countWaitingFor({ db, actor: operator, now: T0 })).toBe(1);
    expect(await countWaitingFor({ db, actor: admin, now: T0 })).toBe(2);
    expect(await countWaitingFor({ db, actor: support, now: T0 })).toBe(0);
    const filters = { page: 1, size: 20, state: 'pending', kind: null, whose: 'for-me' } as const;
    expect((await listApprovals({ db, actor: operator, filters, now: T0 })).rows.map((r) => r.id)).toEqual([
      theirs,
    ]);
    const byMe = { ...filters, whose: 'mine' } as const;
    expect(
      (await listApprovals({ db, actor: operator, filters: byMe, now: T0 })).rows.map((r) => r.id),
    ).toEqual([mine]);
    const all = { ...filters, whose: 'anyone', state: 'all' } as const;
    const page = await listApprovals({ db, actor: support, filters: { ...all, size: 1 }, now: T0 });
    expect(page).toMatchObject({ hasNext: true });
    expect(page.rows.map((r) => r.id)).toEqual([theirs]);
  });

  it('shows a page its waiting requests to everyone, and their own outcomes to the maker, writing nothing', async () => {
    const id = await asked();
    const page = (actor: CurrentStaff, now: Date) =>
      approvalsForPage({ db, actor, returnPath: '/users/u-1', now });
    expect((await page(admin, T0)).map((r) => [r.id, r.status])).toEqual([[id, 'PENDING']]);
    const after = new Date(T0.getTime() + APPROVAL_TTL_MS);
    expect((await page(operator, after)).map((r) => [r.id, r.status])).toEqual([[id, 'EXPIRED']]);
    expect(await page(admin, after)).toEqual([]);
    expect((await row(id)).status).toBe('PENDING');
    expect(await approvalsForPage({ db, actor: admin, returnPath: '/users/u-2', now: T0 })).toEqual([]);
  });
});

describe('what the dialog is told before it is sent', () => {
  it('from which amount a transfer waits: the set amount less what the maker sent alone in 24 hours', async () => {
    const policy = { ...DEFAULT_SETTINGS, transferApprovalMinAmount: '1000.00' };
    const headroom = (now = T0) => directTransferHeadroom({ db, policy, makerId: operator.id, now });
    expect(await headroom()).toBe('1000.00');
    const claim = (amount: string, now: Date) =>
      claimDirectTransfer({
        db,
        policy,
        makerId: operator.id,
        requestId: `hr-${++seq}-abcdefgh`,
        amount,
        fromAssetId: 1,
        now,
      });
    expect(await claim('400.25', T0)).toMatchObject({ held: false });
    expect(await headroom()).toBe('599.75');
    // Another maker's transfers are theirs; a day later it no longer counts.
    expect(await directTransferHeadroom({ db, policy, makerId: otherOperator.id, now: T0 })).toBe('1000.00');
    expect(await headroom(new Date(T0.getTime() + 24 * 60 * 60 * 1000 + 1))).toBe('1000.00');
    expect(await claim('599.75', T0)).toMatchObject({ held: true });
    expect(
      await directTransferHeadroom({
        db,
        policy: { ...policy, transferApprovalOn: false },
        makerId: operator.id,
      }),
    ).toBeNull();
  });
});
