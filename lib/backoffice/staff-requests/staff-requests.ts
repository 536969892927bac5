// Requests between members of staff about a card (docs/back-office.md "Staff requests"): support
// files one from a locked card's page ("please replace this card", "please unlock it") with a note;
// an operator or admin (whoever may do what it asks) marks it done once the wallet shows it done,
// or dismisses it with a comment. Each step is one statement with its audit entry in the same
// transaction; at most one request of a kind is open per card (a partial unique index), so a
// double submit, or two agents filing at once, finds the one already open. The roles are checked
// here, whatever the page showed. Server-only.
import 'server-only';
import { and, desc, eq, gte, inArray, or } from 'drizzle-orm';
import type { BackofficeDatabase as Database } from '@/lib/backoffice/db';
import { staffRequests } from '@/lib/backoffice/db/schema';
import type { CurrentStaff } from '@/lib/backoffice/auth/current-staff';
import { can } from '@/lib/backoffice/auth/permissions';
import { recordAudit } from '@/lib/backoffice/audit/record-audit';
import { StaffFacingError } from '@/lib/backoffice/shared/errors';
import { assertCan } from '@/lib/backoffice/staff/staff-access';
import {
  doneOnCard,
  notDoneYetText,
  staffRequestSummary,
  STAFF_REQUEST_KINDS,
  STAFF_REQUEST_PERMISSION,
  STAFF_REQUEST_STATUS_LABELS,
  type StaffRequestKind,
} from './staff-request-kinds';

export type StaffRequestRow = typeof staffRequests.$inferSelect;

/** The card as the wallet has it now, and its name in words. */
export type RequestCard = { appUserId: string; cardId: number; status: string; text: string };

/** Only a locked card has a next step support cannot take (docs/back-office.md "Staff requests"). */
export async function fileStaffRequest(options: {
  db: Database;
  actor: CurrentStaff;
  kind: StaffRequestKind;
  card: RequestCard;
  note: string;
  now?: Date;
}): Promise<{ request: StaffRequestRow; filed: boolean }> {
  const { db, actor, kind, card, note } = options;
  assertCan(actor, 'cards.request');
  if (card.status !== 'LOCKED')
    throw new StaffFacingError(
      'Only a locked card can be asked about: lock it first if the caller reports it lost or stolen.',
    );
  const now = options.now ?? new Date();
  const summary = staffRequestSummary(kind, card.text);
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(staffRequests)
      .values({
        kind,
        status: 'OPEN',
        appUserId: card.appUserId,
        cardId: card.cardId,
        summary,
        note,
        makerId: actor.id,
        makerEmail: actor.email,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (!created) {
      // Already asked (a double submit, or a colleague): the open one stands, nothing is added.
      const [open] = await tx
        .select()
        .from(staffRequests)
        .where(
          and(
            eq(staffRequests.appUserId, card.appUserId),
            eq(staffRequests.cardId, card.cardId),
            eq(staffRequests.kind, kind),
            eq(staffRequests.status, 'OPEN'),
          ),
        );
      if (!open)
        throw new StaffFacingError('This request could not be filed. Reload the page and try again.');
      return { request: open, filed: false };
    }
    await recordAudit(tx, {
      actor,
      action: 'staff_request.file',
      targetType: 'card',
      targetId: String(card.cardId),
      subjectUser: card.appUserId,
      outcome: 'success',
      note,
      summary: `Asked an operator (request ${created.id}): ${summary}. Why: ${note}`,
    });
    return { request: created, filed: true };
  });
}

/**
 * Closes an open request: DONE when the wallet's card shows it done (doneOnCard), DISMISSED with
 * a comment. Whoever may do what it asks, never support.
 */
export async function closeStaffRequest(options: {
  db: Database;
  actor: CurrentStaff;
  id: number;
  outcome: 'DONE' | 'DISMISSED';
  comment?: string;
  /** The card as the wallet has it now (read by the action). */
  cardStatus: string;
  now?: Date;
}): Promise<StaffRequestRow> {
  const { db, actor, id, outcome, comment } = options;
  const now = options.now ?? new Date();
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(staffRequests).where(eq(staffRequests.id, id));
    if (!row) throw new StaffFacingError('That request does not exist.');
    assertCan(actor, STAFF_REQUEST_PERMISSION[row.kind]);
    if (outcome === 'DISMISSED' && !comment)
      throw new StaffFacingError('Say why it is dismissed: the person who asked reads it.');
    if (outcome === 'DONE' && !doneOnCard(row.kind, options.cardStatus))
      throw new StaffFacingError(notDoneYetText(row.kind));
    const [closed] = await tx
      .update(staffRequests)
      .set({
        status: outcome,
        closerId: actor.id,
        closerEmail: actor.email,
        closedAt: now,
        comment: comment ?? null,
      })
      .where(and(eq(staffRequests.id, id), eq(staffRequests.status, 'OPEN')))
      .returning();
    if (!closed) {
      const by = row.closerEmail ? ` by ${row.closerEmail}` : '';
      throw new StaffFacingError(
        `Request ${id} is no longer open: ${STAFF_REQUEST_STATUS_LABELS[row.status].toLowerCase()}${by}.`,
      );
    }
    await recordAudit(tx, {
      actor,
      action: outcome === 'DONE' ? 'staff_request.done' : 'staff_request.dismiss',
      targetType: 'card',
      targetId: String(row.cardId),
      subjectUser: row.appUserId,
      outcome: 'success',
      ...(comment ? { note: comment } : {}),
      summary: `${outcome === 'DONE' ? 'Done' : 'Dismissed'}: request ${id} of ${row.makerEmail} (${row.summary})${comment ? `: ${comment}` : ''}`,
    });
    return closed;
  });
}

/** The open requests, oldest first (the queue is worked in order); every role reads them. */
export async function openStaffRequests(options: {
  db: Database;
  actor: CurrentStaff;
  limit?: number;
}): Promise<StaffRequestRow[]> {
  if (!can(options.actor.role, 'cards.read')) return [];
  return options.db
    .select()
    .from(staffRequests)
    .where(eq(staffRequests.status, 'OPEN'))
    .orderBy(staffRequests.createdAt, staffRequests.id)
    .limit(options.limit ?? 50);
}

/**
 * How many open requests wait for this person (of a kind they may close; none for support): added
 * to the navigation's count beside Approvals, where the queue is.
 */
export async function countOpenFor(options: { db: Database; actor: CurrentStaff }): Promise<number> {
  const kinds = STAFF_REQUEST_KINDS.filter((kind) => can(options.actor.role, STAFF_REQUEST_PERMISSION[kind]));
  if (kinds.length === 0) return 0;
  return options.db.$count(
    staffRequests,
    and(eq(staffRequests.status, 'OPEN'), inArray(staffRequests.kind, kinds)),
  );
}

/** A card's requests: every open one, and those closed in the last week (so the asker sees the outcome). */
export async function staffRequestsForCard(options: {
  db: Database;
  actor: CurrentStaff;
  appUserId: string;
  cardId: number;
  now?: Date;
}): Promise<StaffRequestRow[]> {
  const { db, actor, appUserId, cardId } = options;
  if (!can(actor.role, 'cards.read')) return [];
  const recent = new Date((options.now ?? new Date()).getTime() - 7 * 24 * 60 * 60 * 1000);
  return db
    .select()
    .from(staffRequests)
    .where(
      and(
        eq(staffRequests.appUserId, appUserId),
        eq(staffRequests.cardId, cardId),
        or(eq(staffRequests.status, 'OPEN'), gte(staffRequests.closedAt, recent)),
      ),
    )
    .orderBy(desc(staffRequests.createdAt), desc(staffRequests.id))
    .limit(10);
}
