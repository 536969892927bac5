// Approvals under real concurrency, on PostgreSQL (docs/back-office.md "Approvals"): ten members of
// staff approving one request at the same moment make one wallet call (the request's conditional
// claim lets one through), and the agency's money moves once. The wallet is the real service over
// HTTP; the calls are counted on the back-office's side, where a second call would be made.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approveRequest } from '@/lib/backoffice/approvals/approve-request';
import { claimDirectTransfer } from '@/lib/backoffice/approvals/direct-transfers';
import { requestApproval } from '@/lib/backoffice/approvals/request-approval';
import type { CurrentStaff } from '@/lib/backoffice/auth/current-staff';
import { approvalRequests, auditLog, directTransfers, type StaffRole } from '@/lib/backoffice/db/schema';
import { StaffFacingError } from '@/lib/backoffice/shared/errors';
import { DEFAULT_SETTINGS } from '@/lib/backoffice/settings/settings-schema';
import { createStaffAccount } from '@/lib/backoffice/staff/create-staff-account';
import { createWalletClient, type WalletClient } from '@/lib/backoffice/wallet-client';
import { creditAsset } from '@/lib/wallet/service/asset/credit-asset';
import { assets, transfers } from '@/lib/wallet/service/db/schema';
import { createFreshPgDatabase } from '../helpers/pg';
import { callWallet, kycParams } from '../helpers/wallet-call';
import { createPostgresTestDatabase, TEST_AGENCY, type TestDatabase } from '../helpers/wallet-db';
import { startWalletServer, type WalletTestServer } from '../helpers/wallet-server';
import { ledgerSumsToBalances } from '../helpers/wallet-state';

let pgDb: { url: string; drop(): Promise<void> };
let db: TestDatabase;
let server: WalletTestServer;
let wallet: WalletClient;

beforeAll(async () => {
  pgDb = await createFreshPgDatabase();
  db = await createPostgresTestDatabase(pgDb.url, 60);
  server = await startWalletServer();
  wallet = createWalletClient({
    baseUrl: server.baseUrl,
    agencyCode: TEST_AGENCY.agencyCode,
    appId: TEST_AGENCY.appId,
    secret: TEST_AGENCY.appSecret,
  });
});

afterAll(async () => {
  await server?.close();
  await db?.close();
  await pgDb?.drop();
});

async function staffMember(role: StaffRole, email: string): Promise<CurrentStaff> {
  const { staffId } = await createStaffAccount({
    db: db.backoffice,
    email,
    name: email,
    role,
    password: 'staff-password-123',
  });
  return { id: staffId, email, name: email, role };
}

const balance = async (assetId: number) =>
  (await db.db.select({ b: assets.balance }).from(assets).where(eq(assets.id, assetId)))[0]!.b;

describe('approvals on PostgreSQL', () => {
  it('ten approvals of one request at the same moment make one wallet call, one transfer', async () => {
    const maker = await staffMember('operator', 'maker@agency.test');
    const approvers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        staffMember(i % 2 ? 'admin' : 'operator', `approver-${i}@agency.test`),
      ),
    );
    expect((await callWallet(server.baseUrl, 'registerAndKyc', kycParams('pg-approval-1'))).body.code).toBe(
      0,
    );
    const listed = await callWallet<{ assetId: number; type: string }[]>(server.baseUrl, 'userAssetList', {
      appUserId: 'pg-approval-1',
    });
    const userWallet = listed.body.data!.find((a) => a.type === 'WALLET')!.assetId;
    await creditAsset({ db: db.db, assetId: db.agencyAssetId, amountMinor: 5_000_00 });
    const agencyBefore = await balance(db.agencyAssetId);

    const requestId = 'pg-approval-once-0001';
    const { approval } = await requestApproval({
      db: db.backoffice,
      actor: maker,
      call: {
        kind: 'asset.transfer',
        operation: 'assetTransfer',
        params: { fromAssetId: db.agencyAssetId, toAssetId: userWallet, amount: '1000.00', requestId },
        summary: 'Fund the wallet of user pg-approval-1: 1000.00 USD',
        amount: '1000.00',
        currency: 'USD',
        subjectUser: 'pg-approval-1',
        targetType: 'user',
        targetId: 'pg-approval-1',
        returnPath: '/users/pg-approval-1',
      },
    });

    let calls = 0;
    const call = (operation: string, params: Record<string, unknown>) => {
      calls++;
      return wallet[operation as keyof WalletClient](params as never);
    };
    const outcomes = await Promise.allSettled(
      approvers.map((actor) => approveRequest({ db: db.backoffice, actor, id: approval.id, call })),
    );

    expect(calls).toBe(1);
    const won = outcomes.filter((o) => o.status === 'fulfilled');
    expect(won).toHaveLength(1);
    expect(won[0]!.value).toMatchObject({ id: approval.id, status: 'APPROVED', resultCode: 0 });
    for (const lost of outcomes.filter((o) => o.status === 'rejected')) {
      expect(lost.reason).toBeInstanceOf(StaffFacingError);
      expect((lost.reason as Error).message).toMatch(/^Request \d+ is no longer waiting/);
    }
    expect(await balance(db.agencyAssetId)).toBe(agencyBefore - 1000_00);
    expect(await balance(userWallet)).toBe(1000_00);
    expect(await db.db.select().from(transfers).where(eq(transfers.toAssetId, userWallet))).toHaveLength(1);
    expect(await ledgerSumsToBalances(db.db)).toBe(true);
    const [stored] = await db.backoffice
      .select()
      .from(approvalRequests)
      .where(eq(approvalRequests.id, approval.id));
    expect(stored).toMatchObject({ status: 'APPROVED', resultCode: 0 });
    const approvals = await db.backoffice
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'approval.approve'));
    expect(approvals).toHaveLength(1);
  });

  it('one maker’s transfers at the same moment are summed one after the other: of 600.00 each, one is made', async () => {
    const maker = await staffMember('operator', 'structuring@agency.test');
    const other = await staffMember('operator', 'other-maker@agency.test');
    const claim = (makerId: number, n: number) =>
      claimDirectTransfer({
        db: db.backoffice,
        policy: DEFAULT_SETTINGS,
        makerId,
        requestId: `pg-direct-${makerId}-${n}-abcdef`,
        amount: '600.00',
        fromAssetId: db.agencyAssetId,
      });
    const [a, b] = await Promise.all([claim(maker.id, 1), claim(maker.id, 2)]);
    expect([a.held, b.held].sort()).toEqual([false, true]);

    // Ten at once, by two makers: one of each maker's goes through, the rest wait.
    const many = await Promise.all(
      Array.from({ length: 10 }, (_, i) => claim(i % 2 ? other.id : maker.id, 10 + i)),
    );
    expect(many.filter((c, i) => !c.held && i % 2 === 1)).toHaveLength(1);
    expect(many.filter((c) => !c.held)).toHaveLength(1);
    const counted = await db.backoffice.select().from(directTransfers);
    expect(counted.map((c) => [c.makerId, c.amount]).sort()).toEqual(
      [
        [maker.id, '600.000000'],
        [other.id, '600.000000'],
      ].sort(),
    );
  });
});
