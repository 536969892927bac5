// Asking for a held deposit's release, and approving it with a comment (issue 40 item 4;
// docs/back-office.md "Compliance"), in-process with admins' sessions against the real wallet
// service over HTTP: the request carries the deposit as the wallet holds it (the person by name,
// the amount, the risk level and every KYT reason in words) and the maker's note as their reason;
// a deposit that is not held for that person is refused and nothing is asked; the approver's
// comment is kept with the request and in the audit log; a request asked before facts were kept
// reads them from the wallet when shown. Mocked as in approval-actions.test.ts:
// the session, the request's headers, revalidatePath.
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { approveApproval } from '@/lib/backoffice/approvals/actions';
import { requestDepositRelease } from '@/lib/backoffice/deposits/actions';
import type { CurrentStaff } from '@/lib/backoffice/auth/current-staff';
import { approvalRequests, auditLog } from '@/lib/backoffice/db/schema';
import { createStaffAccount } from '@/lib/backoffice/staff/create-staff-account';
import { formatDateTime } from '@/lib/backoffice/shared/format';
import { RISK_LEVEL_WORDS } from '@/lib/backoffice/deposits/deposit-words';
import { depositReleaseFactsNow } from '@/lib/backoffice/deposits/release-facts-now';
import { RISK_REASON_WORDS } from '@/lib/wallet/contract/enums';
import type { Deposit } from '@/lib/wallet/contract/schemas';
import { callWallet, kycParams } from '../helpers/wallet-call';
import { ethSender, ethTxHash } from '../helpers/deposits';
import { createTestDatabase, type TestDatabase } from '../helpers/wallet-db';
import { pointBackofficeClientAt, startWalletServer, type WalletTestServer } from '../helpers/wallet-server';

const session = vi.hoisted(() => ({ staff: null as CurrentStaff | null }));
vi.mock('@/lib/backoffice/auth/current-staff', () => ({
  getCurrentStaff: async () => session.staff,
  requireStaff: async () => {
    throw new Error('pages are not under test here');
  },
}));
vi.mock('next/headers', () => ({
  headers: async () => new Headers({ 'x-forwarded-for': '203.0.113.9' }),
  cookies: async () => ({ get: () => undefined, getAll: () => [], set: () => undefined }),
}));
vi.mock('next/cache', () => ({ revalidatePath: () => undefined }));

let database: TestDatabase;
let wallet: WalletTestServer;
let maker: CurrentStaff;
let checker: CurrentStaff;

beforeAll(async () => {
  database = await createTestDatabase();
  wallet = await startWalletServer();
  pointBackofficeClientAt(wallet.baseUrl);
  const admins: CurrentStaff[] = [];
  for (const name of ['maker', 'checker']) {
    const email = `${name}@deposit-release.example.com`;
    const { staffId } = await createStaffAccount({
      db: database.backoffice,
      email,
      name,
      role: 'admin',
      password: 'deposit-release-1',
    });
    admins.push({ id: staffId, email, name, role: 'admin' });
  }
  [maker, checker] = admins as [CurrentStaff, CurrentStaff];
});

afterAll(async () => {
  await wallet?.close();
  await database?.close();
});

type Held = Pick<Deposit, 'depositId' | 'createdAt' | 'fromAddress'> & { risk: NonNullable<Deposit['risk']> };

/** A registered person's first deposit, 20,000 USDT from a reviewed address: HELD. */
async function heldDeposit(appUserId: string): Promise<Held> {
  const kyc = kycParams(appUserId, { firstName: 'Grace', lastName: 'Hopper' });
  expect((await callWallet(wallet.baseUrl, 'registerAndKyc', kyc)).body.code).toBe(0);
  const fromAddress = ethSender(`release-${appUserId}`);
  const rules = await callWallet(wallet.baseUrl, 'kytRulesSet', { reviewAddresses: fromAddress });
  expect(rules.body.code).toBe(0);
  const address = await callWallet<{ address: string }>(wallet.baseUrl, 'depositAddress', {
    appUserId,
    chain: 'ETHEREUM',
  });
  const deposit = await callWallet<Held & { status: string }>(wallet.baseUrl, 'simulateDeposit', {
    chain: 'ETHEREUM',
    address: address.body.data!.address,
    txHash: ethTxHash(`release-${appUserId}`),
    amount: '20000',
    fromAddress,
    confirmations: 12,
  });
  expect(deposit.body.data!.status).toBe('HELD');
  return deposit.body.data!;
}

describe('a held deposit, asked and approved', () => {
  it('the request reads as the wallet holds the deposit; the note is the reason; the approval keeps its comment', async () => {
    const held = await heldDeposit('grace-hopper-001');
    session.staff = maker;
    const asked = await requestDepositRelease(
      {},
      {
        depositId: held.depositId,
        appUserId: 'grace-hopper-001',
        decision: 'CREDIT',
        note: 'Salary from her employer, confirmed by phone',
        requestId: 'deposit-release-request-1',
      },
    );
    const id = asked?.data?.approval.id;
    expect(id).toEqual(expect.any(Number));
    const [row] = await database.backoffice
      .select()
      .from(approvalRequests)
      .where(eq(approvalRequests.id, id!));
    expect(row).toMatchObject({
      kind: 'deposit.release',
      status: 'PENDING',
      summary: `Credit held deposit ${held.depositId} of Grace Hopper: 20,000.00 USDT`,
      reason: 'Salary from her employer, confirmed by phone',
      amount: '20000',
      currency: 'USDT',
      params: {
        depositId: held.depositId,
        decision: 'CREDIT',
        note: 'Salary from her employer, confirmed by phone',
        requestId: 'deposit-release-request-1',
      },
    });
    expect(row!.facts).toEqual([
      { term: 'Decision', text: "Credit the user's wallet" },
      { term: 'Person', text: 'Grace Hopper', href: '/users/grace-hopper-001' },
      { term: 'Deposit', text: `#${held.depositId} on ETHEREUM, ${formatDateTime(held.createdAt)}` },
      { term: 'Amount', text: '20,000.00 USDT (credits 20,000.00 USD)' },
      { term: 'From', text: held.fromAddress },
      { term: 'Risk', text: RISK_LEVEL_WORDS[held.risk.level] },
      // Every reason the wallet gave, each in its words, one a line.
      { term: 'KYT reasons', text: held.risk.reasons.map((r) => RISK_REASON_WORDS[r]).join('\n') },
    ]);
    expect(held.risk.level).toBe('HIGH');
    expect(held.risk.reasons).toEqual(expect.arrayContaining(['REVIEW_ADDRESS', 'AMOUNT_OVER_SEVERE']));

    session.staff = checker;
    const approved = await approveApproval({}, { id: id!, comment: '  Checked the payslip.  ' });
    expect(approved?.data).toMatchObject({ id, status: 'APPROVED', resultCode: 0 });
    const [done] = await database.backoffice
      .select()
      .from(approvalRequests)
      .where(eq(approvalRequests.id, id!));
    expect(done).toMatchObject({
      status: 'APPROVED',
      comment: 'Checked the payslip.',
      deciderId: checker.id,
    });
    const [entry] = await database.backoffice
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'approval.approve'))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(entry).toMatchObject({
      actorEmail: checker.email,
      targetId: String(id),
      note: 'Checked the payslip.',
    });
    expect(entry!.summary).toContain('(comment: Checked the payslip.)');
    const list = await callWallet<{ list: { status: string }[] }>(wallet.baseUrl, 'depositList', {
      appUserId: 'grace-hopper-001',
    });
    expect(list.body.data!.list.map((d) => d.status)).toEqual(['CREDITED']);

    // Credited now: asking again is refused, and nothing is asked.
    session.staff = maker;
    const again = await requestDepositRelease(
      {},
      {
        depositId: held.depositId,
        appUserId: 'grace-hopper-001',
        decision: 'REJECT',
        note: 'Twice',
        requestId: 'deposit-release-request-2',
      },
    );
    expect(again?.serverError).toBe(
      `Deposit ${held.depositId} is no longer held (someone may have decided it already). Reload the page to see its status now.`,
    );
    expect(
      await database.backoffice.$count(
        approvalRequests,
        eq(approvalRequests.requestId, 'deposit-release-request-2'),
      ),
    ).toBe(0);
  });

  it("a held deposit named with another person's ID is refused: the facts come from the wallet, not the form", async () => {
    const held = await heldDeposit('ada-lovelace-002');
    expect(
      (await callWallet(wallet.baseUrl, 'registerAndKyc', kycParams('someone-else-003'))).body.code,
    ).toBe(0);
    session.staff = maker;
    const asked = await requestDepositRelease(
      {},
      {
        depositId: held.depositId,
        appUserId: 'someone-else-003',
        decision: 'CREDIT',
        note: 'Wrong person',
        requestId: 'deposit-release-request-3',
      },
    );
    expect(asked?.serverError).toMatch(/^Deposit \d+ is no longer held/);
    expect(asked?.data).toBeUndefined();
  });

  it('a request asked before facts were kept reads them from the wallet now; any other request reads none', async () => {
    const held = await heldDeposit('katherine-johnson-004');
    // As the release was recorded before: the call's parameters and a summary, no facts, no reason.
    const legacy = {
      kind: 'deposit.release',
      facts: null,
      subjectUser: 'katherine-johnson-004',
      params: {
        depositId: held.depositId,
        decision: 'REJECT',
        note: 'Unknown sender',
        requestId: 'legacy-1',
      },
    };
    expect(await depositReleaseFactsNow(legacy)).toEqual({
      amount: '20,000.00 USDT',
      facts: [
        { term: 'Decision', text: 'Reject: credit nothing' },
        { term: 'Person', text: 'Grace Hopper', href: '/users/katherine-johnson-004' },
        { term: 'Deposit', text: `#${held.depositId} on ETHEREUM, ${formatDateTime(held.createdAt)}` },
        { term: 'Amount', text: '20,000.00 USDT (credits 20,000.00 USD)' },
        { term: 'From', text: held.fromAddress },
        { term: 'Risk', text: RISK_LEVEL_WORDS[held.risk.level] },
        { term: 'KYT reasons', text: held.risk.reasons.map((r) => RISK_REASON_WORDS[r]).join('\n') },
      ],
    });
    expect(
      await depositReleaseFactsNow({ ...legacy, facts: [{ term: 'Decision', text: 'kept' }] }),
    ).toBeNull();
    expect(await depositReleaseFactsNow({ ...legacy, kind: 'card.unlock' })).toBeNull();
    expect(
      await depositReleaseFactsNow({
        ...legacy,
        params: { ...legacy.params, depositId: held.depositId + 1000 },
      }),
    ).toBeNull();
  });
});
