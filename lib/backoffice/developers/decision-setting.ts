// Who last changed the decision endpoint from this back-office, and what they did: the last
// successful decision.set of its own audit log. The settings themselves come from decision/get
// (whoever set them, here or through the API).
import 'server-only';
import { and, desc, eq } from 'drizzle-orm';
import { getDb } from '@/lib/backoffice/db';
import { auditLog } from '@/lib/backoffice/db/schema';

export type LastDecisionSetting = { summary: string; by: string; at: Date };

export async function lastDecisionSetting(): Promise<LastDecisionSetting | null> {
  const db = await getDb();
  const [row] = await db
    .select({ summary: auditLog.summary, by: auditLog.actorEmail, at: auditLog.createdAt })
    .from(auditLog)
    .where(and(eq(auditLog.action, 'decision.set'), eq(auditLog.outcome, 'success')))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(1);
  return row ?? null;
}
