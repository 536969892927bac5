// The running totals the velocity and first-deposit rules read (docs/deposits-and-kyt.md "KYT"),
// kept in the screening transaction so they never need a scan of the user's deposits:
// - velocity: the amount per user and hour (hours since the epoch); the last 24 hours are the
//   hour buckets after now - 24 h, at most 24 rows of the primary key. A user's buckets older than
//   that are deleted as the next deposit is screened.
// - first deposit: a row per user, inserted by the first screening; an insert that finds it there
//   is not the first (two first deposits at once: the second waits for the first's row).
// Counted once per deposit screened: the screening runs once, as the deposit leaves CONFIRMING.
import { sql } from 'drizzle-orm';
import { rawRows } from '@/lib/db/open';
import type { Executor } from '../context';

const HOUR_MS = 3_600_000;

export async function noteScreenedDeposit(
  db: Executor,
  deposit: { userId: number; depositId: number; amount: number },
  now: Date = new Date(),
): Promise<{ firstDeposit: boolean; last24Hours: number }> {
  const hour = Math.floor(now.getTime() / HOUR_MS);
  const since = hour - 23;
  await db.execute(
    sql`delete from wallet.deposit_velocity where user_id = ${deposit.userId} and hour < ${since}`,
  );
  await db.execute(
    sql`insert into wallet.deposit_velocity (user_id, hour, amount) values (${deposit.userId}, ${hour}, ${deposit.amount})
        on conflict (user_id, hour) do update set amount = wallet.deposit_velocity.amount + excluded.amount`,
  );
  const [total] = await rawRows<{ total: string | number }>(
    db,
    sql`select coalesce(sum(amount), 0)::bigint as total from wallet.deposit_velocity
         where user_id = ${deposit.userId} and hour >= ${since}`,
  );
  const first = await rawRows<{ user_id: number }>(
    db,
    sql`insert into wallet.deposit_users (user_id, first_deposit_id) values (${deposit.userId}, ${deposit.depositId})
        on conflict (user_id) do nothing returning user_id`,
  );
  return { firstDeposit: first.length === 1, last24Hours: Number(total?.total ?? 0) };
}
