// The back-office's money and card actions under the approval policy
// (docs/back-office.md "Approvals"), called in-process with an operator's session against the real
// wallet service over HTTP: what the policy holds back waits as a request (no wallet call:
// balances, cards and statuses unchanged), and what it does not goes straight through. The facts
// the policy reads come from the wallet, never from the form: whether the money leaves an agency
// asset, the category's fee, why the card is locked. Mocked as in action-roles.test.ts: the
// session, the request's headers, revalidatePath.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { approveApproval } from '@/lib/backoffice/approvals/actions';
import { issueCard } from '@/lib/backoffice/card-issue/actions';
import { cancelCard, unlockCard } from '@/lib/backoffice/cards/actions';
import { transferMoney } from '@/lib/backoffice/transfers/actions';
import type { CurrentStaff } from '@/lib/backoffice/auth/current-staff';
import { approvalRequests, directTransfers, settings } from '@/lib/backoffice/db/schema';
import { DEFAULT_SETTINGS, type AgencySettings } from '@/lib/backoffice/settings/settings-schema';
import { createStaffAccount } from '@/lib/backoffice/staff/create-staff-account';
import { creditAsset } from '@/lib/wallet/service/asset/credit-asset';
import { callWallet, kycParams } from '../helpers/wallet-call';
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
let operator: CurrentStaff;
let admin: CurrentStaff;
let seq = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  wallet = await startWalletServer();
  pointBackofficeClientAt(wallet.baseUrl);
  for (const role of ['operator', 'admin'] as const) {
    const email = `${role}@approval-actions.example.com`;
    const { staffId } = await createStaffAccount({
      db: database.backoffice,
      email,
      name: role,
      role,
      password: 'approval-actions-1',
    });
    if (role === 'operator') operator = { id: staffId, email, name: role, role };
    else admin = { id: staffId, email, name: role, role };
  }
  await creditAsset({ db: database.db, assetId: database.agencyAssetId, amountMinor: 100_000_00 });
});

afterAll(async () => {
  await wallet?.close();
  await database?.close();
});

async function usePolicy(changes: Partial<AgencySettings>) {
  const values = { ...DEFAULT_SETTINGS, ...changes, updatedBy: 'test', updatedAt: new Date() };
  await database.backoffice
    .insert(settings)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: settings.id, set: values });
}

beforeEach(async () => {
  session.staff = operator;
  await usePolicy({});
});

const requestId = () => `approval-actions-${++seq}-abcdef`;

async function seedUser(): Promise<{ appUserId: string; walletAssetId: number }> {
  const appUserId = `aa-${++seq}`;
  expect((await callWallet(wallet.baseUrl, 'registerAndKyc', kycParams(appUserId))).body.code).toBe(0);
  const listed = await callWallet<{ assetId: number; type: string }[]>(wallet.baseUrl, 'userAssetList', {
    appUserId,
  });
  return { appUserId, walletAssetId: listed.body.data!.find((a) => a.type === 'WALLET')!.assetId };
}

async function seedCard(appUserId: string, lockReason?: string) {
  const applied = await callWallet<{ cardId: number }>(wallet.baseUrl, 'agencyApplyUserCard', {
    appUserId,
    paymentAssetId: database.agencyAssetId,
    categoryId: 1,
    embossedName: 'JANE DOE',
  });
  const cardId = applied.body.data!.cardId;
  if (lockReason) {
    const locked = await callWallet(wallet.baseUrl, 'cardLock', { appUserId, cardId, reason: lockReason });
    expect(locked.body.code).toBe(0);
  }
  return cardId;
}

const balance = async (appUserId: string) =>
  (
    await callWallet<{ type: string; balance: number }[]>(wallet.baseUrl, 'userAssetList', { appUserId })
  ).body.data!.find((a) => a.type === 'WALLET')!.balance;
const cardStatus = async (appUserId: string, cardId: number) =>
  (await callWallet<{ status: string }>(wallet.baseUrl, 'cardDetail', { appUserId, cardId })).body.data!
    .status;
const requests = () => database.backoffice.select().from(approvalRequests);

describe('transfers', () => {
  it('from an agency asset, from 1,000.00: waits; below it, or from the user’s own wallet: made', async () => {
    const { appUserId, walletAssetId } = await seedUser();
    const fund = (amount: string) =>
      transferMoney({
        kind: 'fund-wallet',
        appUserId,
        fromAssetId: database.agencyAssetId,
        toAssetId: walletAssetId,
        amount,
        requestId: requestId(),
        makerReason: 'Payroll for November',
      });
    const held = await fund('1000.00');
    expect(held?.data).toEqual({
      approval: { id: expect.any(Number), status: 'PENDING', expiresAt: expect.any(String) },
    });
    expect(await balance(appUserId)).toBe(0);
    const made = await fund('999.99');
    expect(made?.data).toMatchObject({ amount: 999.99, toBalance: 999.99 });

    // The user's own wallet topping up their card moves no agency money: never held. (Credited
    // directly: funding it by this operator would bring their day's transfers to the threshold.)
    await creditAsset({ db: database.db, assetId: walletAssetId, amountMinor: 1_01 });
    const cardId = await seedCard(appUserId);
    const detail = await callWallet<{ cardAssetId: number }>(wallet.baseUrl, 'cardDetail', {
      appUserId,
      cardId,
    });
    const topUp = await transferMoney({
      kind: 'top-up',
      appUserId,
      cardId,
      fromAssetId: walletAssetId,
      toAssetId: detail.body.data!.cardAssetId,
      amount: '1001.00',
      requestId: requestId(),
    });
    expect(topUp?.data).toMatchObject({ amount: 1001, toBalance: 1001 });

    // Approved by someone else: the recorded call is made, once.
    const id = (held?.data as { approval: { id: number } }).approval.id;
    session.staff = admin;
    const approved = await approveApproval({}, { id });
    expect(approved?.data).toMatchObject({ id, status: 'APPROVED', resultCode: 0 });
    expect(await balance(appUserId)).toBe(1000);
  });

  it('with the policy off, 5,000.00 from the agency is made at once', async () => {
    await usePolicy({ transferApprovalOn: false });
    const { appUserId, walletAssetId } = await seedUser();
    const made = await transferMoney({
      kind: 'fund-wallet',
      appUserId,
      fromAssetId: database.agencyAssetId,
      toAssetId: walletAssetId,
      amount: '5000.00',
      requestId: requestId(),
    });
    expect(made?.data).toMatchObject({ toBalance: 5000 });
  });
});

describe('transfers by one maker over 24 hours', () => {
  async function newOperator(): Promise<CurrentStaff> {
    const email = `operator-${++seq}@approval-actions.example.com`;
    const { staffId } = await createStaffAccount({
      db: database.backoffice,
      email,
      name: email,
      role: 'operator',
      password: 'approval-actions-1',
    });
    return { id: staffId, email, name: email, role: 'operator' };
  }
  const fundAs = async (maker: CurrentStaff, walletAssetId: number, appUserId: string, amount: string) => {
    session.staff = maker;
    const result = await transferMoney({
      kind: 'fund-wallet',
      appUserId,
      fromAssetId: database.agencyAssetId,
      toAssetId: walletAssetId,
      amount,
      requestId: requestId(),
      makerReason: 'Payroll',
    });
    const data = result?.data as { approval?: { status: string } } | undefined;
    return data?.approval ? 'waits' : result?.data ? 'made' : result;
  };

  it('three of 999.99 by one operator under a 2,500.00 threshold: two are made, the third waits', async () => {
    await usePolicy({ transferApprovalMinAmount: '2500.00' });
    const [first, second] = [await newOperator(), await newOperator()];
    const { appUserId, walletAssetId } = await seedUser();
    const fund = (maker: CurrentStaff, amount: string) => fundAs(maker, walletAssetId, appUserId, amount);
    expect(await fund(first, '999.99')).toBe('made');
    expect(await fund(first, '999.99')).toBe('made');
    expect(await fund(first, '999.99')).toBe('waits');
    expect(await balance(appUserId)).toBe(1999.98);
    const [held] = (await requests()).filter((r) => r.makerId === first.id);
    expect(held).toMatchObject({ status: 'PENDING', amount: '999.99', operation: 'assetTransfer' });
    // Whoever decides reads why a transfer under the amount waits.
    expect(held!.summary.endsWith(' ($1,999.98 already sent without approval in the last 24 hours)')).toBe(
      true,
    );
    // Requests held for approval do not count (a second person sees each): 1,999.98 so far.
    expect(await fund(first, '500.02')).toBe('waits');
    expect(await fund(first, '500.01')).toBe('made');
    // Another operator's transfers are counted apart.
    expect(await fund(second, '2499.99')).toBe('made');
    expect(await fund(second, '0.01')).toBe('waits');
    expect(await balance(appUserId)).toBe(4999.98);
  });

  it('under the default 1,000.00, the second of 999.99 waits', async () => {
    const maker = await newOperator();
    const { appUserId, walletAssetId } = await seedUser();
    expect(await fundAs(maker, walletAssetId, appUserId, '999.99')).toBe('made');
    expect(await fundAs(maker, walletAssetId, appUserId, '999.99')).toBe('waits');
    expect(await fundAs(maker, walletAssetId, appUserId, '0.01')).toBe('waits');
    expect(await balance(appUserId)).toBe(999.99);
  });

  it('the same dialog sent twice is one transfer, counted once', async () => {
    const maker = await newOperator();
    session.staff = maker;
    const { appUserId, walletAssetId } = await seedUser();
    const input = {
      kind: 'fund-wallet' as const,
      appUserId,
      fromAssetId: database.agencyAssetId,
      toAssetId: walletAssetId,
      amount: '600.00',
      requestId: requestId(),
    };
    const [first, again] = [await transferMoney(input), await transferMoney(input)];
    expect(first?.data).toMatchObject({ toBalance: 600 });
    expect(again?.data).toMatchObject({ toBalance: 600 });
    expect(await fundAs(maker, walletAssetId, appUserId, '400.00')).toBe('waits');
    expect(await fundAs(maker, walletAssetId, appUserId, '399.99')).toBe('made');
    expect(await balance(appUserId)).toBe(999.99);
  });

  it('transfers older than 24 hours do not count; one the wallet refused never did', async () => {
    const maker = await newOperator();
    const { appUserId, walletAssetId } = await seedUser();
    const fund = (amount: string) => fundAs(maker, walletAssetId, appUserId, amount);
    // To an asset the wallet does not know: refused, nothing moved, not counted.
    const refused = await fundAs(maker, 987_654, appUserId, '999.99');
    expect(refused).toMatchObject({ serverError: expect.any(String) });
    expect(await fund('999.99')).toBe('made');
    const dayAgo = new Date(Date.now() - 24 * 60 * 60 * 1000 - 60_000);
    await database.backoffice
      .update(directTransfers)
      .set({ createdAt: dayAgo })
      .where(eq(directTransfers.makerId, maker.id));
    expect(await fund('999.99')).toBe('made');
    const counted = await database.backoffice
      .select({ amount: directTransfers.amount })
      .from(directTransfers)
      .where(eq(directTransfers.makerId, maker.id));
    expect(counted.map((c) => c.amount)).toEqual(['999.990000', '999.990000']);
    expect(await fund('0.01')).toBe('waits');
    expect(await balance(appUserId)).toBe(1999.98);
  });

  it('a held transfer needs the maker’s reason, and reads in words: names, not IDs', async () => {
    session.staff = await newOperator();
    const { appUserId, walletAssetId } = await seedUser();
    const input = {
      kind: 'fund-wallet' as const,
      appUserId,
      fromAssetId: database.agencyAssetId,
      toAssetId: walletAssetId,
      amount: '1500.00',
      requestId: requestId(),
    };
    const before = (await requests()).length;
    // No reason: refused beside the field, nothing asked, nothing counted.
    const refused = await transferMoney(input);
    expect(refused?.validationErrors).toEqual({
      makerReason: {
        _errors: ['This waits for a second person: say why it is needed, for whoever approves it.'],
      },
    });
    expect((await requests()).length).toBe(before);
    // The same dialog with a reason: one request, in words.
    const held = await transferMoney({ ...input, makerReason: '  Salary advance agreed by HR  ' });
    const id = (held?.data as { approval: { id: number } }).approval.id;
    const [row] = (await requests()).filter((r) => r.id === id);
    const name = "Jane O'Connor";
    expect(row).toMatchObject({
      reason: 'Salary advance agreed by HR',
      summary: `Fund ${name}'s wallet: $1,500.00 from the agency's Card margin (USD) to ${name}'s Wallet (USD)`,
      facts: [
        { term: 'For', text: name, href: `/users/${appUserId}` },
        { term: 'From', text: "the agency's Card margin (USD)", href: `/assets/${database.agencyAssetId}` },
        { term: 'To', text: `${name}'s Wallet (USD)`, href: `/assets/${walletAssetId}?user=${appUserId}` },
      ],
    });
  });
});

describe('cards', () => {
  it('unlocking a card locked as stolen waits; locked as lost, it is unlocked', async () => {
    const { appUserId } = await seedUser();
    const stolen = await seedCard(appUserId, 'STOLEN');
    const lost = await seedCard(appUserId, 'LOST');
    const held = await unlockCard({
      appUserId,
      cardId: stolen,
      requestId: requestId(),
      makerReason: 'Found by its holder',
    });
    expect(held?.data).toMatchObject({ approval: { status: 'PENDING' } });
    expect(await cardStatus(appUserId, stolen)).toBe('LOCKED');
    const [request] = (await requests()).filter((r) => r.targetId === String(stolen));
    expect(request).toMatchObject({
      kind: 'card.unlock',
      operation: 'cardUnlock',
      params: { appUserId, cardId: stolen, requestId: expect.any(String) },
      returnPath: `/users/${appUserId}/cards/${stolen}`,
    });
    expect(await unlockCard({ appUserId, cardId: lost, requestId: requestId() })).toMatchObject({
      data: { cardId: lost, status: 'ACTIVE' },
    });
  });

  it('cancelling waits only when the policy says so', async () => {
    const { appUserId } = await seedUser();
    const first = await seedCard(appUserId);
    expect(
      await cancelCard({ appUserId, cardId: first, reason: 'DAMAGED', requestId: requestId() }),
    ).toMatchObject({
      data: { status: 'CANCELLED' },
    });
    await usePolicy({ cancelApprovalOn: true });
    const second = await seedCard(appUserId);
    const held = await cancelCard({
      appUserId,
      cardId: second,
      reason: 'DAMAGED',
      requestId: requestId(),
      makerReason: 'Holder asked',
    });
    expect(held?.data).toMatchObject({ approval: { status: 'PENDING' } });
    expect(await cardStatus(appUserId, second)).toBe('ACTIVE');
  });

  it('an agency-paid issuance waits when on and the fee reaches the amount; the user paying never does', async () => {
    const { appUserId } = await seedUser();
    const categories = await callWallet<{ categoryId: number; fee: number }[]>(
      wallet.baseUrl,
      'categoryList',
      {},
    );
    const fee = categories.body.data!.find((c) => c.categoryId === 1)!.fee;
    await usePolicy({ issueApprovalOn: true, issueApprovalMinFee: String(fee) });
    const issue = (payer: 'agency' | 'user', paymentAssetId: number, makerReason?: string) =>
      issueCard({
        requestId: requestId(),
        appUserId,
        payer,
        paymentAssetId,
        categoryId: 1,
        needDelivery: false,
        embossedName: 'JANE DOE',
        ...(makerReason === undefined ? {} : { makerReason }),
      });
    // Waiting, it needs the maker's reason: refused beside that field, nothing recorded.
    for (const missing of [undefined, '   ']) {
      const refused = await issue('agency', database.agencyAssetId, missing);
      expect(refused?.data).toBeUndefined();
      expect(refused?.validationErrors).toEqual({
        makerReason: {
          _errors: ['This waits for a second person: say why it is needed, for whoever approves it.'],
        },
      });
    }
    expect((await requests()).filter((r) => r.subjectUser === appUserId)).toEqual([]);
    const held = await issue('agency', database.agencyAssetId, '  New joiner, card agreed with HR  ');
    expect(held?.data).toMatchObject({ approval: { status: 'PENDING' } });
    const cards = await callWallet<unknown[]>(wallet.baseUrl, 'userCardList', { appUserId });
    expect(cards.body.data).toEqual([]);
    const [request] = (await requests()).filter(
      (r) => r.kind === 'card.issue' && r.subjectUser === appUserId,
    );
    expect(request).toMatchObject({
      operation: 'agencyApplyUserCard',
      amount: String(fee),
      currency: 'USD',
      reason: 'New joiner, card agreed with HR',
    });

    await usePolicy({ issueApprovalOn: true, issueApprovalMinFee: String(fee + 0.01) });
    const made = await issue('agency', database.agencyAssetId);
    expect(made?.data).toMatchObject({ appUserId, status: 'ACTIVE' });
    const stored = await database.backoffice
      .select()
      .from(approvalRequests)
      .where(eq(approvalRequests.subjectUser, appUserId));
    expect(stored).toHaveLength(1);
  });
});
