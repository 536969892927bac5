// Replace card's page posted without JavaScript (docs/back-office.md "Without JavaScript"):
// replaceCardFromPage, called in-process as the browser posts it (FormData), with an operator's
// session against the real wallet service over HTTP. Refused, it answers with the problem and the
// values chosen and typed (a missing reason beside its field; the wallet's refusal above the form),
// and changes nothing; done, it sends the browser to the new card's page; a card locked as stolen or
// for suspected fraud waits for a second person instead, as its unlock would. Mocked as in
// approval-actions.test.ts: the session, the request's headers, revalidatePath.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MAKER_REASON_MISSING } from '@/lib/backoffice/approvals/approval-facts';
import { approvalRequests } from '@/lib/backoffice/db/schema';
import { replaceCardFromPage } from '@/lib/backoffice/cards/actions';
import type { CurrentStaff } from '@/lib/backoffice/auth/current-staff';
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
let seq = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  wallet = await startWalletServer();
  pointBackofficeClientAt(wallet.baseUrl);
  const email = 'operator@replace-page.example.com';
  const { staffId } = await createStaffAccount({
    db: database.backoffice,
    email,
    name: 'operator',
    role: 'operator',
    password: 'replace-page-1',
  });
  session.staff = { id: staffId, email, name: 'operator', role: 'operator' };
  await creditAsset({ db: database.db, assetId: database.agencyAssetId, amountMinor: 100_000_00 });
});

afterAll(async () => {
  await wallet?.close();
  await database?.close();
});

async function seedCard(): Promise<{ appUserId: string; cardId: number }> {
  const appUserId = `rp-${++seq}`;
  expect((await callWallet(wallet.baseUrl, 'registerAndKyc', kycParams(appUserId))).body.code).toBe(0);
  const applied = await callWallet<{ cardId: number }>(wallet.baseUrl, 'agencyApplyUserCard', {
    appUserId,
    paymentAssetId: database.agencyAssetId,
    categoryId: 1,
    embossedName: 'JANE DOE',
  });
  return { appUserId, cardId: applied.body.data!.cardId };
}

function posted(fields: Record<string, string>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return form;
}

const cards = async (appUserId: string) =>
  (await callWallet<{ cardId: number; status: string }[]>(wallet.baseUrl, 'userCardList', { appUserId })).body
    .data!;

describe('replaceCardFromPage, posted without JavaScript', () => {
  it('without a reason: the error beside it, the note kept, nothing changed', async () => {
    const { appUserId, cardId } = await seedCard();
    const result = await replaceCardFromPage(
      {},
      posted({
        appUserId,
        cardId: String(cardId),
        requestId: `replace-page-${++seq}-abc`,
        reason: '',
        note: 'Lost on the bus',
      }),
    );
    expect(result?.data).toBeUndefined();
    expect(result?.validationErrors).toMatchObject({
      reason: { _errors: ['Choose a reason.'] },
      $typed: { appUserId, cardId: String(cardId), reason: '', note: 'Lost on the bus' },
    });
    expect(await cards(appUserId)).toEqual([expect.objectContaining({ cardId, status: 'ACTIVE' })]);
  });

  it("the wallet's refusal: said above the form, the reason and note kept", async () => {
    const { appUserId, cardId } = await seedCard();
    const cancelled = await callWallet(wallet.baseUrl, 'cardCancel', { appUserId, cardId, reason: 'OTHER' });
    expect(cancelled.body.code).toBe(0);
    const result = await replaceCardFromPage(
      {},
      posted({
        appUserId,
        cardId: String(cardId),
        requestId: `replace-page-${++seq}-abc`,
        reason: 'STOLEN',
        note: 'Bag snatched',
      }),
    );
    expect(result?.data).toBeUndefined();
    const errors = result?.validationErrors as { _errors?: string[]; $typed?: unknown };
    expect(errors._errors).toHaveLength(1);
    expect(errors._errors![0]).toMatch(/4009|status/i);
    expect(errors.$typed).toMatchObject({ reason: 'STOLEN', note: 'Bag snatched' });
    expect(await cards(appUserId)).toEqual([expect.objectContaining({ cardId, status: 'CANCELLED' })]);
  });

  it("done: the browser is sent to the new card's page, the old card cancelled", async () => {
    const { appUserId, cardId } = await seedCard();
    const sent = await replaceCardFromPage(
      {},
      posted({
        appUserId,
        cardId: String(cardId),
        requestId: `replace-page-${++seq}-abc`,
        reason: 'LOST',
        note: '',
      }),
    ).then(
      () => null,
      (error: unknown) => error as { digest?: string },
    );
    const after = await cards(appUserId);
    expect(after).toHaveLength(2);
    const fresh = after.find((c) => c.cardId !== cardId)!;
    expect(after.find((c) => c.cardId === cardId)?.status).toBe('CANCELLED');
    expect(sent?.digest).toContain(`/users/${appUserId}/cards/${fresh.cardId}`);
    expect(sent?.digest).toMatch(/^NEXT_REDIRECT;/);
  });

  it('a card locked for suspected fraud: asks the reason for the approver, then waits for a second person; nothing replaced', async () => {
    const { appUserId, cardId } = await seedCard();
    const locked = await callWallet(wallet.baseUrl, 'cardLock', {
      appUserId,
      cardId,
      reason: 'FRAUD_SUSPECTED',
    });
    expect(locked.body.code).toBe(0);
    const requestId = `replace-page-${++seq}-abc`;
    const fields = { appUserId, cardId: String(cardId), requestId, reason: 'FRAUD_SUSPECTED', note: '' };
    const refused = await replaceCardFromPage({}, posted(fields));
    expect(refused?.validationErrors).toMatchObject({
      makerReason: { _errors: [MAKER_REASON_MISSING] },
    });

    const sent = await replaceCardFromPage(
      {},
      posted({ ...fields, makerReason: 'New card for the holder' }),
    ).then(
      () => null,
      (error: unknown) => error as { digest?: string },
    );
    // Back to the card's page, where the waiting request is said.
    expect(sent?.digest).toMatch(new RegExp(`^NEXT_REDIRECT;.*/users/${appUserId}/cards/${cardId};`));
    expect(await cards(appUserId)).toEqual([expect.objectContaining({ cardId, status: 'LOCKED' })]);
    const [request] = await database.backoffice
      .select()
      .from(approvalRequests)
      .where(eq(approvalRequests.requestId, requestId));
    expect(request).toMatchObject({
      kind: 'card.replace',
      status: 'PENDING',
      operation: 'cardReplace',
      params: { appUserId, cardId, reason: 'FRAUD_SUSPECTED', requestId },
      reason: 'New card for the holder',
    });
  });
});
