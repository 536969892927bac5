// Staff requests (docs/back-office.md "Staff requests") against a real database: support files
// one about a locked card, with its audit entry; a double submit finds the open one and adds
// nothing; a card that is not locked is refused; only whoever may do what it asks closes it
// (support never); done only once the wallet's card shows it done, dismissed only with a comment;
// a closed request is closed once, and the card may be asked about again.
import { asc, eq, like } from 'drizzle-orm';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CurrentStaff } from '@/lib/backoffice/auth/current-staff';
import type { BackofficeDatabase as Database } from '@/lib/backoffice/db';
import { auditLog, staffRequests, type StaffRole } from '@/lib/backoffice/db/schema';
import { PermissionDeniedError, StaffFacingError } from '@/lib/backoffice/shared/errors';
import { createStaffAccount } from '@/lib/backoffice/staff/create-staff-account';
import { resetTestDatabase } from '@/tests/helpers/wallet-db';
import { notDoneYetText } from './staff-request-kinds';
import {
  closeStaffRequest,
  countOpenFor,
  fileStaffRequest,
  openStaffRequests,
  staffRequestsForCard,
  type RequestCard,
} from './staff-requests';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });

let db: Database;
let support: CurrentStaff;
let operator: CurrentStaff;

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
  support = await seed('support', 'sam@agency.test');
  operator = await seed('operator', 'olga@agency.test');
});

const LOCKED: RequestCard = {
  appUserId: 'grace-hopper-001',
  cardId: 7,
  status: 'LOCKED',
  text: "Grace Hopper's Virtual Visa Classic ••1234",
};

/** The audit entries of staff requests (creating the accounts wrote some of its own). */
const audits = () =>
  db.select().from(auditLog).where(like(auditLog.action, 'staff_request.%')).orderBy(asc(auditLog.id));

describe('filing', () => {
  it('support asks about a locked card: one open request, audited; a double submit adds nothing', async () => {
    const note = 'Caller lost it on the train';
    const first = await fileStaffRequest({ db, actor: support, kind: 'card.replace', card: LOCKED, note });
    expect(first).toEqual({ request: expect.objectContaining({ status: 'OPEN', note }), filed: true });
    expect(first.request.summary).toBe("Replace Grace Hopper's Virtual Visa Classic ••1234");
    const again = await fileStaffRequest({ db, actor: support, kind: 'card.replace', card: LOCKED, note });
    expect(again).toEqual({ request: first.request, filed: false });
    expect(await db.$count(staffRequests)).toBe(1);
    expect(await audits()).toEqual([
      expect.objectContaining({
        action: 'staff_request.file',
        actorEmail: support.email,
        targetType: 'card',
        targetId: '7',
        subjectUser: 'grace-hopper-001',
        outcome: 'success',
        note,
        summary: `Asked an operator (request ${first.request.id}): Replace Grace Hopper's Virtual Visa Classic ••1234. Why: ${note}`,
      }),
    ]);
    // Another kind about the same card is a request of its own.
    const unlock = await fileStaffRequest({
      db,
      actor: support,
      kind: 'card.unlock',
      card: LOCKED,
      note: 'Found',
    });
    expect(unlock.filed).toBe(true);
    expect((await openStaffRequests({ db, actor: operator })).map((r) => r.kind)).toEqual([
      'card.replace',
      'card.unlock',
    ]);
    // Counted in the navigation for whoever may close them; support closes none.
    expect(await countOpenFor({ db, actor: operator })).toBe(2);
    expect(await countOpenFor({ db, actor: support })).toBe(0);
  });

  it('a card that is not locked is refused, and nothing is recorded', async () => {
    await expect(
      fileStaffRequest({
        db,
        actor: support,
        kind: 'card.unlock',
        card: { ...LOCKED, status: 'ACTIVE' },
        note: 'x',
      }),
    ).rejects.toThrow(
      new StaffFacingError(
        'Only a locked card can be asked about: lock it first if the caller reports it lost or stolen.',
      ),
    );
    expect(await db.$count(staffRequests)).toBe(0);
    expect(await audits()).toEqual([]);
  });
});

describe('closing', () => {
  async function filed(kind: 'card.replace' | 'card.unlock' = 'card.unlock') {
    return (await fileStaffRequest({ db, actor: support, kind, card: LOCKED, note: 'Caller found it' }))
      .request;
  }

  it('support may not close one; done is refused while the card is still locked, made once it is not', async () => {
    const request = await filed();
    await expect(
      closeStaffRequest({
        db,
        actor: support,
        id: request.id,
        outcome: 'DISMISSED',
        comment: 'x',
        cardStatus: 'LOCKED',
      }),
    ).rejects.toBeInstanceOf(PermissionDeniedError);
    await expect(
      closeStaffRequest({ db, actor: operator, id: request.id, outcome: 'DONE', cardStatus: 'LOCKED' }),
    ).rejects.toThrow(new StaffFacingError(notDoneYetText('card.unlock')));
    const done = await closeStaffRequest({
      db,
      actor: operator,
      id: request.id,
      outcome: 'DONE',
      comment: 'Unlocked after calling the holder back',
      cardStatus: 'ACTIVE',
    });
    expect(done).toMatchObject({
      status: 'DONE',
      closerId: operator.id,
      closerEmail: operator.email,
      comment: 'Unlocked after calling the holder back',
    });
    expect((await audits()).at(-1)).toMatchObject({
      action: 'staff_request.done',
      actorEmail: operator.email,
      targetId: '7',
      note: 'Unlocked after calling the holder back',
      summary: `Done: request ${request.id} of ${support.email} (Unlock Grace Hopper's Virtual Visa Classic ••1234): Unlocked after calling the holder back`,
    });
    await expect(
      closeStaffRequest({
        db,
        actor: operator,
        id: request.id,
        outcome: 'DISMISSED',
        comment: 'x',
        cardStatus: 'ACTIVE',
      }),
    ).rejects.toThrow(
      new StaffFacingError(`Request ${request.id} is no longer open: done by ${operator.email}.`),
    );
    expect(await openStaffRequests({ db, actor: operator })).toEqual([]);
  });

  it('a replacement is done once the card is cancelled; dismissing needs a comment; the card may be asked about again', async () => {
    const replace = await filed('card.replace');
    await expect(
      closeStaffRequest({ db, actor: operator, id: replace.id, outcome: 'DONE', cardStatus: 'ACTIVE' }),
    ).rejects.toThrow(new StaffFacingError(notDoneYetText('card.replace')));
    await expect(
      closeStaffRequest({ db, actor: operator, id: replace.id, outcome: 'DISMISSED', cardStatus: 'LOCKED' }),
    ).rejects.toThrow(new StaffFacingError('Say why it is dismissed: the person who asked reads it.'));
    const dismissed = await closeStaffRequest({
      db,
      actor: operator,
      id: replace.id,
      outcome: 'DISMISSED',
      comment: 'The holder wants to keep the card',
      cardStatus: 'LOCKED',
    });
    expect(dismissed).toMatchObject({ status: 'DISMISSED', comment: 'The holder wants to keep the card' });
    expect((await audits()).at(-1)).toMatchObject({
      action: 'staff_request.dismiss',
      actorEmail: operator.email,
    });
    const again = await filed('card.replace');
    expect(again.id).not.toBe(replace.id);
    const done = await closeStaffRequest({
      db,
      actor: operator,
      id: again.id,
      outcome: 'DONE',
      cardStatus: 'CANCELLED',
    });
    expect(done.status).toBe('DONE');
    // The card's page: both, newest first, with their outcomes.
    const onCard = await staffRequestsForCard({ db, actor: support, appUserId: LOCKED.appUserId, cardId: 7 });
    expect(onCard.map((r) => [r.id, r.status])).toEqual([
      [again.id, 'DONE'],
      [replace.id, 'DISMISSED'],
    ]);
    const [row] = await db.select().from(staffRequests).where(eq(staffRequests.id, replace.id));
    expect(row!.comment).toBe('The holder wants to keep the card');
  });
});
