// The running totals the velocity and first-deposit rules read (docs/deposits-and-kyt.md "KYT"),
// kept in the screening transaction so they never need a scan of the user's deposits:
// - velocity: the amount per user and hour (hours since the epoch); the last 24 hours are the
//   hour buckets after now - 24 h. A user's buckets older than that are deleted as the next
//   deposit is screened, and the user's deposit_users row keeps the sum of the buckets left, so
//   the rule reads that one row (not up to 24 buckets).
// - first deposit: a row per user, inserted by the first screening; an insert that finds it there
//   is not the first (two first deposits at once: the second waits for the first's row).
// Counted once per deposit screened: the screening runs once, as the deposit leaves CONFIRMING.
// One prepared statement does all of it (deposit-statements.ts NOTE_SCREENED_DEPOSIT).
import type { DatabaseHandle } from '@/lib/db/open';
import type { Executor } from '../context';
import { NOTE_SCREENED_DEPOSIT } from '../deposit/deposit-statements';

const HOUR_MS = 3_600_000;

export async function noteScreenedDeposit(
  engine: DatabaseHandle,
  db: Executor,
  deposit: { userId: number; depositId: number; amount: number },
  now: Date = new Date(),
): Promise<{ firstDeposit: boolean; last24Hours: number }> {
  const hour = Math.floor(now.getTime() / HOUR_MS);
  const [totals] = await engine.queryIn<{ last_24_hours: string | number; first_deposit: boolean }>(
    db,
    NOTE_SCREENED_DEPOSIT.text,
    [deposit.userId, hour - 23, hour, deposit.amount, deposit.depositId],
    NOTE_SCREENED_DEPOSIT.name,
  );
  if (!totals) throw new Error('the screening totals answered no row');
  return { firstDeposit: totals.first_deposit, last24Hours: Number(totals.last_24_hours) };
}
