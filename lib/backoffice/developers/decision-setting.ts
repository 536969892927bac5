// What the decision endpoint was last set to, and by whom: the wallet has no operation that reads
// it back (decision/set answers once, with the secret), so /developers reads the last successful
// decision.set of the back-office's own audit log. A setting made through the API directly is not
// seen here; the page says so.
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
