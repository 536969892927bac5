// The audit entries that say who changed a card (card-history-who.ts), with each actor's name.
import 'server-only';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { BackofficeDatabase } from '@/lib/backoffice/db';
import { auditLog, staff } from '@/lib/backoffice/db/schema';
import type { CardStatusChange } from '@/lib/wallet/contract/schemas';
import { CARD_CHANGE_ACTIONS, matchChangeWho, type ChangeWho } from './card-history-who';

export async function cardChangeWho(
  db: BackofficeDatabase,
  appUserId: string,
  cardId: number,
  history: readonly CardStatusChange[],
): Promise<(ChangeWho | null)[]> {
  const rows = await db
    .select({
      action: auditLog.action,
      at: auditLog.createdAt,
      actorEmail: auditLog.actorEmail,
      actorRole: auditLog.actorRole,
      actorName: staff.name,
      note: auditLog.note,
    })
    .from(auditLog)
    .leftJoin(staff, eq(staff.id, auditLog.actorId))
    .where(
      and(
        eq(auditLog.targetType, 'card'),
        eq(auditLog.targetId, String(cardId)),
        eq(auditLog.subjectUser, appUserId),
        eq(auditLog.outcome, 'success'),
        inArray(auditLog.action, CARD_CHANGE_ACTIONS),
      ),
    )
    .orderBy(asc(auditLog.createdAt), asc(auditLog.id));
  return matchChangeWho(history, rows);
}
