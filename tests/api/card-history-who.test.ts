// Who changed a card and their note (docs/back-office.md "Pages", a card): the back-office's card
// actions keep the note in the audit log, and the card page's history names the member of staff.
// The actions run in-process against a wallet served over HTTP, as in approval-actions.test.ts.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { lockCard, unlockCard } from '@/lib/backoffice/cards/actions';
import { cardChangeWho } from '@/lib/backoffice/cards/card-history-who-data';
import { unlockConsequence } from '@/lib/backoffice/cards/card-history-who';
import { listUserActivity } from '@/lib/backoffice/audit/list-audit-entries';
import { recordView } from '@/lib/backoffice/audit/record-view';
import type { CurrentStaff } from '@/lib/backoffice/auth/current-staff';
import { createStaffAccount } from '@/lib/backoffice/staff/create-staff-account';
import { creditAsset } from '@/lib/wallet/service/asset/credit-asset';
import type { CardDetail } from '@/lib/wallet/contract/schemas';
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
const staff: Record<'support' | 'operator', CurrentStaff> = {} as never;
let seq = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  wallet = await startWalletServer();
  pointBackofficeClientAt(wallet.baseUrl);
  for (const [role, name] of [
    ['support', 'Sam Support'],
    ['operator', 'Olga Operator'],
  ] as const) {
    const email = `${role}@card-history-who.example.com`;
    const { staffId } = await createStaffAccount({
      db: database.backoffice,
      email,
      name,
      role,
      password: 'card-history-1',
    });
    staff[role] = { id: staffId, email, name, role };
  }
  await creditAsset({ db: database.db, assetId: database.agencyAssetId, amountMinor: 100_000_00 });
});

afterAll(async () => {
  await wallet?.close();
  await database?.close();
});

const requestId = () => `card-history-who-${++seq}-abcdef`;

async function seedCard(): Promise<{ appUserId: string; cardId: number }> {
  const appUserId = `chw-${++seq}`;
  expect((await callWallet(wallet.baseUrl, 'registerAndKyc', kycParams(appUserId))).body.code).toBe(0);
  const applied = await callWallet<{ cardId: number }>(wallet.baseUrl, 'agencyApplyUserCard', {
    appUserId,
    paymentAssetId: database.agencyAssetId,
    categoryId: 1,
    embossedName: 'JANE DOE',
  });
  return { appUserId, cardId: applied.body.data!.cardId };
}

const detail = async (appUserId: string, cardId: number) =>
  (await callWallet<CardDetail>(wallet.baseUrl, 'cardDetail', { appUserId, cardId })).body.data!;

describe("a card's history names who changed it, with their note", () => {
  it('support locks with a note, an operator unlocks with one; a change made through the API alone names no one', async () => {
    const { appUserId, cardId } = await seedCard();
    session.staff = staff.support;
    expect(
      await lockCard({
        appUserId,
        cardId,
        reason: 'LOST',
        requestId: requestId(),
        note: '  Lost on the bus, caller on the phone  ',
      }),
    ).toMatchObject({ data: { cardId, status: 'LOCKED' } });

    let card = await detail(appUserId, cardId);
    let who = await cardChangeWho(database.backoffice, appUserId, cardId, card.history);
    expect(who).toEqual([
      null, // issued straight through the API in this test
      {
        name: 'Sam Support',
        email: staff.support.email,
        role: 'support',
        note: 'Lost on the bus, caller on the phone',
      },
    ]);
    expect(unlockConsequence(card.history, who)).toMatch(
      /^It was reported lost on \d{4}-\d{2}-\d{2} by Sam Support\. /,
    );

    session.staff = staff.operator;
    await unlockCard({ appUserId, cardId, requestId: requestId(), note: '' });
    expect(
      (await callWallet(wallet.baseUrl, 'cardLock', { appUserId, cardId, reason: 'OTHER' })).body.code,
    ).toBe(0);
    card = await detail(appUserId, cardId);
    who = await cardChangeWho(database.backoffice, appUserId, cardId, card.history);
    expect(who.map((w) => w && [w.name, w.note])).toEqual([
      null,
      ['Sam Support', 'Lost on the bus, caller on the phone'],
      ['Olga Operator', null],
      null,
    ]);
  });

  it('support reads the entries about a user on their page (not the views), newest first, with the note', async () => {
    const { appUserId, cardId } = await seedCard();
    session.staff = staff.support;
    await recordView({
      staff: staff.support,
      targetType: 'user',
      targetId: appUserId,
      subjectUser: appUserId,
      db: database.backoffice,
    });
    await lockCard({ appUserId, cardId, reason: 'STOLEN', requestId: requestId(), note: 'Bag snatched' });
    const rows = await listUserActivity({ db: database.backoffice, actor: staff.support, appUserId });
    expect(rows.map((r) => [r.action, r.actorEmail, r.outcome, r.note])).toEqual([
      ['card.lock', staff.support.email, 'success', 'Bag snatched'],
    ]);
  });

  it('refuses a note over 500 characters, naming the field, and changes nothing', async () => {
    const { appUserId, cardId } = await seedCard();
    session.staff = staff.support;
    const refused = await lockCard({
      appUserId,
      cardId,
      reason: 'LOST',
      requestId: requestId(),
      note: 'x'.repeat(501),
    });
    expect(refused?.validationErrors).toMatchObject({
      note: { _errors: ['Note must be at most 500 characters.'] },
    });
    expect((await detail(appUserId, cardId)).status).toBe('ACTIVE');
  });
});
