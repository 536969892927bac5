// Looking up an app's user by appUserId: the 3001 check every user-scoped operation shares.
import { and, eq } from 'drizzle-orm';
import { users } from '@/lib/wallet/service/db/schema';
import { ResultCode, WalletError } from '@/lib/wallet/contract/result-codes';
import type { Executor } from '../context';

export type UserRow = typeof users.$inferSelect;

export async function findUserOrThrow(
  db: Executor,
  appKey: number,
  appUserId: string,
  options: { lock?: boolean } = {},
): Promise<UserRow> {
  const query = db
    .select()
    .from(users)
    .where(and(eq(users.appId, appKey), eq(users.appUserId, appUserId)))
    .limit(1);
  const [user] = options.lock ? await query.for('update') : await query;
  if (!user) throw userNotFound(appUserId);
  return user;
}

export function userNotFound(appUserId: string): WalletError {
  return new WalletError(ResultCode.USER_NOT_FOUND, `User ${appUserId} is not registered under this app.`);
}
