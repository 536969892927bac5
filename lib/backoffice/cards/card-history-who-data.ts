// The audit entries that say who changed a card (card-history-who.ts), with each actor's name. A
// card issued by card/replace was issued by whoever replaced the card before it: that card's
// `card.replace` entry (made directly, or by the approver of the request) names who issued this one.
import 'server-only';
import { and, asc, eq, inArray, or } from 'drizzle-orm';
import type { BackofficeDatabase } from '@/lib/backoffice/db';
import { auditLog, staff } from '@/lib/backoffice/db/schema';
import type { CardStatusChange } from '@/lib/wallet/contract/schemas';
import { CARD_CHANGE_ACTIONS, matchChangeWho, type ChangeWho } from './card-history-who';

export async function cardChangeWho(
  db: BackofficeDatabase,
  appUserId: string,
  cardId: number,
  history: readonly CardStatusChange[],
  replacesCardId: number | null = null,
): Promise<(ChangeWho | null)[]> {
  const own = and(eq(auditLog.targetId, String(cardId)), inArray(auditLog.action, CARD_CHANGE_ACTIONS));
  const rows = await db
    .select({
      targetId: auditLog.targetId,
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
        eq(auditLog.subjectUser, appUserId),
        eq(auditLog.outcome, 'success'),
        replacesCardId === null
          ? own
          : or(own, and(eq(auditLog.targetId, String(replacesCardId)), eq(auditLog.action, 'card.replace'))),
      ),
    )
    .orderBy(asc(auditLog.createdAt), asc(auditLog.id));
  return matchChangeWho(
    history,
    rows.map(({ targetId, ...row }) =>
      targetId === String(cardId) ? row : { ...row, action: 'card.issue' },
    ),
  );
}
