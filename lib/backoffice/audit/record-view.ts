// The read-access trail (docs/back-office.md "Roles"): who opened whose user or card page, and
// when. Written before the page renders, and a failure to write it fails the page: a trail that
// silently drops entries would show a member of staff never looked at data they did see.
//
// At most one entry per member of staff, target and minute: a page re-renders on every reload and
// after every action taken on it (revalidatePath), and one look at a user would otherwise leave a
// dozen identical rows that bury the changes around them. The minute still answers who looked at
// whose data and when. The check and the insert are one statement; two requests in the same
// instant may both write, which errs on the side of the trail.
import 'server-only';
import { sql } from 'drizzle-orm';
import { rawRows } from '@/lib/db/open';
import { getDb, type BackofficeExecutor as Executor } from '@/lib/backoffice/db';
import type { CurrentStaff } from '@/lib/backoffice/auth/current-staff';

export const VIEW_DEDUP_SECONDS = 60;

export type ViewTarget =
  | { targetType: 'user'; targetId: string; subjectUser: string }
  | { targetType: 'card'; targetId: string; subjectUser: string };

export async function recordView(
  options: ViewTarget & { staff: CurrentStaff; db?: Executor },
): Promise<{ recorded: boolean }> {
  const { staff, targetType, targetId, subjectUser } = options;
  const db = options.db ?? (await getDb());
  const action = targetType === 'user' ? 'user.view' : 'card.view';
  const summary =
    targetType === 'user' ? `Viewed user ${targetId}` : `Viewed card ${targetId} of user ${subjectUser}`;
  // Found through audit_log_subject_idx (subject_user, created_at): a minute of one user's entries.
  const inserted = await rawRows<{ id: number }>(
    db,
    sql`
    insert into backoffice.audit_log
      (actor_id, actor_email, actor_role, action, target_type, target_id, subject_user, outcome, result_code, summary)
    select ${staff.id}, ${staff.email}, ${staff.role}, ${action}, ${targetType}, ${targetId}, ${subjectUser},
           'success', null, ${summary.slice(0, 500)}
    where not exists (
      select 1 from backoffice.audit_log
      where subject_user = ${subjectUser}
        and created_at > now() - make_interval(secs => ${VIEW_DEDUP_SECONDS})
        and actor_id = ${staff.id}
        and action = ${action}
        and target_id = ${targetId}
    )
    returning id`,
  );
  return { recorded: inserted.length > 0 };
}
