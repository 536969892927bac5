// Members of staff by name, for pages that name who did something (approvals, the audit log's
// staff picker): one query for the IDs a page holds. Server-only.
import 'server-only';
import { asc, inArray } from 'drizzle-orm';
import type { BackofficeDatabase as Database } from '@/lib/backoffice/db';
import { staff } from '@/lib/backoffice/db/schema';

/** Each ID's name (IDs of deleted accounts are left out: the caller falls back to the e-mail). */
export async function staffNamesById(
  db: Database,
  ids: readonly (number | null)[],
): Promise<Map<number, string>> {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({ id: staff.id, name: staff.name })
    .from(staff)
    .where(inArray(staff.id, wanted));
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** Every member of staff, by name then e-mail, for a picker. */
export async function staffDirectory(db: Database): Promise<{ id: number; name: string; email: string }[]> {
  return db
    .select({ id: staff.id, name: staff.name, email: staff.email })
    .from(staff)
    .orderBy(asc(staff.name), asc(staff.email));
}
